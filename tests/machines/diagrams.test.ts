/** docs/machines/ must match the machines' code: regenerate with `npm run diagrams` when this fails. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createMachine, setup } from 'xstate';
import {
  DIAGRAMS_DIR,
  generateMachineDocs,
  machineDiagram,
  purposeOf,
} from '../../scripts/diagram-generator';

// Tests run from the project root (vitest.config.ts).
const root = resolve(process.cwd());
const docs = await generateMachineDocs(root);
const dir = join(root, DIAGRAMS_DIR);
const FIX = 'docs/machines is out of date: run `npm run diagrams` and commit the result';

describe('committed machine diagrams', () => {
  test.each([...docs.keys()])('%s matches the code', (file) => {
    const path = join(dir, file);
    expect(existsSync(path), `${DIAGRAMS_DIR}/${file} is missing: ${FIX}`).toBe(true);
    expect(readFileSync(path, 'utf8'), `${DIAGRAMS_DIR}/${file} differs from the code: ${FIX}`).toBe(
      docs.get(file),
    );
  });

  test('no page is left for a machine that is gone', () => {
    const stale = readdirSync(dir).filter((file) => file.endsWith('.md') && !docs.has(file));
    expect(stale, FIX).toEqual([]);
  });

  test('generation is deterministic', async () => {
    expect(await generateMachineDocs(root)).toEqual(docs);
  });
});

describe('the diagram generator', () => {
  test('draws states, nesting, initial and final markers, invokes, guards, delays and done/error', () => {
    const machine = setup({
      actors: { probe: createMachine({}) },
      guards: { ready: () => true },
      delays: { wait: 250 },
    }).createMachine({
      id: 'demo',
      initial: 'idle',
      states: {
        idle: { on: { GO: { guard: 'ready', target: 'busy' } } },
        busy: {
          initial: 'running',
          states: {
            running: { invoke: { id: 'probe', src: 'probe', onDone: '#demo.done', onError: 'waiting' } },
            waiting: { after: { wait: 'running' } },
          },
        },
        done: { type: 'final' },
      },
    });
    expect(machineDiagram(machine)).toBe(
      [
        'stateDiagram-v2',
        '  [*] --> demo_idle',
        '  state "idle" as demo_idle',
        '  state "busy" as demo_busy {',
        '    [*] --> demo_busy_running',
        '    state "running" as demo_busy_running',
        '    demo_busy_running : invoke probe',
        '    state "waiting" as demo_busy_waiting',
        '  }',
        '  state "done" as demo_done',
        '  demo_done --> [*]',
        '  demo_idle --> demo_busy : GO [ready]',
        '  demo_busy_running --> demo_done : done probe',
        '  demo_busy_running --> demo_busy_waiting : error probe',
        '  demo_busy_waiting --> demo_busy_running : after 250ms',
        '',
      ].join('\n'),
    );
  });

  test("the purpose is the first sentence of the file's doc comment", () => {
    expect(purposeOf('/**\n * The thing (a. b). More text.\n *\n * Details.\n */\nimport x;')).toBe(
      'The thing (a. b).',
    );
    expect(purposeOf('import x;')).toBe('');
  });
});
