/**
 * The requirement trace: for every requirement of src/domain/requirements.ts, the machines' guards and transitions
 * that enforce it (src/machines/requirements.ts), the server files that check it (src/server/requirements.ts) and
 * the tests that prove it, found by reading the code:
 * - a test or describe named with `proves('<id>', ...)` (tests/support/requirements.ts);
 * - a test that asserts a message the requirement quotes (tests/fixtures/spec-messages.json names it, and
 *   tests/domain/spec-messages.test.ts checks that it does);
 * - for a guard or a machine's flow, the machine's generated path tests (tests/machines/coverage.test.ts takes
 *   every transition, the machine's models in tests/support check each step against the domain rules).
 * A column that is empty needs a `reason` in the catalogue, else it is a gap. Used by `npm run trace`
 * (scripts/trace.ts), the auditors' report and tests/machines/requirements.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  reasonsOf,
  requirementIds,
  requirements,
  sourceOf,
  type RequirementId,
  type RequirementSource,
  type TraceColumn,
} from '../src/domain/requirements';
import { flowRequirements, guardRequirements } from '../src/machines/requirements';
import { serverRequirements } from '../src/server/requirements';
import { loadMachineFiles, MACHINES_DIR, type MachineFile } from './diagram-generator';
import { guardLabel, guardLeaves } from './machine-guards';

export const TRACE_MD = 'docs/traceability.md';
export const TRACE_JSON = 'docs/traceability.json';
export const COVERAGE_TEST = 'tests/machines/coverage.test.ts';

export interface GuardTrace {
  machine: string;
  file: string;
  /** The guard's name; null when the machine's transitions and actions realise the rule (a flow). */
  guard: string | null;
  /** The transitions the guard decides: "<state> on <event> [guard] -> <target>". */
  transitions: string[];
}

export interface TestTrace {
  file: string;
  via: 'proves' | 'message' | 'paths';
  /** What links it: the test's name, the quoted message, or the machine. */
  detail: string;
}

export interface RequirementTrace {
  id: RequirementId;
  source: RequirementSource;
  text: string;
  guards: GuardTrace[];
  server: string[];
  tests: TestTrace[];
  /** Why a column is deliberately empty. */
  reason?: Partial<Record<TraceColumn, string>>;
}

export interface Gap {
  id: RequirementId;
  column: TraceColumn;
}

export interface ProblemReport {
  /** Guards named in src/machines/requirements.ts that no machine of the file has. */
  unknownGuards: string[];
  /** Machine files named in the maps that do not exist. */
  unknownMachines: string[];
  /** Server files named in src/server/requirements.ts that do not exist. */
  missingServerFiles: string[];
  /** `proves(` calls whose ids could not be read as literals of the catalogue. */
  unreadableProofs: string[];
}

export interface Trace {
  requirements: RequirementTrace[];
  gaps: Gap[];
  problems: ProblemReport;
}

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

/** "<state> on <event> [guard] -> <targets>" of every transition whose guard uses a named guard. */
const transitionsByGuard = (machine: AnyStateMachine): Map<string, string[]> => {
  const result = new Map<string, string[]>();
  const describe = (node: AnyStateNode, eventType: string, definition: AnyTransitionDefinition) => {
    const targets = ((definition.target ?? []) as AnyStateNode[]).map((target) => target.id).join(', ');
    const text = `${node.id} on ${eventType || 'always'} [${guardLabel(definition.guard)}] -> ${targets || '(stays)'}`;
    for (const leaf of new Set(guardLeaves(definition.guard)))
      result.set(leaf, [...(result.get(leaf) ?? []), text]);
  };
  const visit = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions)
      for (const definition of definitions as AnyTransitionDefinition[])
        describe(node, eventType, definition);
    for (const definition of (node.always ?? []) as AnyTransitionDefinition[]) describe(node, '', definition);
    Object.values(node.states as Record<string, AnyStateNode>).forEach(visit);
  };
  visit(machine.root);
  return result;
};

/** The test files that register each machine file's path-test models (`{ file: '<name>', models }`). */
export const modelFilesByMachine = (root: string): Map<string, string[]> => {
  const result = new Map<string, string[]>();
  const support = join(root, 'tests/support');
  for (const name of readdirSync(support).filter((file) => /^machine-models.*\.ts$/.test(file))) {
    const text = readFileSync(join(support, name), 'utf8');
    for (const match of text.matchAll(/\{\s*file:\s*'([a-z0-9-]+)'/g)) {
      result.set(match[1]!, [...(result.get(match[1]!) ?? []), `tests/support/${name}`]);
    }
  }
  return result;
};

const PROVES = /\bproves\(\s*(\[[^\]]*\]|'[^']*')/g;

/** Every `proves(ids, name)` of the test files, with the ids it names. */
const readProofs = (root: string, problems: ProblemReport): Map<RequirementId, TestTrace[]> => {
  const result = new Map<RequirementId, TestTrace[]>();
  const files = walk(join(root, 'tests')).filter(
    (path) => /\.(test|spec)\.tsx?$/.test(path) && !path.includes('node_modules'),
  );
  for (const path of files.sort()) {
    const text = readFileSync(path, 'utf8');
    const file = relative(root, path);
    for (const match of text.matchAll(PROVES)) {
      const ids = [...match[1]!.matchAll(/'([^']+)'/g)].map((id) => id[1]!);
      const after = text.slice(match.index + match[0].length);
      const name = /^\s*,\s*(['"`])((?:(?!\1).)*)\1/s.exec(after)?.[2] ?? '';
      if (ids.length === 0) problems.unreadableProofs.push(`${file}: ${match[0]}`);
      for (const id of ids) {
        if (!Object.hasOwn(requirements, id)) {
          problems.unreadableProofs.push(`${file}: ${id}`);
          continue;
        }
        const key = id as RequirementId;
        result.set(key, [...(result.get(key) ?? []), { file, via: 'proves', detail: name }]);
      }
    }
  }
  return result;
};

interface SpecMessage {
  text: string;
  test: string | null;
}

/** Tests asserting the messages a requirement quotes ('...' in its text). */
const messageProofs = (root: string, id: RequirementId, messages: SpecMessage[]): TestTrace[] => {
  const text = requirements[id].text;
  const seen = new Set<string>();
  const result: TestTrace[] = [];
  for (const message of messages) {
    if (!message.test || !text.includes(`'${message.text}'`)) continue;
    const key = `${message.test}|${message.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ file: message.test, via: 'message', detail: message.text });
  }
  void root;
  return result;
};

const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);

/** The trace of every requirement, built from the code as it is now. */
export const buildTrace = async (root: string, files?: MachineFile[]): Promise<Trace> => {
  const machineFiles = files ?? (await loadMachineFiles(root));
  const problems: ProblemReport = {
    unknownGuards: [],
    unknownMachines: [],
    missingServerFiles: [],
    unreadableProofs: [],
  };
  const guardsOf = new Map<RequirementId, GuardTrace[]>();
  const add = (id: RequirementId, entry: GuardTrace) =>
    guardsOf.set(id, [...(guardsOf.get(id) ?? []), entry]);
  const byName = new Map(machineFiles.map((file) => [file.name, file]));

  for (const [name, guards] of Object.entries(guardRequirements)) {
    const file = byName.get(name);
    if (!file) {
      problems.unknownMachines.push(name);
      continue;
    }
    const transitions = new Map<string, string[]>();
    for (const { machine } of file.machines)
      for (const [guard, list] of transitionsByGuard(machine))
        transitions.set(guard, [...(transitions.get(guard) ?? []), ...list]);
    for (const [guard, ids] of Object.entries(guards as Record<string, readonly RequirementId[]>)) {
      const known = file.machines.some(({ machine }) => Object.hasOwn(machine.implementations.guards, guard));
      if (!known) problems.unknownGuards.push(`${name}: ${guard}`);
      for (const id of ids)
        add(id, {
          machine: name,
          file: `${MACHINES_DIR}/${name}.machine.ts`,
          guard,
          transitions: transitions.get(guard) ?? [],
        });
    }
  }
  for (const [name, ids] of Object.entries(flowRequirements)) {
    if (!byName.has(name)) problems.unknownMachines.push(name);
    for (const id of ids as readonly RequirementId[])
      add(id, { machine: name, file: `${MACHINES_DIR}/${name}.machine.ts`, guard: null, transitions: [] });
  }

  for (const paths of Object.values(serverRequirements))
    for (const path of paths ?? [])
      if (!problems.missingServerFiles.includes(path)) {
        try {
          statSync(join(root, path));
        } catch {
          problems.missingServerFiles.push(path);
        }
      }

  const proofs = readProofs(root, problems);
  const messages = JSON.parse(
    readFileSync(join(root, 'tests/fixtures/spec-messages.json'), 'utf8'),
  ) as SpecMessage[];
  const models = modelFilesByMachine(root);

  const traces: RequirementTrace[] = [];
  const gaps: Gap[] = [];
  for (const id of requirementIds) {
    const guards = guardsOf.get(id) ?? [];
    const server = [...new Set(serverRequirements[id] ?? [])].sort();
    const pathTests: TestTrace[] = [...new Set(guards.map((guard) => guard.machine))].flatMap((machine) => [
      { file: COVERAGE_TEST, via: 'paths' as const, detail: machine },
      ...(models.get(machine) ?? []).map((file) => ({ file, via: 'paths' as const, detail: machine })),
    ]);
    const tests = [...(proofs.get(id) ?? []), ...messageProofs(root, id, messages), ...pathTests].sort(
      (a, b) => a.via.localeCompare(b.via) || byFile(a, b) || a.detail.localeCompare(b.detail),
    );
    const reasons = reasonsOf(id);
    const columns: Record<TraceColumn, number> = {
      guards: guards.length,
      server: server.length,
      tests: tests.length,
    };
    const reason: Partial<Record<TraceColumn, string>> = {};
    for (const column of ['guards', 'server', 'tests'] as const) {
      if (columns[column] > 0) continue;
      if (reasons[column]) reason[column] = reasons[column];
      else gaps.push({ id, column });
    }
    traces.push({
      id,
      source: sourceOf(id),
      text: requirements[id].text,
      guards,
      server,
      tests,
      ...(Object.keys(reason).length ? { reason } : {}),
    });
  }
  return { requirements: traces, gaps, problems };
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

const HEADER =
  '<!-- Generated by `npm run trace` from src/domain/requirements.ts and the code. Do not edit by hand. -->';

/** docs/traceability.md */
export const traceMarkdown = (trace: Trace): string => {
  const lines = [
    HEADER,
    '',
    '# Requirements traceability',
    '',
    'Every rule of the spec (sections 4, 5, 8, 9) and of [docs/compliance.md](compliance.md), with the machine',
    'guards and transitions that enforce it, the server code that checks it and the tests that prove it. Tests are',
    'found three ways: **proves** (the test is named with `proves(id, ...)`), **message** (the test asserts a message',
    'the rule quotes; tests/domain/spec-messages.test.ts checks it) and **paths** (the machine’s generated path tests,',
    'which take every transition: tests/machines/coverage.test.ts). A column left empty says why. Machine-readable:',
    '[traceability.json](traceability.json). Regenerate with `npm run trace`.',
    '',
    `${trace.requirements.length} requirements; ${trace.gaps.length} gaps without a reason.`,
    '',
  ];
  const sources = [...new Set(trace.requirements.map((r) => r.source))];
  for (const source of sources) {
    lines.push(
      `## ${source}`,
      '',
      '| id | requirement | guards and transitions | server | tests |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const r of trace.requirements.filter((entry) => entry.source === source)) {
      const guards = r.guards.length
        ? [
            ...new Set(r.guards.map((g) => `${g.machine}${g.guard ? ` [${g.guard}]` : ' (transitions)'}`)),
          ].join('<br>')
        : `_${r.reason?.guards ?? 'GAP'}_`;
      const server = r.server.length
        ? r.server.map((path) => `\`${path.replace(/^src\/server\//, '')}\``).join('<br>')
        : `_${r.reason?.server ?? 'GAP'}_`;
      const tests = r.tests.length
        ? [...new Set(r.tests.map((t) => `${t.file.replace(/^tests\//, '')} (${t.via})`))].join('<br>')
        : `_${r.reason?.tests ?? 'GAP'}_`;
      lines.push(
        `| <a id="${r.id}"></a>${r.id} | ${cell(r.text)} | ${cell(guards)} | ${cell(server)} | ${cell(tests)} |`,
      );
    }
    lines.push('');
  }
  lines.push('## Gaps', '');
  if (trace.gaps.length === 0) lines.push('None: every empty column has its reason above.');
  else for (const gap of trace.gaps) lines.push(`- ${gap.id}: no ${gap.column}, and no reason given`);
  lines.push('', '## Deliberately empty columns', '');
  for (const r of trace.requirements.filter((entry) => entry.reason))
    for (const [column, why] of Object.entries(r.reason!)) lines.push(`- ${r.id} (${column}): ${why}`);
  lines.push('');
  return lines.join('\n');
};

/** docs/traceability.json */
export const traceJson = (trace: Trace): string =>
  `${JSON.stringify({ requirements: trace.requirements, gaps: trace.gaps }, null, 2)}\n`;
