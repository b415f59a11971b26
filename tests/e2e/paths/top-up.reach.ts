/**
 * Which generated top-up paths the screens can take against the real API host and its sandbox, and why the others
 * cannot (pure: `npm run paths -- top-up --format playwright` leaves those out and lists the reasons).
 */
import { domainMessages } from '../../../src/domain/messages';
import type { ReachStep } from './withdrawal.reach';

/** The refusals the sandbox gives on demand, answered 402: a declined card, a bank account ending 000001. */
const SANDBOX_REFUSALS: string[] = [domainMessages['card.declined'], domainMessages['topUp.bankFailed']];

/** The fields of each gateway's form (a CHANGE of another gateway's field has nothing on the screen to type in). */
const FIELDS: Record<string, string[]> = {
  card: ['firstName', 'lastName', 'number', 'expiry', 'cvc', 'amount'],
  bank: ['amount', 'bankId', 'bankAccountNumber'],
  momo: ['amount', 'phone'],
};

export const unreachable = (steps: (ReachStep & { shows?: string[] })[]): string | null => {
  let gateway = '';
  let pendingPoll = false;
  for (const step of steps) {
    const failure = String(step.data?.failure ?? '');
    if (step.event === 'GATEWAY_CHOSEN') gateway = String(step.data?.gateway);
    if (step.event === 'CHANGE' && !FIELDS[gateway]?.includes(String(step.data?.field)))
      return "a change of another gateway's field: the form on the screen has no such field";
    if (step.event === 'DONE')
      return "no control of the top-up screen sends DONE: its 'Go to Dashboard' link leaves the wizard, which stops the machine";
    if (step.event === 'xstate.error.actor.loadBanks')
      return 'the real host always serves its bank list: a failed load (and its Try again and way back) is not reachable on demand';
    if (step.event === 'xstate.error.actor.topUp') {
      if (!failure.startsWith('HTTP'))
        return 'a top-up that gets no answer (network, timeout, unreadable answer) is not what the real host does on demand';
      if (failure === 'HTTP 402' && !SANDBOX_REFUSALS.some((message) => step.shows?.includes(message)))
        return "a 402 without the sandbox's own reason: the sandbox names every refusal (a declined card, a failed bank account)";
      if (failure === 'HTTP 400' && !step.shows?.includes(domainMessages['limit.balance']))
        return "a 400 naming a field's rule (the card number, the MoMo number): the browser checks the same rules first and never sends such a form (the tier limit's 400 is taken)";
      if (failure !== 'HTTP 402' && failure !== 'HTTP 400')
        return 'a top-up answered 403, 409 or 5xx: the identity gate keeps a user without an identification off the form, the screen never reuses a key for another request, and the host does not fail on demand';
    }
    if (step.event === 'xstate.done.actor.topUp' && step.data?.status === 'Failed')
      return 'the host answers a refused card or bank top-up with a 402 (an error), never a 200 whose status is Failed';
    if (step.event === 'xstate.done.actor.getOperation') {
      if (step.data?.status === 'pending') pendingPoll = true;
      else if (pendingPoll)
        return "a poll answered pending and then a decision: only a number the sandbox never answers (000002) keeps a poll pending, and it is never decided within the test's time";
      if (step.data?.status === 'Failed' && !step.shows?.includes(domainMessages['topUp.momoRejected']))
        return 'a MoMo payment failed otherwise than rejected on the phone: it expires only after SANDBOX_MOMO_EXPIRY_MS (120 s), and the host sends no other reason';
    }
    if (step.event === 'xstate.error.actor.getOperation')
      return 'a failed status poll (no answer, or 404 for the operation the host itself answered) is not what the real host does on demand';
  }
  return null;
};
