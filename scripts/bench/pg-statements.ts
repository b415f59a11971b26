import pg from 'pg';

/*
 * Where PostgreSQL's time goes during a timed run, by statement (`BENCH_PG_STATEMENTS=1` of bench:ledger): read
 * from pg_stat_statements, which the server must load (`shared_preload_libraries = 'pg_stat_statements'`, a
 * restart) with `pg_stat_statements.track = all`, so the statements run inside the ledger's plpgsql functions (the
 * checks, the posting) are counted on their own as well as in the call that runs them (`toplevel` false).
 */

export interface StatementTime {
  /** The statement's normalised text, on one line, shortened. */
  text: string;
  toplevel: boolean;
  callsPerMove: number;
  /** Milliseconds of execution (planning apart) per money move; a top-level call includes its nested statements. */
  execMsPerMove: number;
  planMsPerMove: number;
  rowsPerMove: number;
}

/** Connects where the view can be read (the extension is created in the server's `postgres` database). */
const connect = async (serverUrl: string): Promise<pg.Client> => {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
};

/** Whether the server loads pg_stat_statements with nested statements tracked; creates the view where it reads it. */
export const statementTimesAvailable = async (serverUrl: string): Promise<string | null> => {
  const client = await connect(serverUrl);
  try {
    const { rows } = await client.query<{ libraries: string }>(
      "select current_setting('shared_preload_libraries') as libraries",
    );
    if (!/\bpg_stat_statements\b/.test(rows[0]?.libraries ?? ''))
      return "the server does not load pg_stat_statements (ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements', then restart it)";
    await client.query('create extension if not exists pg_stat_statements');
    const { rows: track } = await client.query<{ track: string }>(
      "select current_setting('pg_stat_statements.track') as track",
    );
    if (track[0]?.track !== 'all')
      return "pg_stat_statements.track is not 'all' (ALTER SYSTEM SET pg_stat_statements.track = 'all'; SELECT pg_reload_conf())";
    return null;
  } finally {
    await client.end();
  }
};

/** Forgets what was counted so far (every database's: the server's other work shows up as well, in its own rows). */
export const resetStatementTimes = async (serverUrl: string): Promise<void> => {
  const client = await connect(serverUrl);
  try {
    await client.query('select pg_stat_statements_reset()');
  } finally {
    await client.end();
  }
};

/** The statements of `database` that took the most execution time since the reset, per money move. */
export const statementTimes = async (
  serverUrl: string,
  database: string,
  moves: number,
  limit = 18,
): Promise<StatementTime[]> => {
  const client = await connect(serverUrl);
  try {
    const { rows } = await client.query<{
      query: string;
      toplevel: boolean;
      calls: string;
      total_exec_time: number;
      total_plan_time: number;
      rows: string;
    }>(
      `select s.query, s.toplevel, s.calls, s.total_exec_time, s.total_plan_time, s.rows
         from pg_stat_statements s join pg_database d on d.oid = s.dbid
        where d.datname = $1
        order by s.total_exec_time desc
        limit $2`,
      [database, limit],
    );
    return rows.map((row) => ({
      text: row.query.replace(/\s+/g, ' ').slice(0, 110),
      toplevel: row.toplevel,
      callsPerMove: Number(row.calls) / moves,
      execMsPerMove: row.total_exec_time / moves,
      planMsPerMove: row.total_plan_time / moves,
      rowsPerMove: Number(row.rows) / moves,
    }));
  } finally {
    await client.end();
  }
};
