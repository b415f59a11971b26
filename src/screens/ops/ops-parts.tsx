/** Pieces every console screen shares: its messages, a reason field, tables that scroll sideways on a phone, money. */
import { useState, type ReactNode } from 'react';
import { parseDecimalAmount } from '../../domain/money';
import { useFormat } from '../../i18n/format';
import { useI18n, type MessageId, type Values } from '../../i18n/i18n';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';

/** The screen's failure (a 403 said plainly) and its notice of what went through. */
export function OpsMessages({
  error,
  notice,
  noticeValues,
}: {
  error: MessageId | null;
  notice?: MessageId | null;
  noticeValues?: Values;
}) {
  const { t } = useI18n();
  return (
    <>
      {error ? <Alert>{t(error)}</Alert> : null}
      {notice ? <Alert tone="success">{t(notice, noticeValues)}</Alert> : null}
    </>
  );
}

/** What a role may only read says so, instead of offering controls the server would refuse. */
export function ReadOnlyNote() {
  const { t } = useI18n();
  return <p className="ops-read-only">{t('ops.readOnly')}</p>;
}

/** A table under a heading, scrolling sideways inside its own box on a narrow screen. */
export function OpsTable({
  caption,
  heads,
  children,
}: {
  caption: string;
  heads: string[];
  children: ReactNode;
}) {
  return (
    <div className="ops-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="ops-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** An API amount (cedis, two decimals) as GH₵ in the reader's language. */
export const useOpsMoney = (): ((amount: number | null) => string) => {
  const { formatMoney } = useFormat();
  return (amount) => {
    if (amount === null) return '—';
    const minor = parseDecimalAmount(amount);
    return minor === null ? String(amount) : formatMoney(minor);
  };
};

/** An ISO datetime as the reader's date and time. */
export const useOpsDate = (): ((iso: string | null) => string) => {
  const { formatDate } = useFormat();
  return (iso) =>
    iso === null ? '—' : formatDate(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
};

/**
 * A decision with its reason: the reason field and one button per choice. Sends the choice and the reason; the
 * machine checks the reason (3 to 500 characters) and says why it refused one.
 */
export function ReasonForm({
  idPrefix,
  choices,
  busy,
  onChoose,
}: {
  idPrefix: string;
  choices: { value: string; label: string }[];
  busy: boolean;
  onChoose: (value: string, reason: string) => void;
}) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  return (
    <form
      className="ops-reason-form"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <TextField id={`${idPrefix}-reason`} label={t('ops.reason')} value={reason} onValueChange={setReason} />
      <div className="ops-actions">
        {choices.map((choice) => (
          <Button
            key={choice.value}
            variant={choice.value === 'reject' || choice.value === 'freeze' ? 'secondary' : 'primary'}
            busy={busy}
            onClick={() => onChoose(choice.value, reason)}
          >
            {choice.label}
          </Button>
        ))}
      </div>
    </form>
  );
}
