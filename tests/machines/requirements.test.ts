/**
 * The requirement trace (issue 27): every requirement of src/domain/requirements.ts is enforced and proved, or says
 * why a column is empty; the maps name guards, machines and server files that exist; docs/traceability.md and
 * .json are the ones `npm run trace` writes from the code as it is; diagrams name guards as rules.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, not, setup } from 'xstate';
import { requirementIds, requirements } from '../../src/domain/requirements';
import { loadMachineFiles, machineDiagram, type MachineFile } from '../../scripts/diagram-generator';
import { compactIds, guardLabel, guardLeaves } from '../../scripts/machine-guards';
import {
  buildTrace,
  TRACE_JSON,
  TRACE_MD,
  traceJson,
  traceMarkdown,
  type Trace,
} from '../../scripts/trace-generator';
import { proves } from '../support/requirements';

const root = process.cwd();
let files: MachineFile[];
let trace: Trace;

beforeAll(async () => {
  files = await loadMachineFiles(root);
  trace = await buildTrace(root, files);
}, 60_000);

describe('the requirement catalogue', () => {
  it('covers spec sections 4, 5, 8, 9 and docs/compliance.md with stable ids', () => {
    for (const prefix of ['S4.', 'S5.', 'S8.', 'S9.', 'C.'])
      expect(requirementIds.some((id) => id.startsWith(prefix))).toBe(true);
    for (const id of requirementIds) expect(id).toMatch(/^(S[4589]|C)\.[a-zA-Z]+\.\d+$/);
    expect(requirements['S5.transfer.3'].text).toContain("'Enter a valid amount'");
  });

  it('proves() writes its ids into the test name, where the trace reads them', () => {
    expect(proves('S5.transfer.3', 'refuses 0')).toBe('refuses 0 [S5.transfer.3]');
    expect(proves(['C.limit.1', 'C.limit.4'], 'counts')).toBe('counts [C.limit.1, C.limit.4]');
  });
});

describe('npm run trace', () => {
  it('finds every guard, machine, server file and proves() id the maps and tests name', () => {
    expect(trace.problems).toEqual({
      unknownGuards: [],
      unknownMachines: [],
      missingServerFiles: [],
      unreadableProofs: [],
    });
  });

  it('leaves no gap without a reason: each empty column of each requirement says why', () => {
    expect(trace.gaps).toEqual([]);
    for (const requirement of trace.requirements) {
      if (requirement.guards.length === 0) expect(requirement.reason?.guards, requirement.id).toBeTruthy();
      if (requirement.server.length === 0) expect(requirement.reason?.server, requirement.id).toBeTruthy();
      if (requirement.tests.length === 0) expect(requirement.reason?.tests, requirement.id).toBeTruthy();
    }
  });

  it('traces a guard to its transitions and to the path tests of its machine', () => {
    const amount = trace.requirements.find((requirement) => requirement.id === 'S5.transfer.3')!;
    expect(amount.guards).toContainEqual(
      expect.objectContaining({
        machine: 'transfer',
        guard: 'formValid',
        file: 'src/machines/transfer.machine.ts',
      }),
    );
    expect(amount.guards[0]!.transitions.length).toBeGreaterThan(0);
    expect(amount.server).toContain('src/server/routes/transfer/transfer-routes.ts');
    expect(amount.tests.map((test) => test.file)).toContain('tests/machines/coverage.test.ts');
  });

  it('finds the tests named with proves()', () => {
    const daily = trace.requirements.find((requirement) => requirement.id === 'C.limit.4')!;
    expect(daily.tests).toContainEqual(
      expect.objectContaining({ file: 'tests/domain/tiers.test.ts', via: 'proves' }),
    );
  });

  it('docs/traceability.md and .json are current (run `npm run trace` or `npm run diagrams` after changing a machine, a rule, a guard map or a tagged test)', () => {
    expect(readFileSync(join(root, TRACE_JSON), 'utf8')).toBe(traceJson(trace));
    expect(readFileSync(join(root, TRACE_MD), 'utf8')).toBe(traceMarkdown(trace));
  });
});

describe('guards read as rules', () => {
  const machine = setup({
    guards: { allLoaded: () => true, crossBorder: () => true, onLink: () => false },
  }).createMachine({
    id: 'probe',
    initial: 'a',
    states: {
      a: {
        on: {
          GO: { guard: and(['allLoaded', not('onLink')]), target: 'b' },
          BACK: { guard: not('onLink'), target: 'b' },
        },
      },
      b: {},
    },
  });

  it('and / not are spelt out with the names of the guards they combine', () => {
    const [go, back] = [...machine.root.states.a!.transitions.values()].map((list) => list[0]!.guard);
    expect(guardLabel(go)).toBe('allLoaded and not onLink');
    expect(guardLeaves(go)).toEqual(['allLoaded', 'onLink']);
    expect(guardLabel(back)).toBe('not onLink');
    const diagram = machineDiagram(machine, (guard) => (guard === 'allLoaded' ? ['S4.crossBorder.1'] : []));
    expect(diagram).toContain('GO [allLoaded and not onLink] S4.crossBorder.1');
  });

  it('writes ids short: S5.transfer.1-7, S9.limits.1', () => {
    const transfer = ['1', '2', '3', '4', '5', '6', '7'].map((n) => `S5.transfer.${n}`);
    expect(compactIds([...transfer, 'S9.limits.1'])).toBe('S5.transfer.1-7, S9.limits.1');
    expect(compactIds(['S5.card.1', 'S5.card.3', 'S5.card.4'])).toBe('S5.card.1,3-4');
  });

  it('no machine diagram draws a guard as [and], [or], [not], [inline] or [guard]', () => {
    for (const file of files)
      for (const { machine: each } of file.machines)
        expect(machineDiagram(each)).not.toMatch(
          /\[(and|or|not|inline|guard|inline guard|unnamed condition)\]/,
        );
  });
});
