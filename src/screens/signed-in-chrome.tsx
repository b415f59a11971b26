import type { ActorRefFrom } from 'xstate';
import type { SessionMachine } from '../machines/session.machine';
import { BottomNav } from './bottom-nav';
import { SessionEndingDialog } from './session-ending-dialog';

/** What every page shows a signed-in user beside its content: a phone's bottom bar and the session's popup. */
export function SignedInChrome({ session }: { session: ActorRefFrom<SessionMachine> }) {
  return (
    <>
      <BottomNav />
      <SessionEndingDialog session={session} />
    </>
  );
}
