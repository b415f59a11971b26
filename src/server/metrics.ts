import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database, Queryable } from './db/client';
import { queryRows } from './db/sql';

/*
 * The operators' view (GET /metrics, Prometheus text): requests and their latency per route pattern, money
 * operations by kind and status, pending operations and the oldest one's age, the background work waiting, and the
 * database pool. Counts of the database are read when scraped, so every host reports the same figures for them.
 */

/** Work waiting for a background job, by queue name: what `job_queue_depth` reports. */
export type QueueDepths = (db: Queryable) => Promise<Record<string, number>>;

/**
 * Today's queues: pending operations the provider worker follows, sandbox decisions not yet made, sandbox callbacks
 * not yet delivered, and scheduled jobs that are due but not yet claimed by a host.
 */
export const defaultQueueDepths: QueueDepths = async (db) => {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select (select count(*) from wallet_operations where status = 'pending') as provider_pending,
               (select count(*) from sandbox_requests where status = 'pending') as sandbox_decisions,
               (select count(*) from sandbox_requests where status <> 'pending' and callback_sent_at is null)
                 as sandbox_callbacks,
               (select count(*) from scheduled_jobs
                 where next_run_at <= now() and (lease_until is null or lease_until < now())) as scheduled_jobs_due`,
  );
  return Object.fromEntries(Object.entries(row ?? {}).map(([queue, depth]) => [queue, Number(depth)]));
};

export interface MetricsOptions {
  database: Pick<Database, 'db' | 'poolStats'>;
  queueDepths?: QueueDepths;
}

export interface Metrics {
  registry: Registry;
  /** Counts and times every answered request under its route pattern (never the raw URL). */
  observe(app: FastifyInstance): void;
}

export const createMetrics = ({ database, queueDepths = defaultQueueDepths }: MetricsOptions): Metrics => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const { db } = database;

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  new Gauge({
    name: 'wallet_operations',
    help: 'Money operations by kind and status.',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await queryRows<{ kind: string; status: string; count: unknown }>(
        db,
        sql`select kind, status, count(*) as count from wallet_operations group by kind, status`,
      );
      this.reset();
      for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
    },
  });
  new Gauge({
    name: 'wallet_operations_pending',
    help: 'Operations waiting for their provider, and the age of the oldest in seconds.',
    labelNames: ['measure'] as const,
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ count: unknown; oldest: unknown }>(
        db,
        sql`select count(*) as count, coalesce(extract(epoch from now() - min(created_at)), 0) as oldest
            from wallet_operations where status = 'pending'`,
      );
      this.set({ measure: 'count' }, Number(row?.count ?? 0));
      this.set({ measure: 'oldest_age_seconds' }, Number(row?.oldest ?? 0));
    },
  });
  new Gauge({
    name: 'monitoring_holds_open',
    help:
      'Money moves held for review by a monitoring rule and not decided yet: their count, those escalated (older ' +
      'than MONITORING_ESCALATION_MINUTES), and the age of the oldest in seconds.',
    labelNames: ['measure'] as const,
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ count: unknown; escalated: unknown; oldest: unknown }>(
        db,
        sql`select count(*) as count, count(escalated_at) as escalated,
                   coalesce(extract(epoch from now() - min(created_at)), 0) as oldest
            from monitoring_holds where status = 'open'`,
      );
      this.set({ measure: 'count' }, Number(row?.count ?? 0));
      this.set({ measure: 'escalated' }, Number(row?.escalated ?? 0));
      this.set({ measure: 'oldest_age_seconds' }, Number(row?.oldest ?? 0));
    },
  });
  new Gauge({
    name: 'job_queue_depth',
    help: 'Work waiting for a background job, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [queue, depth] of Object.entries(await queueDepths(db))) this.set({ queue }, depth);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients); the embedded database has one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.() ?? { total: 1, idle: 0, waiting: 0 };
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });

  return {
    registry,
    observe(app) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        const method = request.method;
        requests.inc({ method, route, status: String(reply.statusCode) });
        latency.observe({ method, route }, reply.elapsedTime / 1000);
      });
    },
  };
};
