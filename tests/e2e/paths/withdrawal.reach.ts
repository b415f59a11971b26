/**
 * Which generated withdrawal paths the screens can take against the real API host and its sandbox, and why the
 * others cannot (pure: `npm run paths -- withdrawal --format playwright` leaves those out and lists the reasons).
 */
export interface ReachStep {
  event: string;
  state: string;
  data?: Record<string, unknown>;
}

export const unreachable = (steps: ReachStep[]): string | null => {
  for (const step of steps) {
    if (step.event.startsWith('xstate.error.actor.'))
      return 'a failed request (network, timeout, 5xx, refusal) is not what the real host answers on demand: the machine path tests cover it';
    if (step.event === 'xstate.done.actor.withdraw' && step.data?.status !== 'pending')
      return 'the sandbox answers every payout pending, then decides it: a payout decided at once is not reachable';
    if (step.event.startsWith('xstate.after.') && step.event.includes('followTimeout'))
      return 'the 30 s deadline of a followed payout: the sandbox decides within seconds';
    if (step.event === 'xstate.done.actor.getOperation' && step.data?.status === 'pending')
      return 'a poll answered pending depends on timing, not on the screen: not asserted in the browser';
  }
  return null;
};
