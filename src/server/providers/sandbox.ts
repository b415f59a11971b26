import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedRows } from '../db/client';
import { queryRows } from '../db/sql';
import { digitsOnly } from '../../domain/rule';
import type {
  AccountLookup,
  AccountName,
  BankPayout,
  BankTransfer,
  CardCollection,
  CashPickupPayout,
  MomoPayout,
  MomoTransfer,
  PaymentProvider,
  PayoutAmount,
  ProviderOutcome,
} from './provider';
import { parseWebhookEvent, signWebhook, verifyWebhookSignature } from './webhook-signature';

/**
 * The built-in sandbox rail. It behaves like the real rails (README, "Sandbox test inputs"):
 * - cards: approved, except 4000000000000002 (declined) and 4000000000009995 (insufficient funds);
 * - bank collections: decided at once; accounts ending 000001 fail;
 * - MoMo collections: pending, decided after SANDBOX_DECISION_MS and reported through the signed webhook;
 *   numbers ending 000001 are rejected, 000002 never answer, 000003 are approved but their callback is lost;
 * - disbursements (bank, MoMo and cash pick-up): pending, then succeed after SANDBOX_DECISION_MS (accounts and
 *   numbers ending 000001 fail; for a cash pick-up, the recipient's phone); each records the currency and amount
 *   the recipient is paid;
 * - account names: numbers and accounts ending 000009 have no account; any other has a Ghanaian name derived
 *   from its digits (sandboxAccountName).
 * Its records live in sandbox_requests, so what it decided survives a restart. It never sees a card number
 * again after the call and keeps none.
 */
export type Scenario =
  'approve' | 'decline' | 'insufficient' | 'reject' | 'fail' | 'never' | 'lose-callback' | 'cancelled';

type Rail = 'card' | 'bank' | 'momo' | 'cash' | 'none';
type Direction = 'collect' | 'disburse' | 'none';

const DECLINED_CARD = '4000000000000002';
const INSUFFICIENT_CARD = '4000000000009995';

const FINAL: Record<Exclude<Scenario, 'never'>, ProviderOutcome> = {
  approve: { status: 'succeeded' },
  'lose-callback': { status: 'succeeded' },
  decline: { status: 'failed', reason: 'declined' },
  insufficient: { status: 'failed', reason: 'insufficient_funds' },
  reject: { status: 'failed', reason: 'rejected' },
  fail: { status: 'failed', reason: 'account_failed' },
  cancelled: { status: 'failed', reason: 'cancelled' },
};

export const cardScenario = (number: string): Scenario =>
  number === DECLINED_CARD ? 'decline' : number === INSUFFICIENT_CARD ? 'insufficient' : 'approve';

export const momoCollectionScenario = (phone: string): Scenario => {
  if (phone.endsWith('000001')) return 'reject';
  if (phone.endsWith('000002')) return 'never';
  if (phone.endsWith('000003')) return 'lose-callback';
  return 'approve';
};

export const accountScenario = (accountOrPhone: string): Scenario =>
  accountOrPhone.endsWith('000001') ? 'fail' : 'approve';

/** Numbers and accounts ending with this are unknown to the sandbox's name lookup. */
export const NO_ACCOUNT_SUFFIX = '000009';

/** Ghanaian first and last names (Akan, Ewe, Ga and northern names), twenty of each. */
export const SANDBOX_FIRST_NAMES: readonly string[] = (
  'Ama Kofi Akosua Kwame Abena Yaw Efua Kwaku Adwoa Kojo ' +
  'Afua Kwabena Esi Kwesi Yaa Fiifi Akua Ekow Selorm Amina'
).split(' ');
export const SANDBOX_LAST_NAMES: readonly string[] = (
  'Mensah Owusu Boateng Asante Osei Agyeman Appiah Addo Tetteh Ansah ' +
  'Acheampong Amoah Darko Ofori Sarpong Frimpong Quaye Adjei Agbeko Mahama'
).split(' ');

/**
 * The sandbox's holder of a number or account: null for one ending 000009, else the first name at its last two
 * digits and the last name at the two before them (each modulo 20), so a number always answers the same name:
 * '0241234567' is Kwaku Agyeman (67 and 45).
 */
export const sandboxAccountName = (numberOrAccount: string): string | null => {
  const digits = digitsOnly(numberOrAccount).padStart(4, '0');
  if (digits.endsWith(NO_ACCOUNT_SUFFIX)) return null;
  const first = SANDBOX_FIRST_NAMES[Number(digits.slice(-2)) % SANDBOX_FIRST_NAMES.length];
  const last = SANDBOX_LAST_NAMES[Number(digits.slice(-4, -2)) % SANDBOX_LAST_NAMES.length];
  return `${first} ${last}`;
};

const resolveAccountName = async (request: AccountLookup): Promise<AccountName> => {
  const name = sandboxAccountName(request.rail === 'momo' ? request.phone : request.accountNumber);
  return name === null ? { found: false } : { found: true, name };
};

interface SandboxRow {
  status: string;
  scenario: Scenario;
  decide_at: Date | string;
}

const outcomeOf = (row: SandboxRow, now: Date): ProviderOutcome => {
  if (row.status !== 'pending' || row.scenario === 'cancelled')
    return FINAL[row.scenario as Exclude<Scenario, 'never'>];
  if (row.scenario === 'never' || new Date(row.decide_at).getTime() > now.getTime())
    return { status: 'pending' };
  return FINAL[row.scenario];
};

/** The first call with a reference records it; a repeat reads what the first decided. */
const RECORD = `with inserted as (
    insert into sandbox_requests
      (reference, rail, direction, amount_minor, status, scenario, decide_at, callback_sent_at, payout_currency, payout_minor)
    values ($1::text, $2::text, $3::text, $4::bigint, $5::text, $6::text, $7::timestamptz, $8::timestamptz,
            $9::text, $10::bigint)
    on conflict (reference) do nothing
    returning status, scenario, decide_at
  )
  select status, scenario, decide_at, true as fresh from inserted
  union all select status, scenario, decide_at, false as fresh from sandbox_requests
  where reference = $1::text and not exists (select 1 from inserted)`;

export interface SandboxOptions {
  /**
   * The sandbox's own records. The app passes its asynchronous-commit sessions (Database.asyncCommitDb): this
   * stands in for the provider's own system, and its records need no flush of their own. Every call is keyed by
   * our reference, saved (synchronously committed) before the call, and idempotent on it. Whatever we durably do
   * after reading a sandbox record (resolve an operation, store an answer) is a synchronous commit later in the
   * WAL, which flushes the sandbox's record first. If PostgreSQL crashes before that, the record may be lost,
   * but then nothing that depended on it was committed or answered: the retry or the worker finds the reference
   * unknown and cancels it (no money moved), exactly as when the request died before reaching the provider.
   */
  db: Db;
  webhookSecret: string;
  decisionMs: number;
  /** Sends a signed callback to our webhook endpoint (the app wires it to POST /api/Provider/Webhook). */
  deliverWebhook: (rawBody: string, signature: string) => Promise<void>;
  /** Callbacks sent at once at most (the rest wait for the next tick). */
  batchSize?: number;
  onDeliveryError?: (error: unknown) => void;
}

export const createSandboxProvider = ({
  db,
  webhookSecret,
  decisionMs,
  deliverWebhook,
  batchSize = 500,
  onDeliveryError = () => undefined,
}: SandboxOptions): PaymentProvider => {
  /** Idempotent on the reference: a second call answers what the first one decided. */
  const statusOf = async (reference: string): Promise<ProviderOutcome> => {
    const [row] = await preparedRows<SandboxRow>(
      db,
      'sandbox_status',
      'select status, scenario, decide_at from sandbox_requests where reference = $1::text',
      [reference],
    );
    return row ? outcomeOf(row, new Date()) : { status: 'unknown' };
  };

  const record = async (
    reference: string,
    rail: Rail,
    direction: Direction,
    amountMinor: number,
    scenario: Scenario,
    payout: PayoutAmount | null = null,
  ): Promise<ProviderOutcome> => {
    const synchronous = direction === 'collect' && rail !== 'momo';
    const status = synchronous ? FINAL[scenario as Exclude<Scenario, 'never'>].status : 'pending';
    const decideAt = new Date(Date.now() + (synchronous ? 0 : decisionMs));
    const [row] = await preparedRows<SandboxRow & { fresh: boolean }>(db, 'sandbox_record', RECORD, [
      reference,
      rail,
      direction,
      amountMinor,
      status,
      scenario,
      decideAt.toISOString(),
      synchronous ? decideAt.toISOString() : null,
      payout?.currency ?? null,
      payout?.payoutMinor ?? null,
    ]);
    // An asynchronous request is accepted as pending, whatever its decision time.
    if (row?.fresh)
      return synchronous ? FINAL[scenario as Exclude<Scenario, 'never'>] : { status: 'pending' };
    // Empty only when a concurrent first call with this reference committed meanwhile: read it.
    return row ? outcomeOf(row, new Date()) : statusOf(reference);
  };

  const cancel = async (reference: string): Promise<ProviderOutcome> => {
    // Never received: a tombstone, so a late call with this reference fails. Undecided: cancelled.
    await db.execute(
      sql`insert into sandbox_requests (reference, rail, direction, amount_minor, status, scenario, decide_at, callback_sent_at)
          values (${reference}, 'none', 'none', 0, 'failed', 'cancelled', now(), now())
          on conflict (reference) do update set status = 'failed', scenario = 'cancelled', callback_sent_at = now()
          where sandbox_requests.status = 'pending'
            and (sandbox_requests.scenario = 'never' or sandbox_requests.decide_at > now())`,
    );
    return statusOf(reference);
  };

  const deliver = async (reference: string, outcome: ProviderOutcome): Promise<void> => {
    const body = JSON.stringify({
      reference,
      status: outcome.status,
      ...(outcome.reason ? { reason: outcome.reason } : {}),
      eventId: `evt_${reference}_${outcome.status}`,
    });
    try {
      await deliverWebhook(body, signWebhook(body, webhookSecret));
    } catch (error) {
      // A lost callback: the worker's polling finds the outcome.
      onDeliveryError(error);
    }
  };

  const tick = async (): Promise<void> => {
    const decided = await queryRows<{ reference: string; scenario: Scenario }>(
      db,
      sql`update sandbox_requests set
            status = case when scenario in ('approve', 'lose-callback') then 'succeeded' else 'failed' end,
            callback_sent_at = now()
          where reference in (
            select reference from sandbox_requests
            where status = 'pending' and decide_at <= now() and scenario <> 'never'
            order by decide_at limit ${batchSize} for update skip locked
          )
          returning reference, scenario`,
    );
    const toSend = decided.filter((row) => row.scenario !== 'lose-callback');
    const PARALLEL = 8;
    for (let start = 0; start < toSend.length; start += PARALLEL) {
      await Promise.all(
        toSend
          .slice(start, start + PARALLEL)
          .map((row) => deliver(row.reference, FINAL[row.scenario as Exclude<Scenario, 'never'>])),
      );
    }
  };

  return {
    collectCard: ({ reference, amountMinor, card }: CardCollection) =>
      record(reference, 'card', 'collect', amountMinor, cardScenario(card.number)),
    collectBank: ({ reference, amountMinor, accountNumber }: BankTransfer) =>
      record(reference, 'bank', 'collect', amountMinor, accountScenario(accountNumber)),
    requestMomoCollection: ({ reference, amountMinor, phone }: MomoTransfer) =>
      record(reference, 'momo', 'collect', amountMinor, momoCollectionScenario(phone)),
    disburseBank: ({ reference, amountMinor, accountNumber, currency, payoutMinor }: BankPayout) =>
      record(reference, 'bank', 'disburse', amountMinor, accountScenario(accountNumber), {
        currency,
        payoutMinor,
      }),
    disburseMomo: ({ reference, amountMinor, phone, currency, payoutMinor }: MomoPayout) =>
      record(reference, 'momo', 'disburse', amountMinor, accountScenario(phone), { currency, payoutMinor }),
    disburseCashPickup: ({
      reference,
      amountMinor,
      recipientPhone,
      currency,
      payoutMinor,
    }: CashPickupPayout) =>
      record(reference, 'cash', 'disburse', amountMinor, accountScenario(recipientPhone), {
        currency,
        payoutMinor,
      }),
    status: statusOf,
    resolveAccountName,
    cancel,
    verifyWebhook: (rawBody, header) => verifyWebhookSignature(rawBody, header, webhookSecret),
    parseWebhook: parseWebhookEvent,
    tick,
  };
};
