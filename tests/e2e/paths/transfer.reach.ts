/**
 * Which generated transfer paths the /SendMoney and /CrossBorderPayment screens can take against the real API host
 * and its sandbox, and why the others cannot (pure: `npm run paths -- transfer --format playwright` leaves those
 * out and lists the reasons).
 */
import type { ReachStep } from './withdrawal.reach';

/** Why a refused payment is not taken through the screens, by the host's answer (null: the screens take it). */
const payRefusal = (failure: string, abroad: boolean): string | null => {
  switch (failure) {
    case 'HTTP 410':
      return 'an expired quote (and its Get a new quote): the host holds a quote for 15 minutes, longer than a test';
    case 'HTTP 402':
      return "a payment refused for want of funds: 'Click to pay' is disabled while the wallet does not cover the total";
    case 'HTTP 403':
      return 'a payment refused without an identification: the identity gate keeps such a user off the form';
    case 'HTTP 400':
      // The host checks a tier's limits when the money moves (PayNow), not at the quote: the driver's user has
      // sent most of the Minimum tier's day through the API before the path.
      return abroad
        ? "a tier limit's refusal of a payment abroad: the driver brings a user's day to the limit only for a wallet payment on /SendMoney, which takes the same transition (a payNow refusal back to the payment)"
        : null;
    default:
      return "a payment that gets no answer, a 404 for the host's own quote, a 409 (a quote paid already, a reused key, a coupon no longer applying) or a 5xx: not what the real host does on demand";
  }
};

export const unreachable = (steps: ReachStep[]): string | null => {
  let payerPending = false;
  let couponOn = false;
  const abroad = steps.some((step) => step.state === 'loadingMethods');
  for (const [index, step] of steps.entries()) {
    const failure = String(step.data?.failure ?? '');
    const status = step.data?.status;
    if (/^xstate\.error\.actor\.load(Beneficiaries|Purposes|Rates|Methods)$/.test(step.event))
      return 'the real host always serves the beneficiaries, purposes, rates and methods: a failed load (and its Try again) is not reachable on demand';
    if (step.event === 'xstate.error.actor.initiateTransfer')
      return "a refused quote (the identity rule, a 5xx, no answer): the identity gate keeps a user without an identification off the form, the browser checks the form's rules first, and the host does not fail on demand";
    if (step.event === 'xstate.error.actor.payNow') {
      const reason = payRefusal(failure, abroad);
      if (reason) return reason;
    }
    if (step.event === 'xstate.done.actor.payNow') {
      if (status === 'pending' && payerPending)
        return "a MoMo payer's approval still pending at a second ask depends on timing, not on the screen";
      if (status === 'pending') payerPending = true;
      else if (status === 'Failed')
        return 'a payment answered Failed at once: the host answers a payout pending and decides it later (a failed payout is reached through the status poll)';
      else if (!payerPending && !abroad)
        return "a payout decided at once is a wallet-to-wallet transfer to another user's verified phone: the driver's beneficiary is a MoMo number of no user";
    }
    if (step.event.startsWith('xstate.after.') && step.event.includes('followTimeout'))
      return 'the 30 s deadline of a followed payout: the sandbox decides within seconds';
    if (step.event === 'xstate.done.actor.getOperation' && status === 'pending')
      return 'a poll answered pending depends on timing, not on the screen: not asserted in the browser';
    if (step.event === 'xstate.error.actor.getOperation')
      return 'a failed status poll (no answer, 404 for the operation the host itself answered) is not what the real host does on demand';
    if (step.event === 'xstate.error.actor.checkCoupon' && failure !== 'HTTP 400')
      return 'a coupon check that gets no answer or a 5xx: not what the real host does on demand (its refusal, a 400, is taken with the expired E2E-EXPIRED)';
    if (step.event === 'CHANGE' && steps[index - 1]?.state === 'checkingCoupon')
      return 'typing while the coupon is being checked depends on timing: the host answers the check within milliseconds';
    if (step.event === 'CONTINUE' && step.state === 'reviewing')
      return 'Continue is disabled until the terms are agreed: the screen never sends it without them';
    if (step.event === 'PAY' && step.state === 'payment' && !steps.some((s) => s.event === 'CONTINUE'))
      return "'Click to pay' is disabled while the wallet does not cover the total: the screen never sends PAY then";
    if (step.event === 'CHANGE' && step.data?.field === 'applyCoupon') couponOn = step.data.value === 'true';
    if (step.event === 'APPLY_COUPON' && !couponOn)
      return "Apply is disabled while 'Use a discount coupon' is off: the screen never sends APPLY_COUPON then";
  }
  return null;
};
