/**
 * Mermaid `stateDiagram-v2` text of every machine in src/machines, read from the machines themselves (each
 * machine's `root`: states, initial states, final states, invokes, and every transition with its event, guard,
 * delay or invoke done/error). Used by `npm run diagrams` (scripts/diagrams.ts), which writes docs/machines/, and
 * by tests/machines/diagrams.test.ts, which fails when the committed diagrams differ from the code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { guardRequirementIds } from '../src/machines/requirements';
import { compactIds, guardLabel, guardLeaves } from './machine-guards';

export const MACHINES_DIR = 'src/machines';
export const DIAGRAMS_DIR = 'docs/machines';

const mermaidId = (node: AnyStateNode): string => node.id.replace(/[^A-Za-z0-9_]/g, '_');

/** The requirement ids a guard enforces (src/machines/requirements.ts), by the guard's name. */
export type GuardIds = (guard: string) => readonly string[];

/** A guard as the rule it reads as, with the requirement ids of its named parts: `[formValid] S5.transfer.1-7`. */
export const guardText = (guard: unknown, idsOf: GuardIds = () => []): string | null => {
  const text = guardLabel(guard);
  if (text === null) return null;
  const ids = guardLeaves(guard).flatMap((leaf) => idsOf(leaf));
  return ids.length ? `[${text}] ${compactIds(ids)}` : `[${text}]`;
};

const delayText = (machine: AnyStateMachine, delay: unknown): string => {
  const resolved = typeof delay === 'string' ? (machine.implementations.delays[delay] ?? delay) : delay;
  if (typeof resolved === 'number') return `after ${resolved}ms`;
  return typeof delay === 'string' ? `after ${delay}` : 'after (computed delay)';
};

export const eventText = (
  machine: AnyStateMachine,
  transition: AnyTransitionDefinition & { delay?: unknown },
): string => {
  const { eventType } = transition;
  if (eventType === '') return 'always';
  if (eventType.startsWith('xstate.after.'))
    return delayText(machine, transition.delay ?? eventType.split('.')[2]);
  if (eventType.startsWith('xstate.done.actor.'))
    return `done ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.'))
    return `error ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
};

/** Mermaid labels end at the line's end; keep them on one line and free of the characters Mermaid reads. */
const label = (text: string): string =>
  text
    .replace(/[:;#\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The Mermaid stateDiagram-v2 of one machine. */
export const machineDiagram = (machine: AnyStateMachine, idsOf: GuardIds = () => []): string => {
  const lines = ['stateDiagram-v2'];
  const transitions: string[] = [];

  const describeTransitions = (node: AnyStateNode) => {
    const all: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of all) {
      const guard = guardText(transition.guard, idsOf);
      const text = label(`${eventText(machine, transition)}${guard ? ` ${guard}` : ''}`);
      const targets = (transition.target ?? []) as AnyStateNode[];
      for (const target of targets.length ? targets : [node]) {
        transitions.push(`${mermaidId(node)} --> ${mermaidId(target)} : ${text}`);
      }
    }
  };

  const writeStates = (parent: AnyStateNode, indent: string) => {
    const children = Object.values(parent.states as Record<string, AnyStateNode>);
    const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial && parent.type !== 'parallel') lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    children.forEach((child, index) => {
      if (parent.type === 'parallel' && index > 0) lines.push(`${indent}--`);
      const id = mermaidId(child);
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state "${child.key}" as ${id} {`);
        writeStates(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${id}`);
      }
      for (const invoke of child.invoke) {
        const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
        lines.push(`${indent}${id} : invoke ${label(invoke.id === src ? src : `${invoke.id} (${src})`)}`);
      }
      if (child.type === 'final') lines.push(`${indent}${id} --> [*]`);
      describeTransitions(child);
    });
  };

  writeStates(machine.root, '  ');
  describeTransitions(machine.root);
  // Transitions of the machine itself (root) have no box to start from: they are drawn from each top state.
  const rootId = mermaidId(machine.root);
  const topStates = Object.values(machine.root.states as Record<string, AnyStateNode>).filter(
    (s) => s.type !== 'final',
  );
  const expanded = transitions.flatMap((line) =>
    line.startsWith(`${rootId} --> `)
      ? topStates.map((state) =>
          line
            .replace(`${rootId} --> ${rootId} `, `${mermaidId(state)} --> ${mermaidId(state)} `)
            .replace(`${rootId} --> `, `${mermaidId(state)} --> `),
        )
      : [line],
  );
  lines.push(...expanded.map((line) => `  ${line}`));
  return `${lines.join('\n')}\n`;
};

/** The first sentence of a file's leading doc comment: the machine's purpose. */
export const purposeOf = (source: string): string => {
  const match = /^\s*\/\*\*([\s\S]*?)\*\//.exec(source);
  if (!match?.[1]) return '';
  const paragraph = match[1]
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join('\n')
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s+/g, ' ');
  let depth = 0;
  for (let index = 0; index < paragraph.length; index++) {
    const char = paragraph[index];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(depth - 1, 0);
    else if (
      char === '.' &&
      depth === 0 &&
      (index === paragraph.length - 1 || paragraph[index + 1] === ' ')
    ) {
      return paragraph.slice(0, index + 1);
    }
  }
  return paragraph;
};

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'transition' in value &&
  'provide' in value;

export interface MachineFile {
  /** The file's name without `.machine.ts`, e.g. 'session'. */
  name: string;
  purpose: string;
  machines: { exportName: string; machine: AnyStateMachine }[];
}

/** Folders of src/machines with machines of their own (the operations console's, issue 25): names 'ops/<file>'. */
export const MACHINE_SUBDIRS = ['ops'] as const;

/** The names of src/machines/<name>.machine.ts and of its folders' machines ('ops/ops-session'), sorted. */
export const machineFileNames = (root: string): string[] => {
  const dir = join(root, MACHINES_DIR);
  const inDir = (sub: string | null) =>
    readdirSync(sub ? join(dir, sub) : dir)
      .filter((file) => file.endsWith('.machine.ts'))
      .map((file) => `${sub ? `${sub}/` : ''}${file.replace(/\.machine\.ts$/, '')}`);
  return [...inDir(null), ...MACHINE_SUBDIRS.flatMap((sub) => inDir(sub))].sort();
};

/** Every src/machines/<name>.machine.ts with the machines it exports, in file-name order. */
export const loadMachineFiles = async (root: string): Promise<MachineFile[]> => {
  const dir = join(root, MACHINES_DIR);
  const names = machineFileNames(root);
  const files: MachineFile[] = [];
  for (const name of names) {
    const path = join(dir, `${name}.machine.ts`);
    const module = (await import(path)) as Record<string, unknown>;
    const machines = Object.entries(module)
      .filter((entry): entry is [string, AnyStateMachine] => isMachine(entry[1]))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([exportName, machine]) => ({ exportName, machine }));
    files.push({ name, purpose: purposeOf(readFileSync(path, 'utf8')), machines });
  }
  return files;
};

const HEADER =
  '<!-- Generated by `npm run diagrams` from the machines in src/machines. Do not edit by hand. -->';

export const machineDocument = (file: MachineFile): string =>
  [
    HEADER,
    '',
    `# ${file.name} machine`,
    '',
    file.purpose,
    '',
    `Source: [src/machines/${file.name}.machine.ts](${'../'.repeat(file.name.split('/').length + 1)}src/machines/${file.name}.machine.ts)`,
    '',
    ...file.machines.flatMap(({ exportName, machine }) => [
      `## \`${exportName}\` (id \`${machine.id}\`)`,
      '',
      '```mermaid',
      machineDiagram(machine, (guard) => guardRequirementIds(file.name, guard)).trimEnd(),
      '```',
      '',
    ]),
  ].join('\n');

export const readmeDocument = (files: MachineFile[]): string =>
  [
    HEADER,
    '',
    '# State machines',
    '',
    'One page per file of src/machines, each with a Mermaid `stateDiagram-v2` drawn from the machine itself',
    '(states, initial and final states, invokes; transitions labelled with their event and guard, `after <n>ms`',
    'for timers, `done <id>` / `error <id>` for invoked actors). A guard reads as its rule (`[allLoaded and',
    'crossBorder]`), followed by the ids of the requirements it enforces (src/domain/requirements.ts, mapped in',
    'src/machines/requirements.ts; see docs/traceability.md). Run `npm run diagrams` after changing a machine:',
    'tests/machines/diagrams.test.ts fails while these pages differ from the code.',
    '',
    '| Machine | Purpose |',
    '| --- | --- |',
    ...files.map((file) => `| [${file.name}](${file.name}.md) | ${file.purpose.replace(/\|/g, '\\|')} |`),
    '',
  ].join('\n');

/** Every file docs/machines/ should hold, by file name. */
export const generateMachineDocs = async (root: string): Promise<Map<string, string>> => {
  const files = await loadMachineFiles(root);
  const docs = new Map<string, string>();
  docs.set('README.md', readmeDocument(files));
  for (const file of files) docs.set(`${file.name}.md`, machineDocument(file));
  return docs;
};
