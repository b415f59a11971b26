import { createHash } from 'node:crypto';
import pg from 'pg';

/*
 * Group commit for the ledger's hot statements (issue 13): the postings of concurrent requests are run together in
 * one transaction, so one WAL flush commits many money moves. Each statement runs under its own savepoint, so one
 * that fails (an overdraft refused by the wallets' CHECK, a key already taken) is rolled back alone and fails only
 * its own caller; every caller is answered only once its batch has committed (or failed), so nothing is answered
 * that a crash could still take back, and a failed caller that then reads what a copy of its request wrote in the
 * same batch sees it committed.
 *
 * Statements are queued by lane (a key: the user whose wallet and keys they write). A lane runs one batch at a time;
 * a user's statements always go to the same lane, so two lanes never wait on each other's rows, and statements of
 * one user run in the order they were queued. Deferred constraints (the ledger's balance check) are checked at the
 * end of each statement (SET CONSTRAINTS ALL IMMEDIATE), inside its savepoint, as they would be at the commit of an
 * autocommit statement. A statement picked as a deadlock victim (a batch holding several wallets' rows can meet a
 * transaction locking two wallets) is run again on its own once its batch has committed. *
 * A statement that changes two users' wallets (a transfer between wallets) names them (`wallets`): a batch holding
 * one locks every wallet its statements change, in user id order, before the first statement (inLockOrder says why
 * the order matters), so the receiver's wallet is never taken out of that order by a statement further on.
 */

export interface CommitBatcherOptions {
  /** Most statements in one transaction (each savepoint is a subtransaction: PostgreSQL caches 64 per backend). */
  maxBatch: number;
  /** Independent lanes (each holds a connection of the pool while it runs a batch). */
  lanes: number;
  /** Extra wait before a lane starts a batch that is not full, to let more statements join (0: the next turn). */
  windowMs: number;
  /** Called with the connection after a batch's statements and before its COMMIT (tests: a crash window). */
  beforeCommit?: (size: number) => Promise<void>;
}

export const DEFAULT_BATCH_OPTIONS: CommitBatcherOptions = { maxBatch: 32, lanes: 2, windowMs: 0 };

/** The batcher's options for LEDGER_BATCH_MAX and LEDGER_BATCH_LANES; false (each statement alone) for a max of 1. */
export const batchOptionsFor = (
  maxBatch: number = DEFAULT_BATCH_OPTIONS.maxBatch,
  lanes: number = DEFAULT_BATCH_OPTIONS.lanes,
): CommitBatcherOptions | false => (maxBatch > 1 ? { ...DEFAULT_BATCH_OPTIONS, maxBatch, lanes } : false);

/**
 * A query run before a statement, in its transaction (its savepoint, in a batch): a row whose `refusal` column is
 * not null fails the statement with SQLSTATE CHECK_REFUSED and that refusal as the message, so nothing of it is
 * kept. Each check is its own query, so it sees what committed while an earlier one waited for a row lock.
 */
export interface StatementCheck {
  text: string;
  values: unknown[];
}

/** The SQLSTATE of a statement a check refused (the error's message is the refusal). */
export const CHECK_REFUSED = 'WLC01';

interface Queued {
  laneKey: number;
  /** The user wallets it changes when they are more than its lane's user's (in user id order). */
  wallets: readonly number[];
  name: string;
  text: string;
  values: unknown[];
  checks: readonly StatementCheck[];
  resolve: (rows: unknown[]) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; rows: unknown[] } | { ok: false; error: unknown };

interface Lane {
  queue: Queued[];
  running: Promise<void> | null;
}

export interface BatchStats {
  /** Transactions (a batch of one is an ordinary autocommit statement and counts too). */
  batches: number;
  statements: number;
  largest: number;
  /** Statements rolled back to their savepoint (each failed only its caller). */
  failed: number;
  /** Deadlock victims run again on their own. */
  retried: number;
  /** Batches that locked their wallets first (one of their statements changes two users' wallets). */
  walletsLockedFirst: number;
}

const RETRY_ALONE = new Set<unknown>(['40P01', '40001']);
const ALONE_RETRIES = 3;
const sqlState = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CommitBatcher {
  readonly stats: BatchStats = {
    batches: 0,
    statements: 0,
    largest: 0,
    failed: 0,
    retried: 0,
    walletsLockedFirst: 0,
  };
  private readonly lanes: Lane[];
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: CommitBatcherOptions = DEFAULT_BATCH_OPTIONS,
  ) {
    if (!Number.isInteger(options.maxBatch) || options.maxBatch < 1 || options.maxBatch > 60)
      throw new RangeError(`maxBatch must be 1-60, not ${options.maxBatch}`);
    if (!Number.isInteger(options.lanes) || options.lanes < 1)
      throw new RangeError(`lanes must be a positive integer, not ${options.lanes}`);
    this.lanes = Array.from({ length: options.lanes }, () => ({ queue: [], running: null }));
  }

  /**
   * Runs one statement (a named prepared statement) in the next batch of `laneKey`'s lane, after its `checks` (in
   * its savepoint: a refused check fails it alone); its rows once committed. `wallets`: the users whose wallets it
   * changes, when that is more than `laneKey`'s (a transfer between wallets: its batch locks them all first).
   */
  rows<R>(
    laneKey: number,
    name: string,
    text: string,
    values: unknown[],
    checks: readonly StatementCheck[] = [],
    wallets: readonly number[] = [],
  ): Promise<R[]> {
    if (this.closed) return Promise.reject(new Error('the commit batcher is closed'));
    const lane = this.lanes[Math.abs(Math.trunc(laneKey)) % this.lanes.length] as Lane;
    return new Promise<R[]>((resolve, reject) => {
      lane.queue.push({
        laneKey,
        wallets,
        name,
        text,
        values,
        checks,
        resolve: resolve as (rows: unknown[]) => void,
        reject,
      });
      if (!lane.running) lane.running = this.drain(lane);
    });
  }

  /** Refuses new statements and waits until every queued one is committed and answered. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.lanes.map((lane) => lane.running));
  }

  private async drain(lane: Lane): Promise<void> {
    try {
      // Let the statements of requests handled in this turn of the event loop join the first batch.
      await new Promise((resolve) => setImmediate(resolve));
      while (lane.queue.length > 0) {
        if (this.options.windowMs > 0 && lane.queue.length < this.options.maxBatch)
          await sleep(this.options.windowMs);
        await this.runBatch(inLockOrder(lane.queue.splice(0, this.options.maxBatch)));
      }
    } finally {
      lane.running = null;
    }
  }

  private async runBatch(batch: Queued[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.statements += batch.length;
    this.stats.largest = Math.max(this.stats.largest, batch.length);
    let outcomes: Outcome[];
    if (batch.length === 1) {
      const [only] = batch as [Queued];
      outcomes = [await this.alone(only)];
    } else {
      try {
        outcomes = await this.inOneTransaction(batch);
      } catch (error) {
        // Locking the batch's wallets first was a deadlock's victim: nothing of it happened, each runs alone below.
        if (RETRY_ALONE.has(sqlState(error))) outcomes = batch.map(() => ({ ok: false, error }));
        else {
          // BEGIN, a savepoint or COMMIT itself failed (a lost connection): nothing of the batch can be counted on.
          for (const item of batch) item.reject(error);
          return;
        }
      }
    }
    await Promise.all(
      batch.map(async (item, index) => {
        let outcome = outcomes[index] as Outcome;
        // A deadlock's victim (or a serialization failure) was rolled back whole: run it again, alone, a few times
        // (alone it can still meet a batch that holds a wallet and an audit chain in the other order, issue 24).
        for (
          let attempt = 0;
          !outcome.ok && RETRY_ALONE.has(sqlState(outcome.error)) && attempt < ALONE_RETRIES;
          attempt += 1
        ) {
          this.stats.retried += 1;
          outcome = await this.alone(item);
        }
        if (outcome.ok) item.resolve(outcome.rows);
        else item.reject(outcome.error);
      }),
    );
  }

  private async alone(item: Queued): Promise<Outcome> {
    if (item.checks.length > 0) return this.aloneChecked(item);
    try {
      return {
        ok: true,
        rows: (await this.pool.query({ name: item.name, text: item.text, values: item.values })).rows,
      };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /** A statement with checks, on its own: its function (checks, then the statement) called in one statement. */
  private async aloneChecked(item: Queued): Promise<Outcome> {
    try {
      return { ok: true, rows: await checkedRows(this.pool, item.name, item.text, item.values, item.checks) };
    } catch (error) {
      return { ok: false, error };
    }
  }

  private async inOneTransaction(batch: Queued[]): Promise<Outcome[]> {
    const connection = await this.pool.connect();
    let broken: unknown;
    try {
      await defineFunctions(connection, batch);
      const texts = batch.map(callOf);
      const lockFirst = walletsToLockFirst(batch);
      if (lockFirst.length > 0) this.stats.walletsLockedFirst += 1;
      const hook = this.options.beforeCommit;
      if (hook) await connection.query('begin');
      const { rows } = await connection.query<BatchRow>({
        name: 'ledger_batch',
        text: RUN_BATCH,
        values: [texts, lockFirst],
      });
      if (hook) {
        await hook(batch.length);
        await connection.query('commit');
      }
      return batch.map((_, index) => {
        const row = rows[index];
        if (!row) return { ok: false, error: new Error('the batch lost a statement') };
        if (row.ok) return { ok: true, rows: row.result ?? [] };
        this.stats.failed += 1;
        return { ok: false, error: statementError(row) };
      });
    } catch (error) {
      broken = error;
      await connection.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      // A connection whose batch went wrong is not given back for reuse.
      connection.release(broken instanceof Error ? broken : undefined);
    }
  }
}

/**
 * A batch's statements in ascending user order (a stable sort: one user's keep their queued order). A batch locks
 * the wallets of all its users until it commits; taken in the order they were queued, two batches (another lane's,
 * or another host's) or a payment locking two wallets (`order by user_id`) could each hold a wallet the other waits
 * for. Everything that locks several wallets takes them in the same order, so none waits in a cycle.
 */
const inLockOrder = (batch: Queued[]): Queued[] => batch.sort((a, b) => a.laneKey - b.laneKey);

/**
 * The wallets a batch locks before its first statement: none when each statement changes at most its lane's user's
 * wallet (they are taken in the batch's order); else every wallet any of them may change (its lane's user's and
 * the ones it names), in user id order, so a receiver's wallet is not taken after a greater user's.
 */
const walletsToLockFirst = (batch: readonly Queued[]): number[] => {
  if (!batch.some((item) => item.wallets.some((userId) => userId !== item.laneKey))) return [];
  const users = new Set<number>();
  for (const item of batch) {
    users.add(item.laneKey);
    for (const userId of item.wallets) users.add(userId);
  }
  return [...users].sort((a, b) => a - b);
};

/*
 * A batch is one statement (one round trip, one transaction, one WAL flush): a function that runs each statement in
 * its own subtransaction (a plpgsql block with an exception handler: a savepoint) and returns, per statement, its
 * rows as JSON or its error (SQLSTATE, message, constraint). It is a temporary function, created once per connection
 * of the pool that runs batches: no migration, and nothing else can call it. Deferred constraints are checked at the
 * end of each statement, inside its subtransaction.
 */
const BATCH_FUNCTION = `create or replace function pg_temp.ledger_batch(statements text[], lock_first int[])
returns table (ok boolean, result jsonb, err_state text, err_message text, err_constraint text)
language plpgsql as $batch$
declare
  i int;
  collected jsonb;
begin
  set constraints all immediate;
  if cardinality(lock_first) > 0 then
    perform 1 from wallets where user_id = any(lock_first) order by user_id for update;
  end if;
  for i in 1 .. coalesce(array_length(statements, 1), 0) loop
    begin
      execute statements[i] into collected;
      ok := true; result := collected; err_state := null; err_message := null; err_constraint := null;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text,
        err_constraint = constraint_name;
      ok := false; result := null;
    end;
    return next;
  end loop;
end
$batch$`;

const RUN_BATCH =
  'select ok, result, err_state, err_message, err_constraint from pg_temp.ledger_batch($1::text[], $2::int[])';

interface BatchRow {
  ok: boolean;
  result: unknown[] | null;
  err_state: string | null;
  err_message: string | null;
  err_constraint: string | null;
}

/** The error a statement of a batch raised, shaped like node-postgres's (code, constraint) for the callers' checks. */
const statementError = (row: BatchRow): Error =>
  Object.assign(new Error(row.err_message ?? 'a batched statement failed'), {
    code: row.err_state ?? undefined,
    constraint: row.err_constraint || undefined,
  });

const arityOf = (text: string): number =>
  Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1])));
const shifted = (text: string, by: number): string =>
  by === 0 ? text : text.replace(/\$(\d+)/g, (_, position: string) => `$${Number(position) + by}`);

interface StatementProgram {
  /** What identifies its function: the texts of its checks and statement. */
  key: string;
  name: string;
  definition: string;
  values: unknown[];
}

/**
 * Each statement runs as a temporary plpgsql function of its own (`lb_<hash of its text>`, its parameters as text,
 * each cast by the statement, `$n::type`): plpgsql plans its static query once per connection and keeps the plan,
 * as a named prepared statement would be, so only the small call is planned per batch. It returns the rows as JSON.
 * A statement with checks runs them first in the same function (their parameters numbered after the ones before),
 * each as its own query: in a volatile function every query takes a new snapshot, so a check made after another
 * has waited for a row lock sees what committed meanwhile.
 */
const programOf = ({
  text,
  values,
  checks,
}: Pick<Queued, 'text' | 'values' | 'checks'>): StatementProgram => {
  const parts = [...checks.map((check) => ({ ...check, check: true })), { text, values, check: false }];
  let arity = 0;
  const texts: string[] = [];
  const body: string[] = [];
  const all: unknown[] = [];
  for (const part of parts) {
    const own = arityOf(part.text);
    const query = shifted(part.text, arity);
    texts.push(query);
    body.push(
      part.check
        ? `  for item in ${query} loop
    if item.refusal is not null then
      raise exception using errcode = '${CHECK_REFUSED}', message = item.refusal;
    end if;
  end loop;`
        : `  for item in ${query} loop
    collected := collected || jsonb_build_array(to_jsonb(item));
  end loop;`,
    );
    all.push(...Array.from({ length: own }, (_, index) => part.values[index]));
    arity += own;
  }
  const key = texts.join('\n;\n');
  const name = `pg_temp.lb_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
  const definition = `create or replace function ${name}(${Array.from({ length: arity }, () => 'text').join(', ')})
returns jsonb language plpgsql as $lb$
declare
  item record;
  collected jsonb := '[]'::jsonb;
begin
${body.join('\n')}
  return collected;
end
$lb$`;
  return { key, name, definition, values: all };
};

/**
 * A statement with its checks, outside any batch, in one round trip and one (autocommit) transaction: its function
 * (the checks, each as its own query, then the statement; programOf) called on a connection of `pool`. A refused
 * check fails it with SQLSTATE CHECK_REFUSED and nothing of it is kept; a deadlock's victim was rolled back whole
 * and may be run again. Used for a statement with checks when there is nothing to batch it with, and for postings
 * that change two user wallets (locked first, in user id order, by their first check).
 */
export const checkedRows = async <R>(
  pool: pg.Pool,
  name: string,
  text: string,
  values: unknown[],
  checks: readonly StatementCheck[],
): Promise<R[]> => {
  const item = { name, text, values, checks };
  const connection = await pool.connect();
  let broken: unknown;
  try {
    await defineFunctions(connection, [item]);
    const { rows } = await connection.query<{ result: R[] | null }>(callOf(item));
    return rows[0]?.result ?? [];
  } catch (error) {
    broken = error;
    throw error;
  } finally {
    // A refused check (or any error PostgreSQL raised) is an ordinary error: the connection stays usable.
    connection.release(broken instanceof Error && sqlState(broken) === undefined ? broken : undefined);
  }
};

/** The functions of the batch's statements this connection does not have yet are created (once per connection). */
const defined = new WeakMap<pg.PoolClient, Set<string>>();
const defineFunctions = async (
  connection: pg.PoolClient,
  batch: readonly Pick<Queued, 'text' | 'values' | 'checks'>[],
): Promise<void> => {
  const known = defined.get(connection) ?? new Set<string>();
  defined.set(connection, known);
  if (!known.has(BATCH_FUNCTION)) {
    await connection.query(BATCH_FUNCTION);
    known.add(BATCH_FUNCTION);
  }
  for (const item of batch) {
    const program = programOf(item);
    if (known.has(program.key)) continue;
    await connection.query(program.definition);
    known.add(program.key);
  }
};

/** The call of a statement's function with its parameters written in as quoted literals. */
const callOf = (item: Pick<Queued, 'text' | 'values' | 'checks'>): string => {
  const { name, values } = programOf(item);
  const literals = values.map((value) => {
    const text = parameterText(value);
    return text === null ? 'null' : pg.escapeLiteral(text);
  });
  return `select ${name}(${literals.join(', ')}) as result`;
};

/** A parameter as the text PostgreSQL reads it (as node-postgres sends it): arrays as array literals. */
const parameterText = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) {
    const element = (item: unknown) => {
      const text = parameterText(item);
      return text === null ? 'NULL' : `"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
    };
    return `{${value.map(element).join(',')}}`;
  }
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * `text` with its parameters written in as quoted literals (every parameter of the ledger's statements is cast,
 * `$n::type`, so a literal stands exactly where the parameter stood). The statements have no other `$`.
 */
export const inlineValues = (text: string, values: readonly unknown[]): string =>
  text.replace(/\$(\d+)/g, (_, position: string) => {
    const value = parameterText(values[Number(position) - 1]);
    return value === null ? 'null' : pg.escapeLiteral(value);
  });

const batchers = new WeakMap<pg.Pool, CommitBatcher>();

/** Gives `pool` its batcher (its statements then run through it: `batcherOf`). */
export const attachBatcher = (pool: pg.Pool, options: CommitBatcherOptions): CommitBatcher => {
  const batcher = new CommitBatcher(pool, options);
  batchers.set(pool, batcher);
  return batcher;
};

export const batcherOf = (pool: pg.Pool): CommitBatcher | undefined => batchers.get(pool);
