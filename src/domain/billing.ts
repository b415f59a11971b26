import { isIsoDate, type IsoDate } from './calendar';
import type { MinorUnits } from './money';
import type { DomainMessageId } from './messages';
import { characterCount, type RuleViolation } from './rule';

/*
 * Bill payment (spec sections 3, 5 and 9): the reference rules of a sub-company, checked the same way by the
 * browser (on Next) and the server (on the lookup and on PayBill), and the amounts of a bill.
 */

/** What a sub-company says about its references (spec section 3, "Sub-company"). */
export interface ReferenceRules {
  /** The reference field's label ('Meter Number'): what the messages call the reference. */
  title: string;
  minLength: number;
  maxLength: number;
  /** '' when the sub-company has none. */
  regularExpression: string;
}

export type BillReferenceField = 'referenceNo';

/** The longest reference any biller may ask for (the API refuses longer ones before any rule is checked). */
export const BILL_REFERENCE_MAX_LENGTH = 64;

/** Spec section 9: bill payment has no processing fee and is paid from the wallet. */
export const BILL_PROCESSING_FEE_MINOR: MinorUnits = 0;
export const BILL_PAID_BY = 'Wallet';

/** How long the bill looked up (its amount, month and customer) can be paid without looking it up again. */
export const BILL_QUOTE_VALIDITY_MS = 15 * 60 * 1000;

/** A prepaid purchase (electricity units...): from GH₵ 1.00 to GH₵ 10,000.00, the amount the user chooses. */
export const PREPAID_MIN_MINOR: MinorUnits = 100;
export const PREPAID_MAX_MINOR: MinorUnits = 10_000_00;

/*
 * Safe patterns. A sub-company's regularExpression is data, run on what users type, in the browser and on the
 * server. Only a small, linear subset is accepted: anchors, literals, escapes, character classes, groups and
 * quantifiers, but never a quantified group that itself holds a quantifier or an alternation (`(a+)+`, `(a|aa)*`),
 * never a back-reference and never a lookaround: the shapes that make a backtracking engine take exponential time.
 * Anything else (or a pattern that does not compile) is refused: such a reference then never matches.
 */

interface GroupScan {
  quantified: boolean;
  alternation: boolean;
}

const QUANTIFIER_START = /^(?:[*+?]|\{\d+(?:,\d*)?\})/;

/** Whether `source` stays in the safe subset (see above). */
export const isSafePattern = (source: string): boolean => {
  if (source.length > 200) return false;
  const stack: GroupScan[] = [{ quantified: false, alternation: false }];
  let lastGroup: GroupScan | null = null;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    const closedGroup = lastGroup;
    lastGroup = null;
    if (char === '\\') {
      const next = source[index + 1];
      if (next === undefined || /[1-9k]/.test(next)) return false; // back-references
      index += 1;
      continue;
    }
    if (char === '[') {
      const end = classEnd(source, index);
      if (end < 0) return false;
      index = end;
      continue;
    }
    if (char === '(') {
      if (source[index + 1] === '?') {
        // Only non-capturing groups: no lookarounds, no named groups.
        if (source[index + 2] !== ':') return false;
        index += 2;
      }
      stack.push({ quantified: false, alternation: false });
      continue;
    }
    if (char === ')') {
      const group = stack.pop();
      if (!group || stack.length === 0) return false;
      const parent = stack[stack.length - 1];
      // What repeats or branches inside a group repeats or branches inside every group around it.
      if (parent) {
        parent.quantified ||= group.quantified;
        parent.alternation ||= group.alternation;
      }
      lastGroup = group;
      continue;
    }
    if (char === '|') {
      const top = stack[stack.length - 1];
      if (top) top.alternation = true;
      continue;
    }
    const quantifier = QUANTIFIER_START.exec(source.slice(index));
    if (quantifier) {
      // A quantifier on a group that repeats or branches inside: the catastrophic shape.
      if (closedGroup && (closedGroup.quantified || closedGroup.alternation)) return false;
      const top = stack[stack.length - 1];
      if (top) top.quantified = true;
      index += quantifier[0].length - 1;
      // A lazy or possessive mark after the quantifier is not in the subset.
      if (source[index + 1] === '?' || source[index + 1] === '+') return false;
      continue;
    }
    if (char === '{' || char === '}') return false;
  }
  return stack.length === 1;
};

/** The index of the `]` closing the class opened at `start`, or -1. */
const classEnd = (source: string, start: number): number => {
  let index = start + 1;
  if (source[index] === '^') index += 1;
  if (source[index] === ']') index += 1;
  for (; index < source.length; index += 1) {
    if (source[index] === '\\') index += 1;
    else if (source[index] === '[') return -1;
    else if (source[index] === ']') return index;
  }
  return -1;
};

const compiled = new Map<string, RegExp | null>();

/** The sub-company's pattern, compiled once; null when it is not in the safe subset or does not compile. */
export const referencePattern = (source: string): RegExp | null => {
  const cached = compiled.get(source);
  if (cached !== undefined) return cached;
  let pattern: RegExp | null = null;
  if (isSafePattern(source)) {
    try {
      pattern = new RegExp(source);
    } catch {
      pattern = null;
    }
  }
  if (compiled.size > 500) compiled.clear();
  compiled.set(source, pattern);
  return pattern;
};

/** Whether the reference matches the sub-company's pattern (always, when it has none). */
export const matchesReferencePattern = (reference: string, source: string): boolean => {
  if (source === '') return true;
  const pattern = referencePattern(source);
  return pattern !== null && pattern.test(reference);
};

/** The spec's own name of the field, which its three messages say ('Reference number must ...'). */
const SPEC_REFERENCE_TITLE = 'reference number';

/**
 * Whether a biller's field is the spec's 'reference number' (or has no title of its own): its messages are then the
 * spec's, word for word; any other title ('Meter Number') is named by the titled messages (issue 23).
 */
export const isSpecReferenceTitle = (title: string): boolean => {
  const name = title.trim().replace(/\s+/g, ' ').toLowerCase();
  return name === '' || name === SPEC_REFERENCE_TITLE;
};

const referenceMessages = {
  spec: {
    tooShort: 'billing.reference.tooShort',
    tooLong: 'billing.reference.tooLong',
    pattern: 'billing.reference.pattern',
    notFound: 'billing.billNotFound',
  },
  titled: {
    tooShort: 'billing.titledReference.tooShort',
    tooLong: 'billing.titledReference.tooLong',
    pattern: 'billing.titledReference.pattern',
    notFound: 'billing.titledBillNotFound',
  },
} as const satisfies Record<string, Record<string, DomainMessageId>>;

type Values = Readonly<Record<string, string | number>>;

/** The messages of a biller's reference, and the values naming its field (none for the spec's own words). */
const messagesOfTitle = (
  title: string,
): { ids: Record<keyof typeof referenceMessages.spec, DomainMessageId>; named: Values } =>
  isSpecReferenceTitle(title)
    ? { ids: referenceMessages.spec, named: {} }
    : { ids: referenceMessages.titled, named: { title: title.trim() } };

/** `values` when the message names any. */
const withValues = (values: Values): { values?: Values } =>
  Object.keys(values).length > 0 ? { values } : {};

/**
 * Spec section 5, "Bill reference", on Next: shorter than minLength, longer than maxLength, not matching the
 * sub-company's regularExpression (when it has one): each message exactly when its rule is broken, in this order,
 * with the bound it names (`values`). The reference is taken as typed (its characters counted as a person would).
 * A field titled other than 'reference number' is named by its title ('Meter Number must be at least ...').
 */
export const billReferenceViolations = (
  reference: string,
  rules: ReferenceRules,
): RuleViolation<BillReferenceField>[] => {
  const { ids, named } = messagesOfTitle(rules.title);
  const violations: RuleViolation<BillReferenceField>[] = [];
  const length = characterCount(reference);
  if (length < rules.minLength)
    violations.push({
      field: 'referenceNo',
      messageId: ids.tooShort,
      values: { ...named, min: rules.minLength },
    });
  if (length > rules.maxLength)
    violations.push({
      field: 'referenceNo',
      messageId: ids.tooLong,
      values: { ...named, max: rules.maxLength },
    });
  if (!matchesReferencePattern(reference, rules.regularExpression))
    violations.push({ field: 'referenceNo', messageId: ids.pattern, ...withValues(named) });
  return violations;
};

/** No bill at this biller has the reference typed: the message names the biller's field as the rules' do. */
export const billNotFoundViolation = (title: string): RuleViolation<BillReferenceField> => {
  const { ids, named } = messagesOfTitle(title);
  return { field: 'referenceNo', messageId: ids.notFound, ...withValues(named) };
};

/** Spec section 5: the input cannot take characters beyond maxLength (what typing or pasting leaves in it). */
export const referenceInput = (text: string, maxLength: number): string =>
  [...text].slice(0, Math.max(maxLength, 0)).join('');

/** A pattern that allows digits only: '^[0-9]{11,13}$', '^\d+$', '[0-9]*' (one digit class, then a count). */
const DIGITS_ONLY = /^\^?(?:\[0-9\]|\\d)(?:\{\d+(?:,\d*)?\}|[+*])?\$?$/;

/** The keyboard a reference wants: the number pad when its biller's pattern allows digits only. */
export const referenceInputMode = (regularExpression: string): 'numeric' | 'text' =>
  DIGITS_ONLY.test(regularExpression) ? 'numeric' : 'text';

export type BillAmountField = 'amount';

/** A prepaid purchase's amount: a positive amount within the prepaid bounds. */
export const prepaidAmountViolations = (amountMinor: MinorUnits | null): RuleViolation<BillAmountField>[] =>
  amountMinor === null || amountMinor < PREPAID_MIN_MINOR || amountMinor > PREPAID_MAX_MINOR
    ? [{ field: 'amount', messageId: 'billing.amountRange' }]
    : [];

/** Spec section 5, on Pay: the total due above the wallet's balance is 'Insufficient funds'. */
export const walletCoversBill = (walletMinor: MinorUnits, totalDueMinor: MinorUnits): boolean =>
  totalDueMinor <= walletMinor;

/** What a bill payment takes from the wallet: the bill and its fee (0). */
export const billTotalPay = (totalBillMinor: MinorUnits): MinorUnits =>
  totalBillMinor + BILL_PROCESSING_FEE_MINOR;

/**
 * An unpaid bill whose due date has passed (issue 23: the Billing Details mark it). A prepaid account, a bill paid or
 * with a payment on its way, and a due date the biller did not write as a day are never overdue.
 */
export const isBillOverdue = (
  bill: { status: string; dueDate: string; prepaid: boolean },
  today: IsoDate,
): boolean => !bill.prepaid && bill.status === 'Unpaid' && isIsoDate(bill.dueDate) && bill.dueDate < today;
