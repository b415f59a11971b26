import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import { useI18n } from '../i18n/i18n';
import { Modal } from './ui/modal';
import { useOptionalSelector } from './use-optional-selector';

/** The session machine's "Logging you out..." popup (token expired or connection lost); it closes itself. */
export function SessionEndingDialog({ session }: { session: ActorRefFrom<SessionMachine> }) {
  const { t } = useI18n();
  const message = useOptionalSelector(
    session,
    (s) => (s.matches('endingSession') ? s.context.endingMessage : null),
    null,
  );
  if (!message) return null;
  return (
    <Modal role="alertdialog">
      <p className="modal-message">{t(message)}</p>
    </Modal>
  );
}
