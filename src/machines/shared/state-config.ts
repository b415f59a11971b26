import type { StateNodeConfig } from 'xstate';

/**
 * A state (or a map of transitions) built by a shared factory for any machine. XState types a config against
 * one machine's setup, so a factory shared by several machines returns it loosely typed; the names it uses
 * (guards, actions, actors) come with the factory's own implementations, which each machine spreads into its
 * `setup`, and the machines' path tests walk every transition the factory adds.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type SharedStateConfig = StateNodeConfig<any, any, any, any, any, any, any, any, any, any, any>;

/** One transition as a factory's caller gives it: where to go and which of its machine's actions to run. */
export interface TransitionTo {
  target: string;
  guard?: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  actions?: any;
}
