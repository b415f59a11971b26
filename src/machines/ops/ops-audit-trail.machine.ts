/**
 * The console's audit trail (/ops/audit): loading (invoke `loadAuditLog` with the filters: actor, action, subject,
 * from, to) -> ready | failed (RETRY); FILTER {filters} -> loading; EXPORT -> exporting (invoke `exportAuditLog`:
 * the same filters as CSV) -> ready with the file for the download link, or with the refusal (403 said plainly).
 * Diagram: docs/machines/ops-audit-trail.md.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AuditEntryView } from '../../contract/ops';
import { notProvided } from '../failure-messages';
import { opsFailure, type OpsMessageId } from './ops-failure';

/** The audit trail's filters as the console's form holds them (empty: no filter). */
export interface AuditFilters {
  actor: string;
  action: string;
  subject: string;
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = { actor: '', action: '', subject: '', from: '', to: '' };

export interface OpsAuditTrailContext {
  filters: AuditFilters;
  entries: AuditEntryView[] | null;
  /** The last export, for the download link (null until asked, or once the filters changed). */
  csv: Blob | null;
  error: OpsMessageId | null;
}

export type OpsAuditTrailEvent =
  { type: 'FILTER'; filters: AuditFilters } | { type: 'EXPORT' } | { type: 'RETRY' };

export const opsAuditTrailMachine = setup({
  types: {
    context: {} as OpsAuditTrailContext,
    events: {} as OpsAuditTrailEvent,
  },
  actors: {
    loadAuditLog: fromPromise<AuditEntryView[], AuditFilters>(async () => notProvided('loadAuditLog')),
    exportAuditLog: fromPromise<Blob, AuditFilters>(async () => notProvided('exportAuditLog')),
  },
  actions: {
    setFilters: assign(({ event }) =>
      event.type === 'FILTER' ? { filters: event.filters, csv: null, error: null } : {},
    ),
    setEntries: assign((_, params: { entries: AuditEntryView[] }) => ({
      entries: params.entries,
      error: null,
    })),
    setCsv: assign((_, params: { csv: Blob }) => ({ csv: params.csv, error: null })),
    setError: assign((_, params: { error: OpsMessageId }) => ({ error: params.error })),
  },
}).createMachine({
  id: 'opsAuditTrail',
  context: { filters: noAuditFilters, entries: null, csv: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAuditLog',
        src: 'loadAuditLog',
        input: ({ context }) => context.filters,
        onDone: {
          target: 'ready',
          actions: { type: 'setEntries', params: ({ event }) => ({ entries: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ error: opsFailure(event.error, 'ops.error.loadFailed') }),
          },
        },
      },
    },
    ready: {
      on: {
        FILTER: { target: 'loading', actions: 'setFilters' },
        EXPORT: 'exporting',
      },
    },
    exporting: {
      invoke: {
        id: 'exportAuditLog',
        src: 'exportAuditLog',
        input: ({ context }) => context.filters,
        onDone: {
          target: 'ready',
          actions: { type: 'setCsv', params: ({ event }) => ({ csv: event.output }) },
        },
        onError: {
          target: 'ready',
          actions: { type: 'setError', params: ({ event }) => ({ error: opsFailure(event.error) }) },
        },
      },
    },
    failed: {
      on: {
        RETRY: 'loading',
        FILTER: { target: 'loading', actions: 'setFilters' },
      },
    },
  },
});

export type OpsAuditTrailMachine = typeof opsAuditTrailMachine;
