import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config } from '../config';
import { attachBatcher, batcherOf, batchOptionsFor, type CommitBatcherOptions } from './commit-batcher';
import { isDeadlock } from './errors';
import * as schema from './schema';

/** The one database type the server's code sees, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The database or a transaction: what query helpers accept. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  db: Db;
  /**
   * The same database through sessions with `synchronous_commit = off` (a second, small pool; PGlite: `db` itself):
   * their commits do not wait for the WAL flush. Only for records whose loss in a PostgreSQL crash is harmless and
   * that every synchronous commit made afterwards makes durable anyway (WAL is flushed in order): the built-in
   * sandbox rail's own records. Absent: `db` is used.
   */
  asyncCommitDb?: Db;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on a channel through a connection of its own (PostgreSQL) or the embedded database's in-process
   * notifications (PGlite, where `inProcess` is true: a NOTIFY reaches the listener as its statement commits, and
   * no connection can be lost). `onLost` is called once when the connection drops; the listener is then dead.
   * Absent (a test's stand-in database): nothing listens, and what relies on notifications reads the database.
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<NotificationListener>;
  /** The main pool's connections (PostgreSQL only): for the operators' metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface NotificationHandlers {
  onMessage(payload: string): void;
  onLost(error: unknown): void;
}

export interface NotificationListener {
  readonly inProcess: boolean;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const checkedChannel = (channel: string): string => {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return channel;
};

const listenThroughPglite = async (
  client: PGlite,
  channel: string,
  { onMessage }: NotificationHandlers,
): Promise<NotificationListener> => {
  const unlisten = await client.listen(checkedChannel(channel), onMessage);
  return { inProcess: true, close: () => unlisten() };
};

/** A dedicated client (never a pooled one: a LISTEN lives as long as its connection). */
const listenThroughPostgres = async (
  pool: pg.Pool,
  channel: string,
  { onMessage, onLost }: NotificationHandlers,
): Promise<NotificationListener> => {
  const client = new pg.Client({ ...pool.options });
  let open = true;
  const lost = (error: unknown) => {
    if (!open) return;
    open = false;
    onLost(error);
  };
  client.on('error', lost);
  client.on('end', () => lost(new Error('the LISTEN connection ended')));
  client.on('notification', (message) => {
    if (message.channel === channel) onMessage(message.payload ?? '');
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${checkedChannel(channel)}`);
  } catch (error) {
    open = false;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    inProcess: false,
    close: async () => {
      open = false;
      await client.end().catch(() => undefined);
    },
  };
};

/** PGlite under DATA_DIR/pglite by default; PostgreSQL when DATABASE_URL is set. */
export const openDatabase = async (
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'> &
    Partial<Pick<Config, 'DATABASE_POOL_SIZE' | 'LEDGER_BATCH_MAX' | 'LEDGER_BATCH_LANES'>>,
): Promise<Database> => {
  if (config.DATABASE_URL) {
    // At least 2: starting up holds one connection for the advisory lock while another migrates.
    const max = Math.max(2, config.DATABASE_POOL_SIZE ?? 20);
    return databaseFromPool(
      new pg.Pool({ connectionString: config.DATABASE_URL, max }),
      batchOptionsFor(config.LEDGER_BATCH_MAX, config.LEDGER_BATCH_LANES),
    );
  }
  const directory = path.resolve(config.DATA_DIR, 'pglite');
  mkdirSync(directory, { recursive: true });
  return databaseFromPglite(await PGlite.create(directory));
};

export const databaseFromPglite = (client: PGlite): Database => {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    asyncCommitDb: db,
    kind: 'pglite',
    listen: (channel, handlers) => listenThroughPglite(client, channel, handlers),
    close: () => client.close(),
  };
};

/** The asynchronous-commit pool beside `pool`: same server and database, a quarter of its size (at least 2). */
const asyncCommitPool = (pool: pg.Pool): pg.Pool =>
  new pg.Pool({
    ...pool.options,
    max: Math.max(2, Math.ceil((pool.options.max ?? 10) / 4)),
    options: [pool.options.options, '-c synchronous_commit=off'].filter(Boolean).join(' '),
  });

/**
 * PostgreSQL through `pool`; with `batch`, the ledger's hot statements are committed in batches (commit-batcher.ts,
 * `batchedRows`, LEDGER_BATCH_MAX > 1, the default); without, each on its own.
 */
export const databaseFromPool = (pool: pg.Pool, batch: CommitBatcherOptions | false = false): Database => {
  const relaxed = asyncCommitPool(pool);
  const batcher = batch ? attachBatcher(pool, batch) : undefined;
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  relaxed.on('error', () => undefined);
  return {
    db: drizzlePostgres(pool, { schema }) as unknown as Db,
    asyncCommitDb: drizzlePostgres(relaxed, { schema }) as unknown as Db,
    kind: 'postgres',
    listen: (channel, handlers) => listenThroughPostgres(pool, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await batcher?.close();
      await Promise.all([pool.end(), relaxed.end()]);
    },
  };
};

interface PgliteLike {
  query<R>(text: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * One statement of the hot path, outside any transaction, as a named prepared statement: node-postgres parses and
 * plans it once per connection (PostgreSQL may then reuse a generic plan) instead of on every call. PGlite runs it
 * as an ordinary parameterized query. `text` must be the same for every call with `name`.
 */
/** The driver under a Drizzle database: node-postgres's pool, or PGlite. */
export const clientOf = (db: Db): unknown => (db as unknown as { $client: unknown }).$client;

export const preparedRows = async <R>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> => {
  const client = clientOf(db);
  if (client instanceof pg.Pool)
    return retriedAfterDeadlock(async () => (await client.query({ name, text, values })).rows as R[]);
  return (await (client as PgliteLike).query<R>(text, values)).rows;
};

/** How often a statement on its own is run again when PostgreSQL chose it as a deadlock's victim. */
const DEADLOCK_RETRIES = 3;

/**
 * A statement outside any transaction, or a whole transaction, that PostgreSQL broke a deadlock with was rolled back
 * whole, so it runs again (`run` must do nothing but its statements). Concurrent duplicates of one request (two hosts, one Idempotency-Key and one bill quote) can deadlock: the
 * sub-statements of one statement's WITH insert their unique keys in no fixed order.
 */
export const retriedAfterDeadlock = async <R>(run: () => Promise<R>): Promise<R> => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt > DEADLOCK_RETRIES || !isDeadlock(error)) throw error;
    }
  }
};

/**
 * A statement of the money path that writes (creates or posts an operation): on PostgreSQL with a batcher, run in
 * the next batch of the lane of `laneKey` (the user whose wallet and keys it writes) and answered once that batch has
 * committed; otherwise exactly as `preparedRows`.
 */
export const batchedRows = async <R>(
  db: Db,
  laneKey: number,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> => {
  const client = clientOf(db);
  const batcher = client instanceof pg.Pool ? batcherOf(client) : undefined;
  if (batcher) return batcher.rows<R>(laneKey, name, text, values);
  return preparedRows<R>(db, name, text, values);
};
