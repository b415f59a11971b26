import { randomInt, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { processingFee } from '../../../src/domain/fees';
import { TRANSFER_MIN_MINOR } from '../../../src/domain/transfer';
import { BANK_WITHDRAWAL_MIN_MINOR, MOMO_WITHDRAWAL_MIN_MINOR } from '../../../src/domain/withdrawal';
import { dataOf, messageOf, NoAnswer, request, sleep, type Answer } from './http';
import type { ClientRecord, FinalStatus } from './invariants';
import { CARD_APPROVED, CARD_DECLINED, CARD_INSUFFICIENT, cardTopUpBody, type LoadUser } from './users';

/** What one money-moving POST is, and what the sandbox's documented test inputs say must come of it. */
interface MoneyRequest {
  action: Action;
  path: string;
  body: Record<string, unknown>;
  kind: string;
  direction: 'Credit' | 'Debit';
  amountMinor: number;
  /** The status code a request that is not refused must answer. */
  okStatus: number;
  /** Successful/Failed: the final status when accepted; rejected: the answer must be a refusal. */
  expected: 'Successful' | 'Failed' | 'rejected';
  /** The messageId of the refusal, when expected is 'rejected'. */
  rejectMessageId?: string;
  /** A 400 with one of these is a legitimate answer (the wallet did not hold enough at that moment). */
  mayRefuse?: string[];
  /** A transfer: the fee it pays on top of the amount. */
  feeMinor?: number;
  /** A transfer: initiated first (a cart to this beneficiary), then PayNow with the cart's id as the body. */
  cart?: { beneficiaryId: number; deliveryMethodId: number };
  /** An on-us transfer: the user whose wallet it credits. */
  creditsUserId?: number;
  /**
   * Asked first (GET, no key), like a transfer's cart: a gem pack's current price (sent as `price`, so the amount
   * recorded is the one paid), or a bill's quote (prepaid, the amount chosen here) that PayBill then pays.
   */
  quote?: { gemPackId: string } | { subCompanyId: number; billReference: string };
  /** A gem purchase: the gems it gives the buyer's gem account when Successful. */
  gems?: number;
}

type Action =
  | 'card'
  | 'cardDeclined'
  | 'cardInsufficient'
  | 'bank'
  | 'bankFail'
  | 'momo'
  | 'momoLostCallback'
  | 'momoRejected'
  | 'momoExpires'
  | 'withdrawBank'
  | 'withdrawMomo'
  | 'withdrawBankFail'
  | 'withdrawMomoFail'
  | 'withdrawTooMuch'
  | 'transferMomo'
  | 'transferBank'
  | 'transferMomoFail'
  | 'transferBankFail'
  | 'transferOnUs'
  | 'bet'
  | 'betRefused'
  | 'gemPurchase'
  | 'billPayment'
  | 'billPaymentBillerDown';

const TRANSFERS: readonly Action[] = [
  'transferMomo',
  'transferBank',
  'transferMomoFail',
  'transferBankFail',
  'transferOnUs',
];

/** Relative weights of the full mix: mostly successes, a fair share of every documented failure. */
const FULL_MIX: [Action, number][] = [
  ['card', 18],
  ['cardDeclined', 3],
  ['cardInsufficient', 2],
  ['bank', 12],
  ['bankFail', 3],
  ['momo', 9],
  ['momoLostCallback', 3],
  ['momoRejected', 3],
  ['momoExpires', 1],
  ['withdrawBank', 14],
  ['withdrawMomo', 14],
  ['withdrawBankFail', 3],
  ['withdrawMomoFail', 3],
  ['withdrawTooMuch', 2],
  ['transferMomo', 7],
  ['transferBank', 6],
  ['transferMomoFail', 2],
  ['transferBankFail', 2],
  ['transferOnUs', 7],
  ['bet', 6],
  ['betRefused', 4],
  ['gemPurchase', 3],
  ['billPayment', 4],
  ['billPaymentBillerDown', 2],
];

const pickWeighted = (mix: readonly [Action, number][]): Action => {
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = Math.random() * total;
  for (const [action, weight] of mix) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return mix[0]![0];
};

const digits = (count: number) => Array.from({ length: count }, () => randomInt(0, 10)).join('');
/** A MoMo number the sandbox approves: 10 digits, last digit 5-9 so it never ends in 000001/2/3. */
const momoNumber = () => `024${digits(6)}${randomInt(5, 10)}`;
const bankAccount = () => `10${digits(10)}${randomInt(5, 10)}`;
const bankId = () => randomInt(1, 25);
/** Any amount in pesewas from GH₵ 0.01 (or `minMinor`) to `maxCedis`. */
const anyAmount = (maxCedis: number, minMinor = 1) => randomInt(minMinor, maxCedis * 100 + 1);

/** Issue 24: any money move may be refused by a tier limit (a 400 that moves nothing, as insufficient funds). */
export const LIMIT_REFUSALS = ['limit.daily', 'limit.monthly', 'limit.balance', 'limit.receiverBalance'];

/** A request of `action` for `user`; every one may also be refused by a tier limit. */
export const buildMoneyRequest = (action: Action, user: LoadUser): MoneyRequest => {
  const built = buildRequest(action, user);
  return { ...built, mayRefuse: [...(built.mayRefuse ?? []), ...LIMIT_REFUSALS] };
};

const buildRequest = (action: Action, user: LoadUser): MoneyRequest => {
  const userId = user.userId;
  const withdrawal = (amountMinor: number, momo: boolean, fail: boolean) => ({
    userId,
    amount: amountMinor / 100,
    isMOMOWithdrawal: momo,
    ...(momo
      ? { momoMobileNumber: fail ? '0240000001' : momoNumber(), provider: 'MTN' }
      : { bankAccountNumber: fail ? '1234567000001' : bankAccount(), bankId: bankId() }),
  });
  const card = (
    cardNumber: string,
  ): Pick<MoneyRequest, 'path' | 'body' | 'kind' | 'direction' | 'amountMinor' | 'okStatus'> => {
    const amountMinor = randomInt(1, 101) * 100; // whole cedis
    return {
      path: '/api/User/AddFundsToWallet',
      body: cardTopUpBody(userId, amountMinor, cardNumber),
      kind: 'card_top_up',
      direction: 'Credit',
      amountMinor,
      okStatus: 200,
    };
  };
  const bank = (fail: boolean) => {
    const amountMinor = anyAmount(100);
    return {
      path: '/api/User/AddBanksFundsToWallet',
      body: {
        userId,
        amount: amountMinor / 100,
        bankAccountNumber: fail ? '1234567000001' : bankAccount(),
        bankId: bankId(),
        accountTypeId: 1,
      },
      kind: 'bank_top_up',
      direction: 'Credit' as const,
      amountMinor,
      okStatus: 200,
    };
  };
  const momo = (phone: string) => {
    const amountMinor = anyAmount(100);
    return {
      path: '/api/User/AddMOMOFundsToWallet',
      body: { userId, amount: amountMinor / 100, phone, provider: 'MTN' },
      kind: 'momo_top_up',
      direction: 'Credit' as const,
      amountMinor,
      okStatus: 202,
    };
  };
  // Withdrawals and transfers keep to their floors (issue 21): a smaller amount is a 400.
  const withdraw = (
    momoRail: boolean,
    fail: boolean,
    amountMinor = anyAmount(150, momoRail ? MOMO_WITHDRAWAL_MIN_MINOR : BANK_WITHDRAWAL_MIN_MINOR),
  ) => ({
    path: '/api/Transaction/WithDrawalMoney',
    body: withdrawal(amountMinor, momoRail, fail),
    kind: momoRail ? 'momo_withdrawal' : 'bank_withdrawal',
    direction: 'Debit' as const,
    amountMinor,
    okStatus: 200,
    mayRefuse: ['withdrawal.insufficientFunds'],
  });
  const transfer = (
    beneficiaryId: number,
    kind: string,
    expected: 'Successful' | 'Failed',
    bank = false,
    creditsUserId?: number,
  ) => {
    const amountMinor = anyAmount(100, TRANSFER_MIN_MINOR);
    return {
      path: '/api/Transaction/PayNow',
      body: { userId },
      kind,
      direction: 'Debit' as const,
      amountMinor,
      feeMinor: processingFee(amountMinor),
      okStatus: 200,
      expected,
      mayRefuse: ['walletPayment.notEnough'],
      cart: { beneficiaryId, deliveryMethodId: bank ? 2 : 1 },
      ...(creditsUserId === undefined ? {} : { creditsUserId }),
    };
  };
  /** A deposit into a betting account (GH₵ 1 to 100): amount + fee held, then posted or, refused, released. */
  const bet = (refused: boolean) => {
    const amountMinor = randomInt(100, 10_001);
    return {
      path: '/api/Transaction/InitiateBettingTransaction',
      body: {
        userId,
        operatorId: randomInt(1, 7),
        bettingNo: refused ? `55${digits(2)}000001` : `55${digits(7)}${randomInt(5, 10)}`,
        receiverPhoneNo: momoNumber(),
        sendAmount: amountMinor / 100,
      },
      kind: 'bet',
      direction: 'Debit' as const,
      amountMinor,
      feeMinor: processingFee(amountMinor),
      okStatus: 200,
      expected: refused ? ('Failed' as const) : ('Successful' as const),
      mayRefuse: ['walletPayment.notEnough'],
    };
  };
  /** A gem pack (priced by the GET first): immediate, the price to shop revenue and the gems to the gem account. */
  const gemPurchase = () => ({
    path: '/api/Shop/BuyGemPack',
    body: { userId, packId: 'gems-2500' },
    kind: 'gem_purchase',
    direction: 'Debit' as const,
    amountMinor: 0, // the price the GetGemPacks answer states
    gems: 2500,
    okStatus: 200,
    expected: 'Successful' as const,
    mayRefuse: ['walletPayment.notEnough'],
    quote: { gemPackId: 'gems-2500' },
  });
  /**
   * A prepaid ECG purchase (GH₵ 1 to 100) of the sandbox's documented meter, or of a meter ending 000001 (the
   * biller is down): held, then posted or released.
   */
  const billPayment = (down: boolean) => ({
    path: '/api/Billing/PayBill',
    body: { userId },
    kind: 'bill_payment',
    direction: 'Debit' as const,
    amountMinor: randomInt(100, 10_001),
    okStatus: 200,
    expected: down ? ('Failed' as const) : ('Successful' as const),
    mayRefuse: ['billing.insufficientFunds'],
    quote: { subCompanyId: 1, billReference: down ? '04512000001' : '01234567890' },
  });
  const targets = user.transfers;
  if (TRANSFERS.includes(action) && !targets) return buildMoneyRequest('card', user);
  switch (action) {
    case 'transferMomo':
      return { action, ...transfer(targets!.momo, 'momo_transfer', 'Successful') };
    case 'transferMomoFail':
      return { action, ...transfer(targets!.momoFail, 'momo_transfer', 'Failed') };
    case 'transferBank':
      return { action, ...transfer(targets!.bank, 'bank_transfer', 'Successful', true) };
    case 'transferBankFail':
      return { action, ...transfer(targets!.bankFail, 'bank_transfer', 'Failed', true) };
    case 'transferOnUs': {
      const onUs = targets!.onUs;
      if (!onUs) return { action, ...transfer(targets!.momo, 'momo_transfer', 'Successful') };
      return { action, ...transfer(onUs.beneficiaryId, 'wallet_transfer', 'Successful', false, onUs.userId) };
    }
    case 'bet':
      return { action, ...bet(false) };
    case 'betRefused':
      return { action, ...bet(true) };
    case 'gemPurchase':
      return { action, ...gemPurchase() };
    case 'billPayment':
      return { action, ...billPayment(false) };
    case 'billPaymentBillerDown':
      return { action, ...billPayment(true) };
    case 'card':
      return {
        action,
        ...card(Math.random() < 0.5 ? CARD_APPROVED : '5555555555554444'),
        expected: 'Successful',
      };
    case 'cardDeclined':
      return { action, ...card(CARD_DECLINED), expected: 'rejected', rejectMessageId: 'card.declined' };
    case 'cardInsufficient':
      return {
        action,
        ...card(CARD_INSUFFICIENT),
        expected: 'rejected',
        rejectMessageId: 'card.insufficientFunds',
      };
    case 'bank':
      return { action, ...bank(false), expected: 'Successful' };
    case 'bankFail':
      return { action, ...bank(true), expected: 'rejected', rejectMessageId: 'topUp.bankFailed' };
    case 'momo':
      return { action, ...momo(momoNumber()), expected: 'Successful' };
    case 'momoLostCallback':
      return { action, ...momo(`024${digits(1)}000003`), expected: 'Successful' };
    case 'momoRejected':
      return { action, ...momo(`024${digits(1)}000001`), expected: 'Failed' };
    case 'momoExpires':
      return { action, ...momo(`024${digits(1)}000002`), expected: 'Failed' };
    case 'withdrawBank':
      return { action, ...withdraw(false, false), expected: 'Successful' };
    case 'withdrawMomo':
      return { action, ...withdraw(true, false), expected: 'Successful' };
    case 'withdrawBankFail':
      return { action, ...withdraw(false, true), expected: 'Failed' };
    case 'withdrawMomoFail':
      return { action, ...withdraw(true, true), expected: 'Failed' };
    case 'withdrawTooMuch':
      // The operation limit (GH₵ 100,000): more than any wallet here ever holds, and more than any tier's daily
      // limit, which the ledger checks first (issue 24).
      return {
        action,
        ...withdraw(Math.random() < 0.5, false, 10_000_000),
        expected: 'rejected',
        rejectMessageId: 'limit.daily',
      };
  }
};

export interface WorkloadOptions {
  /** The API host, or several on one database: each send (a retry or duplicate too) goes to one of them at random. */
  baseUrl: string | readonly string[];
  users: readonly LoadUser[];
  clients: number;
  durationMs: number;
  /** Each request's own bound. */
  requestTimeoutMs: number;
  /** After the load stops, how long a request that got no answer is still retried with its key. */
  retryForMs: number;
  /**
   * 'full': every rail, transfers (when the users have beneficiaries), failures, duplicates, conflicts, reads.
   * 'bench': card top-ups and bank withdrawals only. 'benchTransfers': card top-ups and transfers (on-us, MoMo
   * and bank payouts in turn), no duplicates.
   */
  mix: 'full' | 'bench' | 'benchTransfers';
  /** Client i uses users[i % users.length] (several clients share each user's token and wallet). */
  userOfClient?: (client: number) => LoadUser;
}

export interface WorkloadResult {
  records: ClientRecord[];
  problems: string[];
  /** Milliseconds of every answered money POST (first sends, replays, retries; not the 409 'in progress' ones). */
  postLatencies: number[];
  /** Milliseconds of every answered InitiateTransfer (the cart a PayNow then pays). */
  initiateLatencies: number[];
  readLatencies: number[];
  counts: {
    requests: number;
    acknowledged: number;
    noAnswer: number;
    serverErrors: number;
    inProgress409: number;
    replaysChecked: number;
    concurrentDuplicates: number;
    conflictsChecked: number;
    refusedInsufficient: number;
    /** Answers 402 to a key one of whose sends was cut by a crash (the server cancelled it). */
    interruptedFailures: number;
    /** Replays of a key first refused with a 400 (its stored refusal), and how many differed (each a problem). */
    refusalRepeats: number;
    refusalRepeatsDiffering: number;
    reads: number;
    /** Carts made by InitiateTransfer (each then paid by a PayNow). */
    carts: number;
    /** Gem pack prices and bill quotes asked before a BuyGemPack or a PayBill. */
    quotes: number;
  };
  /** Wall time of the load phase (start to the moment the last client stopped starting new requests). */
  loadMs: number;
  /** Wall time until every client finished, retries included. */
  totalMs: number;
}

const MAX_PROBLEM_LINES = 60;

/**
 * Runs `clients` concurrent loops until `durationMs` has passed, each sending random money requests for its
 * user, with duplicate retries (sequential and concurrent) of the same Idempotency-Key and same-key-other-body
 * conflicts. A request that gets no answer (timeout, connection refused or reset: the host may be down) or a 5xx
 * or a 409 'in progress' is retried with the same key and body until answered, for at most `retryForMs` after
 * the load stops. Records what each client was acknowledged; never reads the database.
 */
export const runWorkload = async (options: WorkloadOptions): Promise<WorkloadResult> => {
  const records: ClientRecord[] = [];
  const problems: string[] = [];
  const problem = (line: string) => {
    if (problems.length < MAX_PROBLEM_LINES) problems.push(line);
    else if (problems.length === MAX_PROBLEM_LINES) problems.push('(more problems left out)');
  };
  const postLatencies: number[] = [];
  const initiateLatencies: number[] = [];
  const readLatencies: number[] = [];
  const counts: WorkloadResult['counts'] = {
    requests: 0,
    acknowledged: 0,
    noAnswer: 0,
    serverErrors: 0,
    inProgress409: 0,
    replaysChecked: 0,
    concurrentDuplicates: 0,
    conflictsChecked: 0,
    refusedInsufficient: 0,
    interruptedFailures: 0,
    refusalRepeats: 0,
    refusalRepeatsDiffering: 0,
    reads: 0,
    carts: 0,
    quotes: 0,
  };
  const started = Date.now();
  const endAt = started + options.durationMs;
  const giveUpAt = endAt + options.retryForMs;
  let loadEndedAt = 0;
  const userOf = options.userOfClient ?? ((client: number) => options.users[client % options.users.length]!);
  const hosts = typeof options.baseUrl === 'string' ? [options.baseUrl] : options.baseUrl;
  const anyHost = () => hosts[randomInt(hosts.length)]!;

  /** One send, retried with the same key and body until a real answer comes or the retry window closes. */
  const sendUntilAnswered = async (
    user: LoadUser,
    money: MoneyRequest,
    key: string,
    body = money.body,
    /** Set when any send of this key got no answer or a 5xx: what happened to it is then the server's choice. */
    trace: { interrupted: boolean } = { interrupted: false },
  ): Promise<Answer | null> => {
    let backoff = 25;
    while (Date.now() < giveUpAt) {
      counts.requests += 1;
      try {
        const answer = await request(anyHost(), {
          method: 'POST',
          path: money.path,
          token: user.token,
          idempotencyKey: key,
          json: body,
          timeoutMs: options.requestTimeoutMs,
        });
        if (answer.status >= 500) {
          counts.serverErrors += 1;
          trace.interrupted = true;
          problem(`${money.action} key ${key}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
        } else if (answer.status === 409 && messageOf(answer) !== 'idempotency.conflict') {
          counts.inProgress409 += 1;
        } else {
          postLatencies.push(answer.ms);
          return answer;
        }
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        counts.noAnswer += 1;
        trace.interrupted = true;
      }
      await sleep(backoff + randomInt(0, backoff));
      backoff = Math.min(backoff * 2, 400);
    }
    return null;
  };

  const acknowledge = (
    user: LoadUser,
    money: MoneyRequest,
    key: string,
    answer: Answer | null,
    interrupted: boolean,
  ): ClientRecord => {
    const record: ClientRecord = {
      userId: user.userId,
      key,
      kind: money.kind,
      direction: money.direction,
      amountMinor: money.amountMinor,
      ...(money.feeMinor === undefined ? {} : { feeMinor: money.feeMinor }),
      ...(money.creditsUserId === undefined ? {} : { creditsUserId: money.creditsUserId }),
      ...(money.gems === undefined ? {} : { gems: money.gems }),
      answerStatus: null,
      referenceNumber: null,
      finalStatus: null,
    };
    records.push(record);
    if (!answer) return record;
    counts.acknowledged += 1;
    record.answerStatus = answer.status;
    const data = dataOf<{ referenceNumber?: unknown; status?: unknown; walletAmount?: unknown }>(answer);
    if (data && typeof data.referenceNumber === 'string') record.referenceNumber = data.referenceNumber;
    const messageId = messageOf(answer);
    if (typeof data?.walletAmount === 'number' && data.walletAmount < 0) {
      problem(`${money.action} key ${key}: answered walletAmount ${data.walletAmount} < 0`);
    }
    // A key one of whose sends was cut may be answered with the operation's state when the retry came (a MoMo
    // top-up already approved answers 200 Successful, not 202 pending).
    const okAnswer =
      answer.status === money.okStatus || (interrupted && (answer.status === 200 || answer.status === 202));
    if (okAnswer) {
      const status = data?.status;
      if (status === 'pending' || status === 'Successful' || status === 'Failed')
        record.finalStatus = status as FinalStatus;
      else
        problem(
          `${money.action} key ${key}: ${answer.status} without an operation status: ${answer.text.slice(0, 200)}`,
        );
      if (!record.referenceNumber)
        problem(`${money.action} key ${key}: ${answer.status} without a referenceNumber`);
      if (money.expected !== 'rejected') {
        if (!interrupted) record.expected = money.expected;
      } else
        problem(
          `${money.action} key ${key}: expected a refusal (${money.rejectMessageId}), got ${answer.status} ${answer.text.slice(0, 200)}`,
        );
    } else if (answer.status === 400 && messageId !== undefined && money.mayRefuse?.includes(messageId)) {
      counts.refusedInsufficient += 1;
      if (money.expected === 'rejected') record.expected = 'rejected';
    } else if (interrupted && answer.status === 402) {
      // A send of this key died with the host: the server may have cancelled it at the provider (its documented
      // recovery), so any failure is a fair final answer. The money model still has to hold.
      counts.interruptedFailures += 1;
    } else if (money.expected === 'rejected' && answer.status >= 400 && answer.status < 500) {
      record.expected = 'rejected';
      if (messageId !== money.rejectMessageId) {
        problem(
          `${money.action} key ${key}: refused with ${answer.status} ${messageId ?? '?'}, expected ${money.rejectMessageId}`,
        );
      }
      // A refusal that names its (Failed) operation.
      if (record.referenceNumber) record.finalStatus = 'Failed';
    } else {
      problem(`${money.action} key ${key}: unexpected answer ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    return record;
  };

  const sameAnswer = (first: Answer, again: Answer) =>
    first.status === again.status && isDeepStrictEqual(first.body, again.body);

  /**
   * A transfer's cart: InitiateTransfer (no key: a cart moves no money, and one made twice by a retry is never
   * paid), retried until answered like a money POST. Null when it was not made (a problem, or the window closed).
   */
  const initiatedCart = async (user: LoadUser, money: MoneyRequest): Promise<string | null> => {
    const cart = money.cart;
    if (!cart) return null;
    let backoff = 25;
    while (Date.now() < giveUpAt) {
      try {
        const answer = await request(anyHost(), {
          method: 'POST',
          path: '/api/Transaction/InitiateTransfer',
          token: user.token,
          json: {
            sendAmount: money.amountMinor / 100,
            currency: 'GHS',
            senderId: user.userId,
            beneficiaryId: cart.beneficiaryId,
            deliveryMethodId: cart.deliveryMethodId,
            transactionPurposeId: 1,
          },
          timeoutMs: options.requestTimeoutMs,
        });
        if (answer.status === 201) {
          initiateLatencies.push(answer.ms);
          counts.carts += 1;
          return dataOf<{ guidId: string }>(answer)?.guidId ?? null;
        }
        if (answer.status >= 500) counts.serverErrors += 1;
        problem(`initiate ${money.action}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
        if (answer.status < 500) return null;
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        counts.noAnswer += 1;
      }
      await sleep(backoff + randomInt(0, backoff));
      backoff = Math.min(backoff * 2, 400);
    }
    return null;
  };

  /**
   * What a gem purchase or a bill payment asks first (GET, no key, retried until answered like a cart): the pack's
   * price, or the bill's quote. Completes the body (and a gem purchase's amount); false when it was not had.
   */
  const quoted = async (user: LoadUser, money: MoneyRequest): Promise<boolean> => {
    const quote = money.quote;
    if (!quote) return true;
    const path =
      'gemPackId' in quote
        ? '/api/Shop/GetGemPacks'
        : `/api/Billing/GetBillByReferenceNumber?referenceNumber=${quote.billReference}&subCompanyId=${quote.subCompanyId}`;
    let backoff = 25;
    while (Date.now() < giveUpAt) {
      try {
        const answer = await request(anyHost(), {
          method: 'GET',
          path,
          token: user.token,
          timeoutMs: options.requestTimeoutMs,
        });
        if (answer.status === 200) {
          counts.quotes += 1;
          if ('gemPackId' in quote) {
            const pack = dataOf<{ packs: { id: string; gems: number; price: number }[] }>(answer)?.packs.find(
              (offer) => offer.id === quote.gemPackId,
            );
            if (!pack) break;
            money.amountMinor = Math.round(pack.price * 100);
            money.gems = pack.gems;
            money.body = { ...money.body, price: pack.price };
            return true;
          }
          const bill = dataOf<Record<string, unknown>[]>(answer)?.[0];
          if (!bill) break;
          const total = money.amountMinor / 100;
          money.body = {
            ...money.body,
            quoteId: bill.quoteId,
            customerId: bill.customerId,
            customerName: bill.customerName,
            billMonth: bill.billMonth,
            dueDate: bill.dueDate,
            referenceNo: bill.referenceNo,
            processingFee: 0,
            totalBill: total,
            totalPay: total,
            paidBy: 'Wallet',
            subCompanyId: bill.subCompanyId,
          };
          return true;
        }
        if (answer.status >= 500) counts.serverErrors += 1;
        problem(`quote ${money.action}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
        if (answer.status < 500) return false;
      } catch (error) {
        if (!(error instanceof NoAnswer)) throw error;
        counts.noAnswer += 1;
      }
      await sleep(backoff + randomInt(0, backoff));
      backoff = Math.min(backoff * 2, 400);
    }
    problem(`quote ${money.action}: not had`);
    return false;
  };

  const TRANSFER_TURNS: readonly Action[] = ['card', 'transferOnUs', 'transferMomo', 'transferBank'];

  const oneMoneyRequest = async (
    user: LoadUser,
    mix: WorkloadOptions['mix'],
    turn: number,
    sweep: number,
    start: number,
  ) => {
    const action: Action =
      mix === 'bench'
        ? turn % 2 === 0
          ? 'card'
          : 'withdrawBank'
        : mix === 'benchTransfers'
          ? TRANSFER_TURNS[turn % TRANSFER_TURNS.length]!
          : // Each client's first requests take every action of the mix once (from its own place in the list), while
            // the day's tier limits still have room: a rare action is then never left untried by chance.
            sweep < FULL_MIX.length
            ? FULL_MIX[(start + sweep) % FULL_MIX.length]![0]
            : pickWeighted(FULL_MIX);
    const money = buildMoneyRequest(action, user);
    if (money.cart) {
      const cartId = await initiatedCart(user, money);
      if (cartId === null) return;
      money.body = { ...money.body, cartId };
    }
    if (!(await quoted(user, money))) return;
    const key = randomUUID();
    const roll = mix === 'full' ? Math.random() : 1;
    if (roll < 0.1) {
      // The same request sent 2-3 times at once (a double tap, a retry racing the first): every answer is the same.
      counts.concurrentDuplicates += 1;
      const copies = randomInt(2, 4);
      const trace = { interrupted: false };
      const answers = await Promise.all(
        Array.from({ length: copies }, () => sendUntilAnswered(user, money, key, money.body, trace)),
      );
      const got = answers.filter((answer): answer is Answer => answer !== null);
      // When they differ (a bug), the client model follows the answer that named an operation.
      const first =
        got.find(
          (answer) => typeof dataOf<{ referenceNumber?: unknown }>(answer)?.referenceNumber === 'string',
        ) ??
        got[0] ??
        null;
      for (const other of got.slice(1)) {
        if (first && !sameAnswer(first, other)) {
          problem(
            `${action} key ${key}: concurrent duplicates answered differently: ${first.status} ${first.text.slice(0, 160)} vs ${other.status} ${other.text.slice(0, 160)}`,
          );
        }
      }
      acknowledge(user, money, key, first, trace.interrupted);
      return;
    }
    const trace = { interrupted: false };
    const answer = await sendUntilAnswered(user, money, key, money.body, trace);
    acknowledge(user, money, key, answer, trace.interrupted);
    if (!answer) return;
    // A refusal (insufficient funds) is stored under its key like any answer: a repeat replays it too.
    if (roll < 0.25) {
      // A retry of an answered request with the same key: the first answer again, nothing moves.
      const again = await sendUntilAnswered(user, money, key, money.body, trace);
      if (again) {
        counts.replaysChecked += 1;
        if (answer.status === 400) counts.refusalRepeats += 1;
        if (!sameAnswer(answer, again)) {
          if (answer.status === 400) counts.refusalRepeatsDiffering += 1;
          problem(
            `${action} key ${key}: replay answered ${again.status} ${again.text.slice(0, 160)}, first was ${answer.status} ${answer.text.slice(0, 160)}`,
          );
        }
      }
    } else if (roll < 0.28 && answer.status !== 400) {
      // (A 400 key is skipped: its body plus one may itself break a rule, e.g. the transaction limit, a 400 first.)
      // The same key with another body: 409 'idempotency.conflict', nothing moves.
      const otherAmount = money.action.startsWith('card') ? money.amountMinor + 100 : money.amountMinor + 1;
      const conflicting = await sendUntilAnswered(user, money, key, {
        ...money.body,
        amount: otherAmount / 100,
      });
      if (conflicting) {
        counts.conflictsChecked += 1;
        if (conflicting.status !== 409 || messageOf(conflicting) !== 'idempotency.conflict') {
          problem(
            `${action} key ${key}: same key, other body answered ${conflicting.status} ${conflicting.text.slice(0, 160)}, expected 409 idempotency.conflict`,
          );
        }
      }
    }
  };

  const oneRead = async (user: LoadUser) => {
    const history = Math.random() < 0.15;
    counts.reads += 1;
    try {
      const answer = await request(anyHost(), {
        method: 'GET',
        path: history
          ? `/api/User/GetWalletHistoryByUserId?userId=${user.userId}`
          : `/api/User/GetWalletAmountByUserId?userId=${user.userId}`,
        token: user.token,
        timeoutMs: options.requestTimeoutMs,
      });
      readLatencies.push(answer.ms);
      if (answer.status >= 500) {
        counts.serverErrors += 1;
        problem(
          `read ${history ? 'history' : 'wallet amount'}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      } else if (answer.status !== 200) {
        problem(
          `read ${history ? 'history' : 'wallet amount'}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      } else if (!history) {
        const amount = dataOf<{ walletAmount?: unknown }>(answer)?.walletAmount;
        if (typeof amount !== 'number' || amount < 0) problem(`wallet amount answered ${String(amount)}`);
      }
    } catch (error) {
      if (!(error instanceof NoAnswer)) throw error;
      counts.noAnswer += 1; // a read is not retried: it moves nothing
    }
  };

  const client = async (index: number) => {
    const user = userOf(index);
    let turn = index;
    let moneyRequests = 0;
    while (Date.now() < endAt) {
      if (options.mix === 'full' && Math.random() < 0.08) await oneRead(user);
      else {
        await oneMoneyRequest(user, options.mix, turn, moneyRequests, index);
        moneyRequests += 1;
      }
      turn += 1;
    }
    loadEndedAt = Math.max(loadEndedAt, Date.now());
  };

  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  const finished = Date.now();
  return {
    records,
    problems,
    postLatencies,
    initiateLatencies,
    readLatencies,
    counts,
    loadMs: (loadEndedAt || finished) - started,
    totalMs: finished - started,
  };
};
