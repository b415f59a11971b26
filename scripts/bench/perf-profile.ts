import { spawn, spawnSync } from 'node:child_process';

/*
 * Where the machine's CPU goes during a timed run (`BENCH_PERF=1` of bench:ledger): Linux perf samples every core
 * (software clock, 499 Hz, call graphs) while the run lasts; the summary splits the samples by process, and gives
 * PostgreSQL's backends' time by stage of a statement (inclusive: a stage's share counts what it calls). Needs
 * `perf` (Debian's linux-perf) and a kernel that lets this user sample every process.
 */

export interface PerfSummary {
  /** Share of every sample, by command name (swapper: idle). */
  byCommand: { command: string; share: number }[];
  /** Share of PostgreSQL's own samples spent in (and under) each stage. */
  postgresStages: { stage: string; share: number }[];
  /** PostgreSQL's functions with the most samples of their own. */
  postgresSelf: { name: string; share: number }[];
}

/**
 * The stages of a statement in PostgreSQL's backends, each named by the functions that run it (the largest share
 * of them counts: perf does not always resolve the same frame of a call chain, plpgsql's above all).
 */
const POSTGRES_STAGES: readonly { stage: string; symbols: readonly string[] }[] = [
  { stage: 'reading the client (protocol, socket)', symbols: ['pq_getbyte', 'secure_read'] },
  { stage: 'answering the client (socket writes)', symbols: ['secure_write', 'internal_flush'] },
  { stage: 'parsing', symbols: ['raw_parser'] },
  {
    stage: 'analysis and rewrite',
    symbols: ['pg_analyze_and_rewrite_fixedparams', 'parse_analyze_fixedparams'],
  },
  { stage: 'planning (top-level and plpgsql)', symbols: ['standard_planner', 'planner'] },
  { stage: 'executing (top-level and nested)', symbols: ['standard_ExecutorRun', 'ExecutorRun'] },
  {
    stage: 'plpgsql functions (ledger batches, checks, triggers)',
    symbols: ['plpgsql_call_handler', 'plpgsql_exec_function', 'exec_stmt_block'],
  },
  {
    stage: 'triggers (audit chain, debit days, balance check)',
    symbols: ['ExecCallTriggerFunc', 'plpgsql_exec_trigger'],
  },
  { stage: 'commit', symbols: ['CommitTransactionCommand', 'CommitTransaction'] },
  { stage: 'WAL flush (fdatasync)', symbols: ['XLogFlush'] },
  { stage: 'WAL records', symbols: ['XLogInsertRecord', 'XLogInsert'] },
  { stage: 'subtransactions (each statement of a batch)', symbols: ['BeginInternalSubTransaction'] },
  { stage: 'heavyweight locks', symbols: ['LockAcquireExtended'] },
  { stage: 'row locks (FOR UPDATE)', symbols: ['heap_lock_tuple'] },
];

export const perfAvailable = (): boolean => spawnSync('perf', ['--version']).status === 0;

/** Samples every core for `seconds` into `file`; resolves when perf has written it. */
export const recordPerf = (file: string, seconds: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      'perf',
      ['record', '-e', 'cpu-clock', '-F', '499', '-a', '-g', '-o', file, '--', 'sleep', String(seconds)],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`perf record exited with ${code}: ${errors}`)),
    );
  });

const report = (file: string, args: string[]): string[] => {
  const result = spawnSync('perf', ['report', '-i', file, '--stdio', '-g', 'none', ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`perf report failed: ${result.stderr}`);
  return result.stdout.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
};

const percent = (text: string | undefined) => Number((text ?? '').replace('%', '')) / 100;

export const summarizePerf = (file: string): PerfSummary => {
  const byCommand = report(file, ['--no-children', '--sort', 'comm'])
    .map((line) => /^\s*([\d.]+%)\s+(.+?)\s*$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ command: match[2] ?? '', share: percent(match[1]) }))
    .filter((row) => row.share >= 0.005);
  // Children and self shares of each PostgreSQL function, relative to PostgreSQL's samples.
  const functions = new Map<string, { children: number; self: number }>();
  for (const line of report(file, [
    '--comm',
    'postgres',
    '--children',
    '--sort',
    'sym',
    '--percentage',
    'relative',
  ])) {
    const match = /^\s*([\d.]+%)\s+([\d.]+%)\s+\[[.k]\]\s+(.+?)\s*$/.exec(line);
    if (match) functions.set(match[3] ?? '', { children: percent(match[1]), self: percent(match[2]) });
  }
  return {
    byCommand,
    postgresStages: POSTGRES_STAGES.map(({ stage, symbols }) => ({
      stage: `${stage} [${symbols.join(', ')}]`,
      share: Math.max(...symbols.map((symbol) => functions.get(symbol)?.children ?? 0)),
    })),
    postgresSelf: [...functions.entries()]
      .map(([name, shares]) => ({ name, share: shares.self }))
      .filter((row) => !row.name.startsWith('0x'))
      .sort((a, b) => b.share - a.share)
      .slice(0, 15),
  };
};
