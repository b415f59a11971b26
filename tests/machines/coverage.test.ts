/**
 * Every transition of every machine is taken by some generated path (DESIGN.md "Testing"). A machine file
 * without models, or a transition no path takes, fails here with the list of what is missing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  assign,
  createMachine,
  fromPromise,
  setup,
  type AnyStateMachine,
  type AnyTransitionDefinition,
} from 'xstate';
import { machineModels } from '../support/machine-models';
import { walletMachineModels } from '../support/machine-models-wallet';
import { beneficiaryMachineModels } from '../support/machine-models-beneficiaries';
import { transferMachineModels } from '../support/machine-models-transfer';
import { shopMachineModels } from '../support/machine-models-shop';
import { bettingMachineModels } from '../support/machine-models-betting';

import { billingMachineModels } from '../support/machine-models-billing';
import { upgradeMachineModels } from '../support/machine-models-upgrade';
import { opsMachineModels } from '../support/machine-models-ops';
import { machineFileNames } from '../../scripts/diagram-generator';
import { passkeyMachineModels } from '../support/machine-models-passkeys';
import {
  coverageOf,
  generatePaths,
  machineTransitions,
  replayPath,
  uncoveredTransitions,
  type MachineModel,
} from '../support/machine-paths';

const registry = [
  ...machineModels,
  ...walletMachineModels,
  ...beneficiaryMachineModels,
  ...transferMachineModels,
  ...shopMachineModels,
  ...bettingMachineModels,

  ...billingMachineModels,
  ...upgradeMachineModels,
  ...passkeyMachineModels,
  ...opsMachineModels,
];
// Tests run from the project root (vitest.config.ts). With the folders' machines ('ops/ops-session').
const machineFiles = machineFileNames(process.cwd());

/** The last run's transition coverage per machine file, for the auditors' report (scripts/audit-report-builder.ts). */
const recordCoverage = (file: string, machines: unknown[]) => {
  const dir = resolve(process.cwd(), 'coverage/machine-transitions');
  // A folder's machine file ('ops/ops-session') gets its folder.
  mkdirSync(resolve(dir, file, '..'), { recursive: true });
  writeFileSync(
    resolve(dir, `${file}.json`),
    `${JSON.stringify({ file, at: new Date().toISOString(), machines }, null, 2)}\n`,
  );
};

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' && value !== null && 'root' in value && 'transition' in value;

test('every machine file of src/machines has path-test models', () => {
  expect(registry.map((entry) => entry.file).sort()).toEqual(machineFiles);
});

describe.each(registry)('$file machine', ({ file, models }) => {
  test('its models test the machines the file exports', async () => {
    // Vite resolves a variable import one folder deep: the console's machines have their own pattern.
    const module: Record<string, unknown> = file.startsWith('ops/')
      ? await import(`../../src/machines/ops/${file.slice('ops/'.length)}.machine.ts`)
      : await import(`../../src/machines/${file}.machine.ts`);
    const exported = Object.values(module).filter(isMachine);
    expect(exported.length).toBeGreaterThan(0);
    for (const machine of exported) expect(models.some((model) => model.machine === machine)).toBe(true);
  });

  test('the generated paths take every transition (100% transition coverage)', () => {
    const record: { id: string; total: number; covered: number; uncovered: string[] }[] = [];
    for (const machine of new Set(models.map((model) => model.machine))) {
      const taken = new Set<AnyTransitionDefinition>();
      for (const model of models.filter((m) => m.machine === machine)) {
        for (const path of generatePaths(model).paths) replayPath(model, path, taken);
      }
      const total = machineTransitions(machine).length;
      const uncovered = uncoveredTransitions(machine, taken);
      record.push({ id: machine.id, total, covered: total - uncovered.length, uncovered });
      recordCoverage(file, record);
      expect(total).toBeGreaterThan(0);
      expect(uncovered).toEqual([]);
    }
  }, 60_000);
});

describe('the coverage checker itself', () => {
  const toggle = setup({
    types: { events: {} as { type: 'FLIP' } | { type: 'RESET' } | { type: 'NEVER_SENT' } },
    guards: { never: () => false },
  }).createMachine({
    id: 'toggle',
    initial: 'off',
    states: {
      off: { on: { FLIP: 'on', NEVER_SENT: 'on' } },
      on: { on: { FLIP: 'off' }, always: { guard: 'never', target: 'off' } },
    },
  });
  const model = (events: { type: string }[]): MachineModel => ({
    name: 'toggle',
    machine: toggle,
    inputs: [{ label: 'start', input: undefined as never }],
    events: () => events,
    check: () => {},
  });

  test('lists every transition of machine.root, with its source, event, guard and target', () => {
    expect(machineTransitions(toggle).map((t) => t.key)).toEqual([
      'toggle.off on FLIP#0 -> toggle.on',
      'toggle.off on NEVER_SENT#0 -> toggle.on',
      'toggle.on on FLIP#0 -> toggle.off',
      'toggle.on on always#0 [never] -> toggle.off',
    ]);
  });

  test('fails, naming them, when transitions are taken by no path', () => {
    const { uncovered } = coverageOf(model([{ type: 'FLIP' }, { type: 'RESET' }]));
    expect(uncovered).toEqual([
      'toggle.off on NEVER_SENT#0 -> toggle.on',
      'toggle.on on always#0 [never] -> toggle.off',
    ]);
  });

  test('a transition added to a covered machine shows up as uncovered', () => {
    const covered = model([{ type: 'FLIP' }, { type: 'NEVER_SENT' }]);
    const withoutAlways = createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { FLIP: 'on', NEVER_SENT: 'on' } }, on: { on: { FLIP: 'off' } } },
    });
    expect(coverageOf({ ...covered, machine: withoutAlways }).uncovered).toEqual([]);
    const withExtra = createMachine({
      id: 'toggle',
      initial: 'off',
      states: { off: { on: { FLIP: 'on', NEVER_SENT: 'on' } }, on: { on: { FLIP: 'off', RESET: 'off' } } },
    });
    expect(coverageOf({ ...covered, machine: withExtra }).uncovered).toEqual([
      'toggle.on on RESET#0 -> toggle.off',
    ]);
  });

  test('counts invoke done/error and after transitions too', () => {
    const probe = setup({
      actors: { probe: fromPromise(async () => 'ok') },
      delays: { wait: 10 },
      actions: { mark: assign({}) },
    }).createMachine({
      id: 'probe',
      initial: 'running',
      states: {
        running: { invoke: { id: 'probe', src: 'probe', onDone: 'ok', onError: 'failed' } },
        ok: {},
        failed: { after: { wait: 'running' } },
      },
    });
    const keys = machineTransitions(probe).map((t) => t.key);
    expect(keys).toEqual([
      'probe.running on xstate.done.actor.probe#0 -> probe.ok',
      'probe.running on xstate.error.actor.probe#0 -> probe.failed',
      'probe.failed on xstate.after.wait.probe.failed#0 -> probe.running',
    ]);
    const onlyDone = coverageOf({
      ...model([]),
      machine: probe,
      events: () => [{ type: 'xstate.done.actor.probe', output: 'ok' }],
    });
    expect(onlyDone.uncovered).toEqual([
      'probe.running on xstate.error.actor.probe#0 -> probe.failed',
      'probe.failed on xstate.after.wait.probe.failed#0 -> probe.running',
    ]);
  });
});
