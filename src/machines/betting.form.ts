/**
 * The betting form (the Details page of /deposit; the Amount page of a partner's link without an amount): its
 * fields, what each input keeps of what is typed, the betting rules of src/domain/betting.ts in their order (the
 * server's own), the figures (amount, 1% fee, total), the InitiateBettingTransaction request, and what a failed
 * request or payment link means.
 */
import { amountInput, amountInputToMinor } from '../domain/amount';
import {
  bettingAmountViolation,
  bettingNumberInput,
  bettingPhoneInput,
  bettingSubmitViolations,
  bettingTotals,
  BETTING_PAYMENT_METHOD_ID,
  type BettingField,
  type BettingTotals,
} from '../domain/betting';
import type { DomainMessageId } from '../domain/messages';
import type { MinorUnits } from '../domain/money';
import type { RuleViolation } from '../domain/rule';
import type {
  BettingOperator,
  BettingPaymentRequestInPesewas,
  BettingRequestInPesewas,
} from '../contract/betting';
import { failureStatus, serverMessageId } from './failure-messages';
import { formRules, selectedId } from './shared/form-rules';

export interface BettingForm {
  operatorId: number;
  /** Digits only, at most 15. */
  bettingNo: string;
  /** The phone of the betting account: digits only, at most 12. */
  receiverPhoneNo: string;
  /** GH₵ as typed: digits and one point with two decimals ('' when cleared). */
  sendAmount: string;
}

export type BettingFormField = keyof BettingForm;

export const BETTING_FORM_FIELDS: readonly BettingFormField[] = [
  'operatorId',
  'bettingNo',
  'receiverPhoneNo',
  'sendAmount',
];

const VIOLATION_FIELDS: readonly string[] = [...BETTING_FORM_FIELDS, 'identification'];

export const emptyBettingForm = (): BettingForm => ({
  operatorId: 0,
  bettingNo: '',
  receiverPhoneNo: '',
  sendAmount: '',
});

/** What the form's rules and figures read of the betting machine's context. */
export interface BettingFormContext {
  form: BettingForm;
  operators: BettingOperator[];
  hasIdentification: boolean;
  /** The partner's payment request being paid (/deposit/{token}), else null. */
  link: BettingPaymentRequestInPesewas | null;
  token: string | null;
}

interface BettingFormState {
  violations: RuleViolation<BettingField>[];
  showViolations: boolean;
  error: DomainMessageId | null;
}

/** The amount being paid: the link's when it names one, else what was typed (0 while it is not an amount). */
export const bettingAmountOf = (context: Pick<BettingFormContext, 'form' | 'link'>): MinorUnits => {
  if (context.link?.sendAmount != null) return context.link.sendAmount;
  const typed = amountInputToMinor(context.form.sendAmount);
  return typed !== null && typed > 0 ? typed : 0;
};

/** The figures shown before paying: amount, 1% fee, total (the domain's rule, the server's own). */
export const bettingFigures = (context: Pick<BettingFormContext, 'form' | 'link'>): BettingTotals =>
  bettingTotals(bettingAmountOf(context));

export const selectedOperator = (context: Pick<BettingFormContext, 'form' | 'operators'>) =>
  context.operators.find((operator) => operator.id === context.form.operatorId) ?? null;

/** Whose betting account is paid: the link's, else the form's. */
export const bettingAccountOf = (
  context: Pick<BettingFormContext, 'form' | 'operators' | 'link'>,
): { operatorName: string; bettingNo: string; receiverPhoneNo: string } =>
  context.link
    ? {
        operatorName: context.link.operatorName,
        bettingNo: context.link.bettingNo,
        receiverPhoneNo: context.link.receiverPhoneNo,
      }
    : {
        operatorName: selectedOperator(context)?.name ?? '',
        bettingNo: context.form.bettingNo,
        receiverPhoneNo: context.form.receiverPhoneNo,
      };

/**
 * The rules on the form now shown, in their order: a link fixes the operator, the betting number and the phone,
 * so only the amount (when the link leaves it to the user) and the identification are the user's.
 */
export const bettingViolations = (context: BettingFormContext): RuleViolation<BettingField>[] => {
  const sendAmountMinor = amountInputToMinor(context.form.sendAmount);
  if (context.link === null) {
    return bettingSubmitViolations({
      operatorId: context.form.operatorId,
      bettingNo: context.form.bettingNo,
      receiverPhoneNo: context.form.receiverPhoneNo,
      sendAmountMinor,
      hasIdentification: context.hasIdentification,
    });
  }
  const violations: RuleViolation<BettingField>[] = [];
  const amount = context.link.sendAmount === null ? bettingAmountViolation(sendAmountMinor) : null;
  if (amount) violations.push(amount);
  if (!context.hasIdentification)
    violations.push({ field: 'identification', messageId: 'identity.required' });
  return violations;
};

const changeOf = (context: BettingFormContext, field: BettingFormField, value: string): BettingForm => {
  const { form } = context;
  switch (field) {
    case 'operatorId': {
      const id = selectedId(value);
      return { ...form, operatorId: context.operators.some((operator) => operator.id === id) ? id : 0 };
    }
    case 'bettingNo':
      return { ...form, bettingNo: bettingNumberInput(value) };
    case 'receiverPhoneNo':
      return { ...form, receiverPhoneNo: bettingPhoneInput(value) };
    case 'sendAmount':
      return { ...form, sendAmount: amountInput(value) };
  }
};

/** The betting form's rules for the machine (src/machines/shared/form-rules.ts). */
export const bettingFormRules = formRules({
  // A link fixes everything but the amount, and that only when it names none.
  hasField: (context: BettingFormContext & BettingFormState, field: string) =>
    BETTING_FORM_FIELDS.includes(field as BettingFormField) &&
    (context.link === null || (field === 'sendAmount' && context.link.sendAmount === null)),
  change: (context: BettingFormContext & BettingFormState, field: BettingFormField, value: string) => ({
    form: changeOf(context, field, value),
  }),
  violations: bettingViolations,
  // A tier limit's refusal names `amount` (the ledger's word for what is paid): the form's is the amount typed.
  fieldOf: (field) =>
    field === 'amount' ? 'sendAmount' : VIOLATION_FIELDS.includes(field) ? (field as BettingField) : null,
});

/**
 * The request a valid form makes (the service adds the user; the server recomputes fee and total): the
 * operator's betting account, or the link's token, whose request names the account (and the amount, if any).
 */
export const bettingRequestOf = (context: BettingFormContext): BettingRequestInPesewas => {
  const figures = bettingFigures(context);
  const money = {
    sendAmount: figures.sendMinor,
    processingFee: figures.feeMinor,
    totalPay: figures.totalMinor,
    paymentMethodId: BETTING_PAYMENT_METHOD_ID,
  };
  if (context.link !== null && context.token !== null) return { ...money, paymentToken: context.token };
  return {
    ...money,
    operatorId: context.form.operatorId,
    bettingNo: context.form.bettingNo,
    receiverPhoneNo: context.form.receiverPhoneNo,
  };
};

/** Spec section 8: an answer that is not a success is 'Failed to initiate...', no answer 'An error occurred...'. */
export const bettingFailureMessage = (error: unknown): DomainMessageId => {
  if (failureStatus(error) === null) return 'betting.initiateError';
  return serverMessageId(error) ?? 'betting.initiateFailed';
};

/** What closes a payment link for good: forged or unknown, expired, paid, or another account's. */
const LINK_CLOSED_BY_STATUS: Readonly<Record<number, DomainMessageId>> = {
  404: 'bettingLink.invalid',
  410: 'bettingLink.expired',
  409: 'bettingLink.alreadyPaid',
  403: 'bettingLink.otherUser',
};

const LINK_CLOSED_IDS: readonly DomainMessageId[] = Object.values(LINK_CLOSED_BY_STATUS);

/** The message of a failure that closes the link (its server message when it is one of them), else null. */
export const linkClosedMessage = (error: unknown): DomainMessageId | null => {
  const id = serverMessageId(error);
  if (id !== null && LINK_CLOSED_IDS.includes(id)) return id;
  const status = failureStatus(error);
  return status === null ? null : (LINK_CLOSED_BY_STATUS[status] ?? null);
};

/** Reading a link: a token the contract refuses (400) is not a link either. */
export const linkLoadClosedMessage = (error: unknown): DomainMessageId | null =>
  linkClosedMessage(error) ?? (failureStatus(error) === 400 ? 'bettingLink.invalid' : null);

/** A 402: the operator refused the deposit at once (the money did not leave the wallet, or came back). */
export const isRefusal = (error: unknown): boolean => failureStatus(error) === 402;
