/**
 * Which generated betting paths the screens can take against the real API host and its sandbox operator, and why
 * the others cannot (pure: `npm run paths -- betting --format playwright` leaves those out and lists the reasons).
 */
import { domainMessages } from '../../../src/domain/messages';
import type { ReachStep } from './withdrawal.reach';

/** A tier limit's refusal (400 limit.daily): the one 400 of InitiateBetting a valid form meets. */
export const LIMIT_REFUSAL = domainMessages['limit.daily'];

const IDENTITY_REQUIRED = domainMessages['identity.required'];

const status = (step: ReachStep) => String(step.data?.failure ?? '');

export const unreachable = (steps: (ReachStep & { shows?: string[] })[]): string | null => {
  for (const [index, step] of steps.entries()) {
    const failure = status(step);
    if ((step.shows ?? []).includes(IDENTITY_REQUIRED))
      return "a user without an identification meets the identity gate's notice instead of the form (tests/e2e/identification.spec.ts): the form's own identification rule is not reachable";
    if (step.event.startsWith('xstate.error.actor.') && !failure.startsWith('HTTP 4'))
      return 'a failed request (network, timeout, 5xx) is not what the real host answers on demand, and a browser taken offline ends the session within a second (it validates every second): the machine path tests cover it';
    if (step.event === 'xstate.error.actor.initiateBetting') {
      if (failure === 'HTTP 402')
        return 'a 402 answers a deposit already Failed when answered: the sandbox operator answers every credit pending, then decides it';
      if (failure === 'HTTP 410')
        return 'a link expires 15 minutes after the operator made it: too long to wait for in a browser run';
      if (failure === 'HTTP 403' || failure === 'HTTP 404')
        return 'a link unknown or made for another account is refused when it is read, before the Payment page: paying it cannot be refused for that';
      if (failure === 'HTTP 400' && !(step.shows ?? []).includes(LIMIT_REFUSAL))
        return "the browser checks the betting rules before sending and the request is the screen's own: the server's 400 for a rule or a malformed request is not reachable (a tier limit's 400 is)";
    }
    if (step.event === 'xstate.error.actor.loadPaymentRequest' && failure === 'HTTP 410')
      return 'a link expires 15 minutes after the operator made it: too long to wait for in a browser run';
    if (step.event === 'xstate.done.actor.initiateBetting' && step.data?.status === 'Failed')
      return 'the sandbox operator answers every credit pending, then decides it: a deposit refused at once is not reachable';
    if (step.event.startsWith('xstate.after.') && step.event.includes('followTimeout'))
      return 'the 30 s deadline of a followed deposit: the sandbox operator decides within SANDBOX_DECISION_MS (3 s)';
    if (step.event === 'xstate.done.actor.getOperation' && step.data?.status === 'pending')
      return 'a poll answered pending depends on timing, not on the screen: not asserted in the browser';
    if (step.event === 'PAY' && steps[index - 1]?.state === 'payment' && step.state === 'payment')
      return "'Click to pay' is disabled while the wallet does not cover amount + fee (the card says 'You don't have enough funds!'): PAY cannot be sent";
  }
  return null;
};
