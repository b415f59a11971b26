/** `npm run paths` (issue 27): path suites on demand from the machines' path-test models. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { machinesWithDrivers } from '../../scripts/path-playwright';
import { parsePathsArgs, runPaths, type PathsArgs } from '../../scripts/paths-command';
import { loadMachineFiles, loadModelRegistry, seededRandom, type Suite } from '../../scripts/path-suites';
import { machineTransitions } from '../support/machine-paths';
import { transferMachine } from '../../src/machines/transfer.machine';

const root = process.cwd();
const run = async (argv: string[]) => {
  const args = parsePathsArgs(argv);
  if ('error' in args) throw new Error(args.error);
  const output = await runPaths(root, args);
  if ('error' in output) throw new Error(output.error);
  return output;
};
const suiteOf = async (argv: string[]) =>
  JSON.parse((await run([...argv, '--format', 'json'])).text) as Suite;

describe('the arguments', () => {
  it('default to transitions in Markdown', () => {
    expect(parsePathsArgs(['transfer'])).toEqual<PathsArgs>({
      list: false,
      machine: 'transfer',
      cover: 'transitions',
      format: 'md',
    });
    expect(parsePathsArgs(['top-up', '--walks', '5', '--seed', '42', '--out', 'x'])).toMatchObject({
      walks: 5,
      seed: 42,
      out: 'x',
    });
  });

  it('refuse what they do not know, with the usage', () => {
    for (const argv of [
      [],
      ['transfer', '--cover', 'branches'],
      ['transfer', '--format', 'html'],
      ['transfer', '--walks', 'many'],
      ['transfer', '--seed', '3'],
      ['transfer', 'top-up'],
      ['transfer', '--colour'],
    ])
      expect(parsePathsArgs(argv), argv.join(' ')).toMatchObject({
        error: expect.stringContaining('usage:'),
      });
  });
});

describe('the suites', () => {
  it('transfer --cover transitions --format json takes every transition of the transfer machine', async () => {
    const suite = await suiteOf(['transfer', '--cover', 'transitions']);
    expect(suite.coverage).toMatchObject({ criterion: 'transitions', uncovered: [] });
    expect(suite.coverage.total).toBe(machineTransitions(transferMachine).length);
    expect(suite.coverage.covered).toBe(suite.coverage.total);
    const step = suite.paths[0]!.steps[1]!;
    expect(step).toMatchObject({
      event: expect.any(String),
      payload: expect.any(String),
      state: expect.any(String),
      shows: expect.any(Array),
    });
    // Readable: some step names what the screen says (a refusal, a failure), in the spec's words.
    expect(suite.paths.some((path) => path.steps.some((s) => s.shows.length > 0))).toBe(true);
  }, 180_000);

  it('covers states and requirements too, and ends the Markdown with the coverage', async () => {
    const states = await suiteOf(['cookie-consent', '--cover', 'states']);
    expect(states.coverage.covered).toBe(states.coverage.total);
    expect(states.coverage.total).toBeGreaterThan(1);
    const requirements = await suiteOf(['withdrawal', '--cover', 'requirements']);
    expect(requirements.coverage.total).toBeGreaterThan(0);
    expect(requirements.coverage.uncovered).toEqual([]);
    const markdown = (await run(['withdrawal', '--cover', 'requirements'])).text;
    expect(markdown).toMatch(/## Coverage\n\nrequirements: (\d+) of \1 \(100%\)/);
  }, 120_000);

  it('random walks are the same for the same seed, and differ for another', async () => {
    const first = await run(['top-up', '--walks', '4', '--seed', '7', '--format', 'json']);
    const again = await run(['top-up', '--walks', '4', '--seed', '7', '--format', 'json']);
    const other = await run(['top-up', '--walks', '4', '--seed', '8', '--format', 'json']);
    expect(again.text).toBe(first.text);
    expect(other.text).not.toBe(first.text);
    const suite = JSON.parse(first.text) as Suite;
    expect(suite).toMatchObject({ seed: 7, walks: 4 });
    expect(suite.paths).toHaveLength(4);
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  }, 120_000);

  it('--list names every machine file with its states, transitions, requirement ids and models', async () => {
    const files = await loadMachineFiles(root);
    const registry = await loadModelRegistry(root);
    const listing = JSON.parse((await run(['--list', '--format', 'json'])).text) as {
      file: string;
      requirements: string[];
      models: number;
    }[];
    expect(listing.map((entry) => entry.file)).toEqual(files.map((file) => file.name));
    expect(listing.find((entry) => entry.file === 'transfer')!.requirements).toContain('S5.transfer.3');
    // The models are found in tests/support whatever their file: the issue-2 list and the later ones alike.
    for (const file of ['session', 'transfer', 'top-up', 'withdrawal', 'bill-payment'])
      expect(registry.get(file)?.length ?? 0, file).toBeGreaterThan(0);
    expect(listing.find((entry) => entry.file === 'transfer')!.models).toBe(registry.get('transfer')!.length);
  }, 60_000);

  it('an unknown machine, or a playwright suite without a browser driver, is refused by name', async () => {
    const args = parsePathsArgs(['no-such-machine']) as PathsArgs;
    expect(await runPaths(root, args)).toEqual({
      error: expect.stringContaining("no machine 'no-such-machine'"),
    });
    const spec = await runPaths(
      root,
      parsePathsArgs(['cookie-consent', '--format', 'playwright']) as PathsArgs,
    );
    expect(spec).toEqual({ error: expect.stringContaining("no browser driver for 'cookie-consent'") });
  }, 60_000);
});

describe('--format playwright', () => {
  it('writes the withdrawal paths the e2e runner takes through the screens, as committed in tests/e2e', async () => {
    const output = await run(['withdrawal', '--cover', 'transitions', '--format', 'playwright']);
    expect(output.fileName).toBe('withdrawal.paths.spec.ts');
    expect(output.text).toContain("import { driver } from './paths/withdrawal.driver';");
    // What the screens cannot take against the real host is left out, with the reason.
    expect(output.text).toContain('the sandbox answers every payout pending, then decides it');
    expect(
      readFileSync(join(root, 'tests/e2e/withdrawal.paths.spec.ts'), 'utf8'),
      'tests/e2e/withdrawal.paths.spec.ts is out of date: npm run paths -- withdrawal --cover transitions --format playwright --out tests/e2e',
    ).toBe(output.text);
  }, 120_000);

  it.each(machinesWithDrivers(root).filter((machine) => machine !== 'withdrawal'))(
    'writes the %s paths the e2e runner takes through the screens, as committed in tests/e2e',
    async (machine) => {
      const output = await run([machine, '--cover', 'transitions', '--format', 'playwright']);
      expect(output.fileName).toBe(`${machine}.paths.spec.ts`);
      expect(output.text).toContain(`import { driver } from './paths/${machine}.driver';`);
      expect(
        readFileSync(join(root, 'tests/e2e', output.fileName!), 'utf8'),
        `tests/e2e/${machine}.paths.spec.ts is out of date: npm run paths -- ${machine} --cover transitions --format playwright --out tests/e2e`,
      ).toBe(output.text);
    },
    120_000,
  );

  it('takes the generated paths, not random walks', async () => {
    const args = parsePathsArgs(['withdrawal', '--format', 'playwright', '--walks', '2']) as PathsArgs;
    expect(await runPaths(root, args)).toEqual({ error: expect.stringContaining('not random walks') });
  }, 60_000);
});

describe('the command', () => {
  it('prints the listing and exits 2 on a usage error', async () => {
    const exec = promisify(execFile);
    const listed = await exec('npx', ['tsx', 'scripts/paths.ts', '--list'], { cwd: root });
    expect(listed.stdout).toContain('transfer\n');
    await expect(
      exec('npx', ['tsx', 'scripts/paths.ts', '--cover', 'nothing'], { cwd: root }),
    ).rejects.toMatchObject({
      code: 2,
    });
  }, 60_000);
});
