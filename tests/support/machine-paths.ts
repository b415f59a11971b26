/**
 * Path testing for XState machines: `xstate/graph` generates the shortest and the simple paths of a machine from
 * sample events (valid and invalid payloads, synthetic `xstate.done.actor.<id>` / `xstate.error.actor.<id>` for
 * every invoke; `xstate.after.<delay>.<state id>` timer events are offered automatically by the graph), and each
 * path becomes one vitest test that replays it with the machine's pure transition function and checks the state
 * value, the context and the model's expectations at every step.
 *
 * The same replay records which transition definitions fire, so `uncoveredTransitions` can list every transition
 * of `machine.root` that no generated path takes.
 */
import { describe, expect, test } from 'vitest';
import {
  createActor,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type InputFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from 'xstate/graph';

/** One named action the machine asked to run (built-in `xstate.*` actions such as assign or raise left out). */
export interface NamedAction {
  type: string;
  params: unknown;
}

export interface ModelStep {
  /** null for the initial step. */
  previous: AnyMachineSnapshot | null;
  event: AnyEventObject;
  snapshot: AnyMachineSnapshot;
  /** Named actions (navigate, persistSession, ...) in the order the machine would run them. */
  actions: NamedAction[];
}

export interface ModelInput<TMachine extends AnyStateMachine> {
  label: string;
  input: InputFrom<TMachine>;
}

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  name: string;
  machine: TMachine;
  /** The inputs the paths start from (one is enough for machines without input). */
  inputs: ModelInput<TMachine>[];
  /**
   * Sample events offered in a state. Every event type the state accepts (other than `xstate.*`) must have at
   * least one sample, with valid and invalid payloads where the payload matters.
   */
  events: (snapshot: AnyMachineSnapshot) => AnyEventObject[];
  /**
   * The few context facts that make two snapshots with the same value different states of the graph of the
   * shortest paths (one path to each such state).
   */
  key?: (snapshot: AnyMachineSnapshot) => unknown;
  /**
   * The coarser facts for the graph of the simple paths (every path that visits no state twice): kept small, as
   * their number grows with the factorial of the states. Defaults to none (state value and status only).
   */
  simpleKey?: (snapshot: AnyMachineSnapshot) => unknown;
  /** The model's expectations for one step: throw (expect) when the machine did something else. */
  check: (step: ModelStep) => void;
  /** Simple paths kept per input (they grow fast with loops); the shortest paths are always all kept. */
  maxSimplePaths?: number;
}

export interface GeneratedPath {
  /**
   * shortest: one per state of the fine graph (`key`); simple: the simple paths of the coarse graph (`simpleKey`);
   * transition: the shortest path to a state, then one more event, added for each transition definition the other
   * paths do not take (an edge back to a state already on the path is never part of a simple path).
   */
  kind: 'shortest' | 'simple' | 'transition';
  inputLabel: string;
  input: unknown;
  events: AnyEventObject[];
  /** The graph's state key (value, status and the model's key facts) after each step; the first is the initial state. */
  expected: string[];
  /** The final state value, for the test's name. */
  finalValue: unknown;
}

const isBuiltInEvent = (type: string): boolean => type.startsWith('xstate.');

/** Event types the active state nodes have transitions for (including `xstate.after/done/error` ones). */
const acceptedEventTypes = (snapshot: AnyMachineSnapshot): string[] => {
  const types = new Set<string>();
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const type of node.transitions.keys()) types.add(type);
  }
  return [...types].sort();
};

const stateKey = (
  snapshot: AnyMachineSnapshot,
  key: ((snapshot: AnyMachineSnapshot) => unknown) | undefined,
): string => JSON.stringify({ value: snapshot.value, status: snapshot.status, key: key?.(snapshot) ?? null });

/**
 * The sample events offered in a state. User events are offered everywhere (a state that ignores one must be left
 * unchanged, which the models check); `xstate.*` events only where a transition takes them, as the runtime only
 * delivers them there (an actor's error event nobody handles would put the machine in its error status). Timer
 * events need no sample: `{ type: 'xstate.after.<delay>.<state id>' }` is offered for each one the state sets.
 * Records the user event types a state accepts that the model has no sample for. A final state gets no event.
 */
const samplesFor = (
  model: MachineModel,
  snapshot: AnyMachineSnapshot,
  missing: Set<string>,
): AnyEventObject[] => {
  // A machine that reached a final state is a stopped actor: nothing is delivered to it any more.
  if (snapshot.status !== 'active') return [];
  const accepted = acceptedEventTypes(snapshot);
  const samples = model
    .events(snapshot)
    .filter((event) => !isBuiltInEvent(event.type) || accepted.includes(event.type));
  for (const type of accepted) {
    if (samples.some((event) => event.type === type)) continue;
    if (type.startsWith('xstate.after.')) samples.push({ type });
    else missing.add(`${JSON.stringify(snapshot.value)}: ${type}`);
  }
  return samples;
};

const formatEvent = (event: AnyEventObject): string => {
  const { type, ...payload } = event;
  if (type.startsWith('xstate.after.')) return `after ${type.split('.')[2]}`;
  if ('error' in payload) {
    const error = payload.error as { failure?: { kind: string; status?: number } } | undefined;
    const failure = error?.failure;
    return `${type.replace('xstate.', '')}(${failure ? (failure.kind === 'http' ? failure.status : failure.kind) : '?'})`;
  }
  if ('output' in payload) return type.replace('xstate.', '');
  const text = Object.keys(payload).length ? JSON.stringify(payload) : '';
  return `${type}${text.length > 60 ? `${text.slice(0, 57)}...` : text}`;
};

export const describePath = (path: GeneratedPath, index: number): string =>
  `${path.kind} #${index} [${path.inputLabel}] ${path.events.map(formatEvent).join(' → ') || '(initial)'} ⇒ ${JSON.stringify(
    path.finalValue,
  )}`;

export interface GeneratedPaths {
  paths: GeneratedPath[];
  /** "state: EVENT" pairs the machine accepts but the model gives no sample for. */
  missingSamples: string[];
  simplePathsFound: number;
}

type GraphPath = { state: AnyMachineSnapshot; steps: { event: AnyEventObject; state: AnyMachineSnapshot }[] };

const keyFor = (model: MachineModel, kind: GeneratedPath['kind']) =>
  kind === 'simple' ? model.simpleKey : model.key;

/** Shortest, simple and transition paths of the model's machine, from each of its inputs. */
export const generatePaths = (model: MachineModel): GeneratedPaths => {
  const missing = new Set<string>();
  const paths: GeneratedPath[] = [];
  let simplePathsFound = 0;
  for (const { label, input } of model.inputs) {
    const options = (key: MachineModel['key']) => ({
      input,
      events: (snapshot: AnyMachineSnapshot) => samplesFor(model, snapshot, missing),
      serializeState: (snapshot: AnyMachineSnapshot) => stateKey(snapshot, key),
    });
    const toPath =
      (kind: GeneratedPath['kind']) =>
      (path: GraphPath): GeneratedPath => ({
        kind,
        inputLabel: label,
        input,
        // The first step is the initial state (event xstate.init); each later step holds the state its event led to.
        events: path.steps.slice(1).map((step) => step.event),
        expected: path.steps.map((step) => stateKey(step.state, keyFor(model, kind))),
        finalValue: path.state.value,
      });
    const shortest = getShortestPaths(model.machine, options(model.key) as never) as unknown as GraphPath[];
    paths.push(...shortest.map(toPath('shortest')));
    const simple = getSimplePaths(model.machine, options(model.simpleKey) as never) as unknown as GraphPath[];
    simplePathsFound += simple.length;
    // Longest first (they hold the most transitions), then by description so the choice is deterministic.
    const ordered = simple
      .map(toPath('simple'))
      .map((path) => ({ path, text: describePath(path, 0) }))
      .sort((a, b) => b.path.events.length - a.path.events.length || a.text.localeCompare(b.text))
      .map(({ path }) => path);
    paths.push(...ordered.slice(0, model.maxSimplePaths ?? Infinity));

    // Transition paths: every edge of the fine graph whose transitions no path above takes.
    const taken = new Set<AnyTransitionDefinition>();
    for (const path of paths)
      if (path.input === input) replayEvents(model.machine, input, path.events, taken);
    const toSource = new Map(shortest.map((path) => [stateKey(path.state, model.key), path]));
    const adjacency = getAdjacencyMap(model.machine, options(model.key) as never) as unknown as Record<
      string,
      {
        state: AnyMachineSnapshot;
        transitions: Record<string, { event: AnyEventObject; state: AnyMachineSnapshot }>;
      }
    >;
    const tracer = createTracer(model.machine, input);
    for (const [source, { state, transitions }] of Object.entries(adjacency)) {
      const head = toSource.get(source);
      if (!head) continue;
      for (const { event, state: target } of Object.values(transitions)) {
        tracer.taken.clear();
        tracer.next(state, event);
        const fresh = [...tracer.taken].filter((definition) => !taken.has(definition));
        if (fresh.length === 0) continue;
        fresh.forEach((definition) => taken.add(definition));
        const path = toPath('transition')({
          state: target,
          steps: [...head.steps, { event, state: target }],
        });
        paths.push(path);
      }
    }
  }
  return { paths, missingSamples: [...missing].sort(), simplePathsFound };
};

/**
 * Runs events through the machine with its real transition function in an inert actor scope (no actor is
 * started, no timer set, no action executed), recording the transition definitions taken and the actions asked.
 */
export const createTracer = (machine: AnyStateMachine, input: unknown) => {
  const taken = new Set<AnyTransitionDefinition>();
  const self = createActor(machine, { input } as never);
  self.system.inspect((inspection: { type: string; _transitions?: AnyTransitionDefinition[] }) => {
    if (inspection.type === '@xstate.microstep') inspection._transitions?.forEach((t) => taken.add(t));
  });
  let actions: NamedAction[] = [];
  const scope = {
    self,
    system: self.system,
    id: '',
    sessionId: '',
    logger: () => {},
    defer: () => {},
    stopChild: () => {},
    emit: () => {},
    actionExecutor: (action: { type: string; params: unknown }) => {
      if (!isBuiltInEvent(action.type)) actions.push({ type: action.type, params: action.params });
    },
  };
  const run = (
    produce: () => AnyMachineSnapshot,
  ): { snapshot: AnyMachineSnapshot; actions: NamedAction[] } => {
    actions = [];
    const snapshot = produce();
    return { snapshot, actions };
  };
  return {
    taken,
    initial: () => run(() => machine.getInitialSnapshot(scope as never, input)),
    next: (snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
      run(() => machine.transition(snapshot, event, scope as never)),
  };
};

/** Runs events from the initial state, adding the transition definitions taken to `taken`. */
const replayEvents = (
  machine: AnyStateMachine,
  input: unknown,
  events: AnyEventObject[],
  taken: Set<AnyTransitionDefinition>,
): void => {
  const tracer = createTracer(machine, input);
  let current = tracer.initial().snapshot;
  for (const event of events) current = tracer.next(current, event).snapshot;
  tracer.taken.forEach((definition) => taken.add(definition));
};

/**
 * Replays one path from the initial state with the machine's own transition function, asserting at every step
 * that the state value and the key context facts are the ones the graph recorded, and the model's expectations.
 */
export const replayPath = (
  model: MachineModel,
  path: GeneratedPath,
  taken?: Set<AnyTransitionDefinition>,
): void => {
  const tracer = createTracer(model.machine, path.input);
  const key = keyFor(model, path.kind);
  const first = tracer.initial();
  const at = (index: number) => `step ${index} of ${describePath(path, 0)}`;
  expect(stateKey(first.snapshot, key), at(0)).toBe(path.expected[0]);
  model.check({
    previous: null,
    event: { type: 'xstate.init' },
    snapshot: first.snapshot,
    actions: first.actions,
  });
  let current = first.snapshot;
  path.events.forEach((event, index) => {
    const { snapshot, actions } = tracer.next(current, event);
    expect(stateKey(snapshot, key), at(index + 1)).toBe(path.expected[index + 1]);
    model.check({ previous: current, event, snapshot, actions });
    current = snapshot;
  });
  tracer.taken.forEach((definition) => taken?.add(definition));
};

const guardName = (guard: unknown): string | null => {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') return guard.name || 'inline guard';
  return 'guard';
};

export interface TransitionInfo {
  /** Readable and unique: "<source id> on <event>#<index> [guard] -> <targets>". */
  key: string;
  source: AnyStateNode;
  eventType: string;
  guard: string | null;
  targets: AnyStateNode[];
  definition: AnyTransitionDefinition;
}

/** Every transition of the machine: each state node's `transitions` map (events, `after`, invoke done/error) and `always`. */
export const machineTransitions = (machine: AnyStateMachine): TransitionInfo[] => {
  const result: TransitionInfo[] = [];
  const describeOne = (
    node: AnyStateNode,
    eventType: string,
    index: number,
    definition: AnyTransitionDefinition,
  ) => {
    const guard = guardName(definition.guard);
    const targets = (definition.target ?? []) as AnyStateNode[];
    const targetText = targets.length ? targets.map((target) => target.id).join(', ') : '(no target)';
    result.push({
      key: `${node.id} on ${eventType || 'always'}#${index}${guard ? ` [${guard}]` : ''} -> ${targetText}`,
      source: node,
      eventType,
      guard,
      targets,
      definition,
    });
  };
  const walk = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((definition: AnyTransitionDefinition, index: number) =>
        describeOne(node, eventType, index, definition),
      );
    }
    (node.always ?? []).forEach((definition: AnyTransitionDefinition, index: number) =>
      describeOne(node, '', index, definition),
    );
    Object.values(node.states as Record<string, AnyStateNode>).forEach(walk);
  };
  walk(machine.root);
  return result;
};

/** Keys of the machine's transitions that none of `taken` is. */
export const uncoveredTransitions = (
  machine: AnyStateMachine,
  taken: Set<AnyTransitionDefinition>,
): string[] =>
  machineTransitions(machine)
    .filter((transition) => !taken.has(transition.definition))
    .map((transition) => transition.key);

/** Generates the model's paths, replays them all and returns the transitions no path takes. */
export const coverageOf = (model: MachineModel): { uncovered: string[]; total: number; paths: number } => {
  const { paths } = generatePaths(model);
  const taken = new Set<AnyTransitionDefinition>();
  for (const path of paths) replayPath(model, path, taken);
  return {
    uncovered: uncoveredTransitions(model.machine, taken),
    total: machineTransitions(model.machine).length,
    paths: paths.length,
  };
};

/** Registers one test per generated path, plus a test that the model samples every event the machine accepts. */
export const describeMachinePaths = (model: MachineModel): void => {
  const generated = generatePaths(model);
  describe(`${model.name} paths`, () => {
    test('the model has a sample for every event type each reached state accepts', () => {
      expect(generated.missingSamples).toEqual([]);
    });
    test('the graph yields shortest and simple paths', () => {
      expect(generated.paths.some((path) => path.kind === 'shortest' && path.events.length > 0)).toBe(true);
      expect(generated.paths.some((path) => path.kind === 'simple' && path.events.length > 0)).toBe(true);
    });
    generated.paths.forEach((path, index) => {
      test(describePath(path, index), () => replayPath(model, path));
    });
  });
};

/** Only the named actions of a kind, e.g. every navigate's params. */
export const actionsOfType = (actions: NamedAction[], type: string): unknown[] =>
  actions.filter((action) => action.type === type).map((action) => action.params);
