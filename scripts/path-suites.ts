/**
 * Path suites on demand (issue 27, `npm run paths`): for one machine file of src/machines, a suite of paths chosen
 * from the ones xstate/graph generates (tests/support/machine-paths.ts: shortest, simple and transition paths of
 * the machine's path-test models) to cover states, transitions or requirements, or seeded random walks through the
 * same models' sample events. Each path is replayed with the model's checks (the same as the path tests) and read
 * as steps: the event, its example payload, the state it leads to and the messages the screen shows there.
 *
 * The models are found the way tests/machines/coverage.test.ts registers them: every tests/support/machine-models*.ts
 * exports `{ file, models }[]` lists, so a new machine's models are picked up without a change here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AnyEventObject,
  AnyMachineSnapshot,
  AnyStateMachine,
  AnyStateNode,
  AnyTransitionDefinition,
} from 'xstate';
import { domainMessages } from '../src/domain/messages';
import type { RequirementId } from '../src/domain/requirements';
import { flowRequirements, guardRequirementIds } from '../src/machines/requirements';
import {
  createTracer,
  generatePaths,
  machineTransitions,
  replayPath,
  type GeneratedPath,
  type MachineModel,
} from '../tests/support/machine-paths';
import { loadMachineFiles, type MachineFile } from './diagram-generator';
import { guardLabel, guardLeaves } from './machine-guards';

export type Criterion = 'states' | 'transitions' | 'requirements';
export const CRITERIA: readonly Criterion[] = ['states', 'transitions', 'requirements'];

export interface ModelEntry {
  file: string;
  models: MachineModel[];
}

const isModelEntry = (value: unknown): value is ModelEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ModelEntry).file === 'string' &&
  Array.isArray((value as ModelEntry).models);

/** Every `{ file, models }` list exported by tests/support/machine-models*.ts, merged by machine file. */
export const loadModelRegistry = async (root: string): Promise<Map<string, MachineModel[]>> => {
  const dir = join(root, 'tests/support');
  const registry = new Map<string, MachineModel[]>();
  const files = readdirSync(dir)
    .filter((name) => /^machine-models.*\.ts$/.test(name))
    .sort();
  for (const name of files) {
    const module = (await import(join(dir, name))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (!Array.isArray(value) || !value.every(isModelEntry)) continue;
      for (const entry of value as ModelEntry[]) {
        const known = registry.get(entry.file) ?? [];
        registry.set(entry.file, [...known, ...entry.models.filter((model) => !known.includes(model))]);
      }
    }
  }
  return registry;
};

/* ------------------------------------------------------------------------------------------ reading a step */

export interface PathStep {
  /** The event's type as the machine receives it (`SUBMIT`, `xstate.done.actor.initiate`, `xstate.after...`). */
  event: string;
  /** What the event carries (an invoke's output or failure, a typed value), shortened. */
  payload: string;
  /** The state value after the event, as a dotted path (`editing`, `payment.paying`). */
  state: string;
  /** The messages the screen shows in that state (English, from src/domain/messages.ts). */
  shows: string[];
  /** What a browser driver needs: a user event's payload, an answer's status, a failure's kind. */
  data?: Record<string, unknown>;
}

export interface SuitePath {
  name: string;
  kind: GeneratedPath['kind'] | 'random';
  machine: string;
  input: string;
  steps: PathStep[];
  /** What this path adds to the criterion (transition keys, state ids or requirement ids). */
  covers: string[];
}

export interface Coverage {
  criterion: Criterion;
  covered: number;
  total: number;
  uncovered: string[];
}

export interface Suite {
  machine: string;
  criterion: Criterion;
  seed?: number;
  walks?: number;
  paths: SuitePath[];
  /** Generated paths left out, by reason, with their number (`reject`). */
  rejected?: Record<string, number>;
  coverage: Coverage;
}

const stateText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => {
        const rest = stateText(inner);
        return rest.includes(' | ') ? `${key}.(${rest})` : `${key}.${rest}`;
      })
      .join(' | ');
  return String(value);
};

const short = (text: string, max = 120): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const payloadText = (event: AnyEventObject): string => {
  const { type, ...payload } = event;
  if (type.startsWith('xstate.after.')) return `(timer ${type.split('.')[2]})`;
  if ('error' in payload) {
    const failure = (payload.error as { failure?: { kind: string; status?: number; messageId?: string } })
      ?.failure;
    if (failure)
      return `failure: ${failure.kind === 'http' ? `HTTP ${failure.status}` : failure.kind}${
        failure.messageId ? ` (${failure.messageId})` : ''
      }`;
    return `failure: ${short(String(payload.error), 60)}`;
  }
  if (Object.keys(payload).length === 0) return '';
  return short(JSON.stringify(payload));
};

const isMessageId = (value: unknown): value is keyof typeof domainMessages =>
  typeof value === 'string' && Object.hasOwn(domainMessages, value);

/** The messages a context holds for the screen: message ids anywhere in it, and violations' messageId. */
export const messagesShown = (context: unknown): string[] => {
  const found: string[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || value === undefined) return;
    if (isMessageId(value)) {
      found.push(domainMessages[value]);
      return;
    }
    if (Array.isArray(value)) value.slice(0, 20).forEach((item) => visit(item, depth + 1));
    else if (typeof value === 'object')
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
        if (
          key === 'messageId' ||
          key === 'error' ||
          key.endsWith('Message') ||
          key === 'violations' ||
          depth < 2
        )
          visit(inner, depth + 1);
      }
  };
  visit(context, 0);
  return [...new Set(found)];
};

/** The structured part of an event a browser driver acts on (JSON-safe). */
const eventData = (event: AnyEventObject): Record<string, unknown> | undefined => {
  const { type, ...payload } = event;
  if (type === 'xstate.init' || type.startsWith('xstate.after.')) return undefined;
  if ('error' in payload) {
    const failure = (payload.error as { failure?: { kind: string; status?: number } })?.failure;
    return {
      failure: failure ? (failure.kind === 'http' ? `HTTP ${failure.status}` : failure.kind) : 'error',
    };
  }
  if ('output' in payload) {
    const status = (payload.output as { status?: unknown } | null)?.status;
    return typeof status === 'string' ? { status } : undefined;
  }
  if (Object.keys(payload).length === 0) return undefined;
  try {
    return JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
  } catch {
    return undefined;
  }
};

const describeStep = (event: AnyEventObject, snapshot: AnyMachineSnapshot): PathStep => {
  const data = eventData(event);
  return {
    event: event.type,
    payload: payloadText(event),
    state: `${stateText(snapshot.value)}${snapshot.status === 'done' ? ' (final)' : ''}`,
    shows: messagesShown(snapshot.context),
    ...(data ? { data } : {}),
  };
};

/* ------------------------------------------------------------------------------------------ criteria */

const transitionKey = (node: AnyStateNode, definition: AnyTransitionDefinition): string => {
  const targets = ((definition.target ?? []) as AnyStateNode[]).map((target) => target.id).join(', ');
  const guard = guardLabel(definition.guard);
  return `${node.id} on ${definition.eventType || 'always'}${guard ? ` [${guard}]` : ''} -> ${targets || '(stays)'}`;
};

/** What one replayed path covers under each criterion. */
interface Taken {
  transitions: Set<AnyTransitionDefinition>;
  states: Set<string>;
}

const replay = (model: MachineModel, input: unknown, events: AnyEventObject[]) => {
  const tracer = createTracer(model.machine, input);
  const states = new Set<string>();
  const note = (snapshot: AnyMachineSnapshot) =>
    (snapshot._nodes as AnyStateNode[]).forEach((node) => node.parent && states.add(node.id));
  let current = tracer.initial().snapshot;
  note(current);
  const steps: PathStep[] = [describeStep({ type: 'xstate.init' }, current)];
  for (const event of events) {
    current = tracer.next(current, event).snapshot;
    note(current);
    steps.push(describeStep(event, current));
  }
  return { steps, taken: { transitions: new Set(tracer.taken), states } satisfies Taken };
};

/** A random walk through the model's checks, step by step (the walk has no recorded states to compare). */
const checkWalk = (model: MachineModel, input: unknown, events: AnyEventObject[]): void => {
  const tracer = createTracer(model.machine, input);
  const first = tracer.initial();
  model.check({
    previous: null,
    event: { type: 'xstate.init' },
    snapshot: first.snapshot,
    actions: first.actions,
  });
  let current = first.snapshot;
  for (const event of events) {
    const { snapshot, actions } = tracer.next(current, event);
    model.check({ previous: current, event, snapshot, actions });
    current = snapshot;
  }
};

/** The state node ids of a machine (the root left out). */
const stateIds = (machine: AnyStateMachine): string[] => {
  const ids: string[] = [];
  const visit = (node: AnyStateNode) =>
    Object.values(node.states as Record<string, AnyStateNode>).forEach((child) => {
      ids.push(child.id);
      visit(child);
    });
  visit(machine.root);
  return ids;
};

/** The requirement ids a transition enforces: those of its guard's named parts. */
const requirementsOf = (file: string, definition: AnyTransitionDefinition): RequirementId[] =>
  guardLeaves(definition.guard).flatMap((leaf) => [...guardRequirementIds(file, leaf)]);

interface Goal {
  total: string[];
  /** The goal items a replayed path reaches. */
  reached: (model: MachineModel, taken: Taken) => string[];
}

const goalFor = (file: string, machines: AnyStateMachine[], criterion: Criterion): Goal => {
  const definitions = new Map<AnyTransitionDefinition, string>();
  for (const machine of machines)
    for (const transition of machineTransitions(machine))
      definitions.set(transition.definition, transitionKey(transition.source, transition.definition));
  if (criterion === 'transitions')
    return {
      total: [...definitions.values()],
      reached: (_, taken) => [...taken.transitions].flatMap((d) => definitions.get(d) ?? []),
    };
  if (criterion === 'states')
    return {
      total: [...new Set(machines.flatMap(stateIds))],
      reached: (_, taken) => [...taken.states],
    };
  const ids = new Set<string>();
  for (const definition of definitions.keys()) requirementsOf(file, definition).forEach((id) => ids.add(id));
  return {
    total: [...ids].sort(),
    reached: (_, taken) => [...taken.transitions].flatMap((definition) => requirementsOf(file, definition)),
  };
};

/* ------------------------------------------------------------------------------------------ random walks */

/** mulberry32: a small seeded generator, so a walk is the same for the same seed on every machine. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const acceptedTypes = (snapshot: AnyMachineSnapshot): Set<string> => {
  const types = new Set<string>();
  for (const node of snapshot._nodes as AnyStateNode[])
    for (const type of node.transitions.keys()) types.add(type);
  return types;
};

/** Events a random walk may take in a state: the model's samples the state accepts, and its timers. */
const walkChoices = (model: MachineModel, snapshot: AnyMachineSnapshot): AnyEventObject[] => {
  if (snapshot.status !== 'active') return [];
  const accepted = acceptedTypes(snapshot);
  const samples = model.events(snapshot).filter((event) => accepted.has(event.type));
  for (const type of accepted)
    if (type.startsWith('xstate.after.') && !samples.some((event) => event.type === type))
      samples.push({ type });
  return samples;
};

const randomWalk = (model: MachineModel, input: unknown, random: () => number, maxSteps: number) => {
  const tracer = createTracer(model.machine, input);
  let current = tracer.initial().snapshot;
  const events: AnyEventObject[] = [];
  for (let step = 0; step < maxSteps; step++) {
    const choices = walkChoices(model, current);
    if (choices.length === 0) break;
    const event = choices[Math.floor(random() * choices.length)]!;
    events.push(event);
    current = tracer.next(current, event).snapshot;
  }
  return events;
};

/* ------------------------------------------------------------------------------------------ the suite */

export interface SuiteOptions {
  criterion: Criterion;
  /** Random walks instead of the generated paths: their number and seed. */
  walks?: number;
  seed?: number;
  /** Steps of one random walk at most. */
  walkLength?: number;
  /** Leaves out the paths it gives a reason for (a browser driver: what the screens cannot reach). */
  reject?: (steps: PathStep[]) => string | null;
}

interface Candidate {
  model: MachineModel;
  path: GeneratedPath;
  kind: SuitePath['kind'];
}

const eventsText = (events: AnyEventObject[]): string =>
  events
    .map((event) =>
      event.type.replace(/^xstate\.(done|error)\.actor\./, '$1 ').replace(/^xstate\.after\./, 'after '),
    )
    .join(' → ') || '(initial state)';

/** The suite of one machine file under a criterion, from its models. */
export const buildSuite = (file: string, models: MachineModel[], options: SuiteOptions): Suite => {
  const machines = [...new Set(models.map((model) => model.machine))];
  const goal = goalFor(file, machines, options.criterion);
  const reached = new Set<string>();
  const paths: SuitePath[] = [];
  const rejected = new Map<string, number>();
  const add = (candidate: Candidate, keepAlways: boolean) => {
    const { steps, taken } = replay(candidate.model, candidate.path.input, candidate.path.events);
    const fresh = [...new Set(goal.reached(candidate.model, taken))].filter(
      (item) => goal.total.includes(item) && !reached.has(item),
    );
    if (!keepAlways && fresh.length === 0) return false;
    // The model's own checks, as in the path tests: a path the machine no longer follows throws here.
    if (candidate.kind !== 'random') replayPath(candidate.model, candidate.path);
    else checkWalk(candidate.model, candidate.path.input, candidate.path.events);
    fresh.forEach((item) => reached.add(item));
    paths.push({
      name: `${candidate.model.name}: ${eventsText(candidate.path.events)}`,
      kind: candidate.kind,
      machine: candidate.model.machine.id,
      input: candidate.path.inputLabel,
      steps,
      covers: fresh.sort(),
    });
    return true;
  };

  if (options.walks !== undefined) {
    const random = seededRandom(options.seed ?? 1);
    for (let walk = 0; walk < options.walks; walk++) {
      const model = models[Math.floor(random() * models.length)]!;
      const start = model.inputs[Math.floor(random() * model.inputs.length)]!;
      const events = randomWalk(model, start.input, random, options.walkLength ?? 25);
      add(
        {
          model,
          kind: 'random',
          path: {
            kind: 'simple',
            inputLabel: start.label,
            input: start.input,
            events,
            expected: [],
            finalValue: null,
          },
        },
        true,
      );
    }
  } else {
    // Greedy cover: the candidate adding the most uncovered items first, until none adds any.
    const candidates: (Candidate & { items: string[] })[] = models.flatMap((model) =>
      generatePaths(model).paths.flatMap((path) => {
        const { steps, taken } = replay(model, path.input, path.events);
        const reason = options.reject?.(steps);
        if (reason) {
          rejected.set(reason, (rejected.get(reason) ?? 0) + 1);
          return [];
        }
        return [{ model, path, kind: path.kind, items: [...new Set(goal.reached(model, taken))] }];
      }),
    );
    for (;;) {
      let best: (typeof candidates)[number] | undefined;
      let bestGain = 0;
      for (const candidate of candidates) {
        const gain = candidate.items.filter((item) => goal.total.includes(item) && !reached.has(item)).length;
        if (
          gain > bestGain ||
          (gain === bestGain && gain > 0 && best && candidate.path.events.length < best.path.events.length)
        ) {
          best = candidate;
          bestGain = gain;
        }
      }
      if (!best || bestGain === 0) break;
      add(best, false);
      candidates.splice(candidates.indexOf(best), 1);
    }
  }
  const uncovered = goal.total.filter((item) => !reached.has(item));
  return {
    machine: file,
    criterion: options.criterion,
    ...(options.walks !== undefined ? { seed: options.seed ?? 1, walks: options.walks } : {}),
    paths,
    ...(rejected.size
      ? { rejected: Object.fromEntries([...rejected].sort(([a], [b]) => a.localeCompare(b))) }
      : {}),
    coverage: {
      criterion: options.criterion,
      covered: goal.total.length - uncovered.length,
      total: goal.total.length,
      uncovered,
    },
  };
};

/* ------------------------------------------------------------------------------------------ formats */

const percent = ({ covered, total }: Coverage) =>
  total === 0 ? 100 : Math.round((covered / total) * 1000) / 10;

export const suiteMarkdown = (suite: Suite): string => {
  const lines = [
    `# Path suite: ${suite.machine} (${suite.criterion})`,
    '',
    suite.walks !== undefined
      ? `${suite.walks} random walks, seed ${suite.seed} (the same seed gives the same walks).`
      : `Chosen from the paths xstate/graph generates from the machine's path-test models, to cover its ${suite.criterion}.`,
    '',
  ];
  suite.paths.forEach((path, index) => {
    lines.push(
      `## ${index + 1}. ${path.name}`,
      '',
      `Machine \`${path.machine}\`, input: ${path.input} (${path.kind}).`,
      '',
    );
    lines.push(
      '| # | event | example payload | expected state | messages on the screen (from the context) |',
      '| --- | --- | --- | --- | --- |',
    );
    path.steps.forEach((step, number) => {
      const cell = (text: string) => text.replace(/\|/g, '\\|');
      lines.push(
        `| ${number} | ${number === 0 ? '(start)' : `\`${step.event}\``} | ${cell(step.payload) || '—'} | \`${cell(step.state)}\` | ${
          step.shows.length ? cell(step.shows.map((text) => `“${text}”`).join(' ')) : '—'
        } |`,
      );
    });
    if (path.covers.length) lines.push('', `Covers: ${path.covers.map((item) => `\`${item}\``).join(', ')}`);
    lines.push('');
  });
  const { coverage } = suite;
  lines.push(
    '## Coverage',
    '',
    `${coverage.criterion}: ${coverage.covered} of ${coverage.total} (${percent(coverage)}%) in ${suite.paths.length} paths.`,
  );
  if (coverage.uncovered.length) {
    lines.push('', 'Not covered:', '');
    for (const item of coverage.uncovered) lines.push(`- \`${item}\``);
  }
  lines.push('');
  return lines.join('\n');
};

export const suiteJson = (suite: Suite): string => `${JSON.stringify(suite, null, 2)}\n`;

/* ------------------------------------------------------------------------------------------ --list */

export interface MachineListing {
  file: string;
  machines: { id: string; states: number; transitions: number }[];
  requirements: string[];
  models: number;
}

export const listMachines = (files: MachineFile[], registry: Map<string, MachineModel[]>): MachineListing[] =>
  files.map((file) => {
    const ids = new Set<string>(
      (flowRequirements as Readonly<Record<string, readonly string[]>>)[file.name] ?? [],
    );
    for (const { machine } of file.machines)
      for (const transition of machineTransitions(machine))
        requirementsOf(file.name, transition.definition).forEach((id) => ids.add(id));
    return {
      file: file.name,
      machines: file.machines.map(({ machine }) => ({
        id: machine.id,
        states: stateIds(machine).length,
        transitions: machineTransitions(machine).length,
      })),
      requirements: [...ids].sort(),
      models: registry.get(file.name)?.length ?? 0,
    };
  });

export const listingText = (listing: MachineListing[]): string =>
  `${listing
    .map((entry) =>
      [
        `${entry.file}${entry.models ? '' : '  (no path-test models: no suite)'}`,
        ...entry.machines.map(
          (machine) => `  ${machine.id}: ${machine.states} states, ${machine.transitions} transitions`,
        ),
        `  requirements: ${entry.requirements.join(', ') || '(none mapped)'}`,
      ].join('\n'),
    )
    .join('\n')}\n`;

export { loadMachineFiles };
