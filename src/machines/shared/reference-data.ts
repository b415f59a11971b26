/**
 * Reference-data loading (banks, identification types, ...): a loading state that invokes the loader, and a
 * failed state with its message and RETRY. The machine names the two states, where the data goes, and the
 * actions that keep it (`setAction`, given `{ data }`) and say it failed (`failedAction`); `also` adds the
 * transitions both states share (e.g. BACK).
 */
import type { SharedStateConfig, TransitionTo } from './state-config';

export interface ReferenceDataOptions {
  /** The invoke's id and actor name. */
  id: string;
  /** The names of the machine's two states (each one's transitions go to the other). */
  loading: string;
  failed: string;
  loaded: string;
  setAction: string;
  failedAction: string;
  /** Transitions both states take (BACK to where the choice was made, ...). */
  also?: Record<string, TransitionTo>;
}

/** The loading and the failed state, for the machine to name. */
export const referenceDataStates = (
  options: ReferenceDataOptions,
): { loading: SharedStateConfig; failed: SharedStateConfig } => ({
  loading: {
    on: { ...options.also },
    invoke: {
      id: options.id,
      src: options.id,
      onDone: {
        target: options.loaded,
        actions: {
          type: options.setAction,
          params: ({ event }: { event: { output: unknown } }) => ({ data: event.output }),
        },
      },
      onError: { target: options.failed, actions: options.failedAction },
    },
  },
  failed: {
    on: {
      RETRY: { target: options.loading, actions: 'clearError' },
      ...options.also,
    },
  },
});
