import type { WalletOperationStatus } from '../contract/wallet';
import type { PageWindow } from '../domain/paging';
import { useI18n } from '../i18n/i18n';
import { useDateTime } from './ui/date-time';
import { Pager } from './ui/pager';
import { FeeNote, StatusBadge } from './wallet-movements';

/** What a history's row shows as a card on a phone. */
export interface HistoryCardFace {
  /** Money that came into the wallet (a credit, a transfer received) or left it. */
  direction: 'in' | 'out';
  /** The amount as the reader's language writes it (the i18n layer's formatting), without a sign: with the fee. */
  amount: string;
  /** The fee included in `amount`, in pesewas (0: none). */
  feeMinor?: number;
  /** Who or what was on the other side ('Kofi Boateng', 'Top-up by card (Visa •••• 4242)', 'ECG'). */
  counterparty: string;
  /** ISO datetime. */
  date: string;
  status: WalletOperationStatus;
}

/**
 * A history's page as a list of cards (phones): the signed amount coloured by direction, the counterparty, the
 * date, the reference number (each history is searched by it), the status chip; a card with `onOpen` is one button
 * that opens the row's receipt. Then the pager.
 */
export function HistoryCards<Row extends { id: string | number; referenceNumber: string }>({
  label,
  rows,
  face,
  onOpen,
  busy,
  window,
  onPrevious,
  onNext,
}: {
  /** The list's accessible name (the table's caption on a wide screen). */
  label: string;
  rows: readonly Row[];
  face: (row: Row) => HistoryCardFace;
  /** Opens the row's receipt; without it the cards are not buttons. */
  onOpen?: (row: Row) => (() => void) | undefined;
  busy: boolean;
  window: PageWindow;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <>
      <ul className="history-cards" aria-label={label} aria-busy={busy}>
        {rows.map((row) => {
          const open = onOpen?.(row);
          const content = <HistoryCardContent face={face(row)} reference={row.referenceNumber} />;
          return (
            <li key={row.id}>
              {open ? (
                <button type="button" className="history-card history-card-button" onClick={open}>
                  {content}
                </button>
              ) : (
                <div className="history-card">{content}</div>
              )}
            </li>
          );
        })}
      </ul>
      <Pager window={window} onPrevious={onPrevious} onNext={onNext} />
    </>
  );
}

function HistoryCardContent({ face, reference }: { face: HistoryCardFace; reference: string }) {
  const { t } = useI18n();
  const dateTime = useDateTime();
  const incoming = face.direction === 'in';
  return (
    <>
      <span className="history-card-main">
        <span className="history-card-counterparty">{face.counterparty}</span>
        <time className="history-card-date" dateTime={face.date}>
          {dateTime(face.date)}
        </time>
        <span className="history-card-reference">
          <span className="visually-hidden">{t('history.reference')} </span>
          {reference}
        </span>
      </span>
      <span className="history-card-side">
        <span className={`history-card-amount ${incoming ? 'amount-in' : 'amount-out'}`}>
          <span aria-hidden="true">{incoming ? '+' : '\u2212'}</span>
          <span className="visually-hidden">{t(incoming ? 'history.moneyIn' : 'history.moneyOut')} </span>
          {face.amount}
        </span>
        <FeeNote feeMinor={face.feeMinor ?? 0} />
        <StatusBadge status={face.status} />
      </span>
    </>
  );
}
