/**
 * Which generated session paths the screens can take against the real API host, and why the others cannot (pure:
 * `npm run paths -- session --format playwright` leaves those out and lists the reasons).
 */
import type { ReachStep } from './withdrawal.reach';

export const unreachable = (steps: ReachStep[]): string | null => {
  if (steps[0]?.state.includes('hidden'))
    return 'a tab hidden from the start: headless Chromium keeps its tab visible, nothing on the screen hides it';
  for (const step of steps) {
    if (step.event === 'VISIBILITY_CHANGED')
      return "the tab's visibility is the browser's, not an action on the screen: headless Chromium keeps the tab visible (the machine path tests cover it)";
    if (
      step.event === 'xstate.error.actor.validateToken' &&
      !['HTTP 401', 'network'].includes(String(step.data?.failure))
    )
      return 'a validation answered 5xx or 429 is not what the real host answers on demand: the machine path tests cover it';
    if (step.event === 'xstate.error.actor.logOut')
      return 'a failed log-out request is not what the real host answers on demand: the machine path tests cover it';
    if (['WALLET_AMOUNT_CHANGED', 'IDENTIFICATION_ADDED', 'PHONE_VERIFIED'].includes(step.event))
      return "sent by another flow's screen (a payment, adding an ID, verifying the phone): not driven from the session's paths";
  }
  return null;
};
