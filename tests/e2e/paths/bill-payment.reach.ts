/**
 * Which generated bill payment paths the /BillPayment screens can take against the real API host and its sandbox
 * biller (README "Sandbox billers"), and why the others cannot (pure: `npm run paths -- bill-payment --format
 * playwright` leaves those out and lists the reasons). Also the plan the driver follows: which of the sandbox's
 * references a typed reference stands for, so that the biller answers as the path expects.
 */
import { containsTerm, searchTerm } from '../../../src/domain/paging';

export interface ReachStep {
  event: string;
  state: string;
  data?: Record<string, unknown>;
}

/** The model's companies (tests/support/machine-models-billing.ts) by id, as the seeded billers name them. */
export const COMPANY_NAMES: Readonly<Record<number, string>> = {
  1: 'Electricity Company of Ghana (ECG)',
  3: 'Ghana Water Limited',
};

/**
 * What the sandbox biller does with the reference typed for a lookup: the documented bill (paid at once), a biller
 * that is down (the bill found, its payment held then failed), or no bill at all.
 */
export type ReferenceKind = 'documented' | 'down' | 'notFound';

const LOOKUP_DONE = 'xstate.done.actor.lookupBill';
const LOOKUP_ERROR = 'xstate.error.actor.lookupBill';
const PAY_DONE = 'xstate.done.actor.payBill';

/** A step that starts a new reference (a choice, the menu again, a new value typed). */
const endsReference = (step: ReachStep) =>
  step.event === 'CHANGE_REFERENCE' || step.state.startsWith('menu') || step.state === 'done';

/** The company of a CHOOSE step's sub-company. */
export const chosenCompany = (step: ReachStep): number =>
  Number((step.data?.subCompany as { companyId?: number } | undefined)?.companyId);

export const isPrepaidChoice = (step: ReachStep): boolean =>
  (step.data?.subCompany as { prepaid?: boolean } | undefined)?.prepaid === true;

/** The sub-company chosen last before step `index`. */
export const choiceBefore = (steps: ReachStep[], index: number): ReachStep | undefined =>
  steps
    .slice(0, index + 1)
    .reverse()
    .find((step) => step.event === 'CHOOSE');

/** A PAY that stays on a postpaid bill's details: the wallet does not cover it ('Insufficient funds'). */
export const isInsufficientPay = (steps: ReachStep[], index: number): boolean => {
  const step = steps[index]!;
  const choice = choiceBefore(steps, index);
  return (
    step.event === 'PAY' &&
    step.state === 'credentials.reviewing' &&
    choice !== undefined &&
    !isPrepaidChoice(choice)
  );
};

/** The kind of bill a found lookup at `index` must be, from what the path does with it next. */
const foundKind = (steps: ReachStep[], index: number): ReferenceKind => {
  const prepaid = isPrepaidChoice(choiceBefore(steps, index) ?? { event: '', state: '' });
  for (let next = index + 1; next < steps.length; next++) {
    const step = steps[next]!;
    if (step.event === PAY_DONE) return step.data?.status === 'pending' ? 'down' : 'documented';
    // Only the documented postpaid bill (GH₵ 245.60) is more than the wallet a path refusing it starts with.
    if (isInsufficientPay(steps, next)) return 'documented';
    if (step.event === LOOKUP_DONE || step.event === LOOKUP_ERROR || endsReference(step)) break;
  }
  // A postpaid bill not paid here: the down biller's, as the documented one is paid once per host.
  return prepaid ? 'documented' : 'down';
};

/** The kinds the lookups of the reference typed at `index` answer (empty when none is looked up). */
export const lookupKinds = (steps: ReachStep[], index: number): ReferenceKind[] => {
  const kinds: ReferenceKind[] = [];
  for (let next = index + 1; next < steps.length; next++) {
    const step = steps[next]!;
    if (endsReference(step)) break;
    if (step.event === LOOKUP_DONE) kinds.push(foundKind(steps, next));
    if (step.event === LOOKUP_ERROR) kinds.push('notFound');
  }
  return kinds;
};

/** The GH₵ a path's wallet starts with: less than the documented postpaid bill when the path is refused it. */
export const walletOf = (steps: ReachStep[]): number =>
  steps.some((_, index) => isInsufficientPay(steps, index)) ? 200 : 500;

const FAILED_REQUEST =
  'a failed request (network, timeout, 5xx) is not what the real host answers on demand: the machine path tests cover it';

const errorReason = (step: ReachStep, choice: ReachStep | undefined): string | null => {
  const failure = String(step.data?.failure ?? '');
  if (!failure.startsWith('HTTP ')) return FAILED_REQUEST;
  if (step.event === LOOKUP_ERROR)
    return failure === 'HTTP 404'
      ? null
      : "the screen checks the reference's rules (src/domain/billing.ts) before it looks the bill up: the host's 400 naming a broken rule is not reachable through it";
  if (step.event === 'xstate.error.actor.payBill') {
    if (failure === 'HTTP 403')
      return "the identity gate keeps /BillPayment closed until an ID is on file: PayBill's 403 is not reachable through the screen";
    if (failure === 'HTTP 400')
      return "the screen refuses an amount the wallet does not cover, or out of range, before it pays: PayBill's 400 (insufficient funds, a tier limit) needs the wallet or the limits changed between Pay Bill and Confirm (no generated path the screens can take has it)";
    // 409: another device pays the same prepaid quote first (the driver, through the API).
    if (failure === 'HTTP 409' && choice && isPrepaidChoice(choice)) return null;
    return "a postpaid bill paid by another device between its review and Confirm (the sandbox's documented one is paid once per host), or a quote expired (410, after 15 minutes): not driven from the screen";
  }
  return FAILED_REQUEST;
};

export const unreachable = (steps: ReachStep[]): string | null => {
  let search = '';
  let open: number | null = null;
  const loaded = new Set<number>();
  for (const [index, step] of steps.entries()) {
    const data = step.data ?? {};
    if (step.event.startsWith('xstate.error.actor.')) {
      const reason = errorReason(step, choiceBefore(steps, index));
      if (reason) return reason;
    }
    switch (step.event) {
      case 'SEARCH':
        // Typed while the companies load: the driver types once the box shows (the same transition, on `menu`).
        search = String(data.text ?? '');
        break;
      case 'TOGGLE_COMPANY': {
        const id = Number(data.companyId);
        const term = searchTerm(search);
        if (term !== '' && !containsTerm(COMPANY_NAMES[id] ?? '', term))
          return 'a company the search hides has no button to click';
        open = open === id ? null : id;
        break;
      }
      case 'xstate.done.actor.loadSubCompanies':
        if (open !== null) loaded.add(open);
        break;
      case 'xstate.error.actor.loadSubCompanies':
        open = null;
        break;
      case 'CHOOSE': {
        const company = chosenCompany(step);
        if (open === company && loaded.has(company)) break;
        // The screen lists a company's sub-companies only while it is open: the driver opens it to choose (and
        // closes it back on the menu), which loads its sub-companies where the path has them unknown.
        if (open !== null)
          return "a sub-company of a company other than the open one: the screen lists only the open company's";
        const term = searchTerm(search);
        if (term !== '' && !containsTerm(COMPANY_NAMES[company] ?? '', term))
          return 'a company the search hides has no button to click';
        if (
          !loaded.has(company) &&
          steps
            .slice(index + 1)
            .some((later) => later.event === 'TOGGLE_COMPANY' && Number(later.data?.companyId) === company)
        )
          return "the company the driver opened to choose a sub-company has its sub-companies loaded: a later first opening of it (the load) is not the screen's";
        break;
      }
      case 'CHANGE_REFERENCE':
        if (new Set(lookupKinds(steps, index)).size > 1)
          return 'the sandbox biller answers a reference the same way every time: lookups of one typed reference answering differently are not reachable';
        break;
      case LOOKUP_DONE:
        if (data.status === 'Paid')
          return "a postpaid bill shows Paid once it is paid, and the sandbox's documented postpaid bill is paid once per host: not paid in the browser (it would change the other journeys' bill)";
        break;
      case PAY_DONE: {
        const choice = choiceBefore(steps, index);
        if (data.status === 'Failed')
          return "the sandbox's failing biller (a reference ending 000001) answers pending, then fails: a payment failed at once is not reachable";
        if (data.status === 'Successful' && choice && !isPrepaidChoice(choice))
          return "the sandbox's documented postpaid bill is paid once per host (then Paid for every user): a prepaid purchase takes the same transition in the browser";
        break;
      }
      case 'xstate.done.actor.getOperation':
        if (data.status === 'Successful')
          return "only the sandbox's down biller answers pending, and it fails: a followed payment that succeeds is not reachable";
        if (data.status === 'pending')
          return 'a poll answered pending depends on timing, not on the screen: not asserted in the browser';
        break;
      default:
        if (step.event.startsWith('xstate.after.') && step.event.includes('followTimeout'))
          return 'the 30 s deadline of a followed payment: the sandbox decides it within SANDBOX_DECISION_MS (3 s)';
    }
  }
  return null;
};
