/** The arguments and the run of `npm run paths` (scripts/paths.ts), apart so the tests call them directly. */
import {
  buildSuite,
  CRITERIA,
  listingText,
  listMachines,
  loadMachineFiles,
  loadModelRegistry,
  suiteJson,
  suiteMarkdown,
  type Criterion,
} from './path-suites';
import { loadReach, noDriver, playwrightSpec } from './path-playwright';

export const FORMATS = ['md', 'json', 'playwright'] as const;
export type Format = (typeof FORMATS)[number];

export interface PathsArgs {
  list: boolean;
  machine?: string;
  cover: Criterion;
  format: Format;
  seed?: number;
  walks?: number;
  out?: string;
}

export const USAGE =
  'usage: npm run paths -- <machine> [--cover states|transitions|requirements] [--format md|json|playwright] [--seed N --walks K] [--out DIR]\n       npm run paths -- --list';

export const parsePathsArgs = (argv: string[]): PathsArgs | { error: string } => {
  const args: PathsArgs = { list: false, cover: 'transitions', format: 'md' };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const value = () => {
      const next = argv[++index];
      if (next === undefined || next.startsWith('--')) throw new Error(`${arg} needs a value`);
      return next;
    };
    const count = (name: string) => {
      const text = value();
      if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number, not '${text}'`);
      return Number(text);
    };
    try {
      if (arg === '--list') args.list = true;
      else if (arg === '--cover') {
        const cover = value();
        if (!CRITERIA.includes(cover as Criterion))
          throw new Error(`--cover is one of ${CRITERIA.join(', ')}`);
        args.cover = cover as Criterion;
      } else if (arg === '--format') {
        const format = value();
        if (!FORMATS.includes(format as Format)) throw new Error(`--format is one of ${FORMATS.join(', ')}`);
        args.format = format as Format;
      } else if (arg === '--seed') args.seed = count('--seed');
      else if (arg === '--walks') args.walks = count('--walks');
      else if (arg === '--out') args.out = value();
      else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
      else if (args.machine) throw new Error(`one machine at a time (${args.machine}, ${arg})`);
      else args.machine = arg;
    } catch (error) {
      return { error: `${(error as Error).message}\n${USAGE}` };
    }
  }
  if (!args.list && !args.machine) return { error: USAGE };
  if (args.seed !== undefined && args.walks === undefined)
    return { error: `--seed goes with --walks\n${USAGE}` };
  return args;
};

export interface PathsOutput {
  text: string;
  fileName: string;
  summary?: string;
}

export const runPaths = async (root: string, args: PathsArgs): Promise<PathsOutput | { error: string }> => {
  const [files, registry] = await Promise.all([loadMachineFiles(root), loadModelRegistry(root)]);
  if (args.list) {
    const listing = listMachines(files, registry);
    return args.format === 'json'
      ? { text: `${JSON.stringify(listing, null, 2)}\n`, fileName: 'machines.json' }
      : { text: listingText(listing), fileName: 'machines.txt' };
  }
  const machine = args.machine!;
  if (!files.some((file) => file.name === machine))
    return { error: `no machine '${machine}' in src/machines (npm run paths -- --list)` };
  const models = registry.get(machine);
  if (!models?.length) return { error: `machine '${machine}' has no path-test models in tests/support` };
  let reject:
    | ((steps: Parameters<NonNullable<Parameters<typeof buildSuite>[2]['reject']>>[0]) => string | null)
    | undefined;
  if (args.format === 'playwright') {
    const missing = noDriver(machine, root);
    if (missing) return { error: missing };
    if (args.walks !== undefined)
      return { error: '--format playwright takes the generated paths, not random walks' };
    reject = await loadReach(machine, root);
  }
  const suite = buildSuite(machine, models, {
    criterion: args.cover,
    ...(args.walks !== undefined ? { walks: args.walks, seed: args.seed ?? 1 } : {}),
    ...(reject ? { reject } : {}),
  });
  const summary = `${suite.coverage.criterion} ${suite.coverage.covered}/${suite.coverage.total} in ${suite.paths.length} paths`;
  if (args.format === 'json') return { text: suiteJson(suite), fileName: `${machine}.paths.json`, summary };
  if (args.format === 'playwright') {
    const command = `npm run paths -- ${machine} --cover ${args.cover} --format playwright --out tests/e2e`;
    // Formatted as the project's code is, so the generated spec passes `npm run format:check` as written.
    const prettier = await import('prettier');
    const options = (await prettier.resolveConfig(`${root}/tests/e2e/${machine}.paths.spec.ts`)) ?? {};
    const text = await prettier.format(playwrightSpec(suite, command), { ...options, parser: 'typescript' });
    return { text, fileName: `${machine}.paths.spec.ts`, summary };
  }
  return { text: suiteMarkdown(suite), fileName: `${machine}.paths.md`, summary };
};
