/**
 * The auditors' report (issue 27, `npm run audit-report`): a static site that opens from disk (index.html, no
 * server, no script): every machine of src/machines drawn as SVG in its page (Graphviz compiled to WebAssembly,
 * @hpcc-js/wasm-graphviz, run at build time), its guards linked to the requirements they enforce, every requirement
 * with its text, guards, server checks and tests (the trace, scripts/trace-generator.ts), the transition coverage of
 * the last recorded test run (tests/machines/coverage.test.ts writes coverage/machine-transitions/) or, where none
 * is recorded, computed from the path generator, and the date and commit it was built from.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { requirements, type RequirementId } from '../src/domain/requirements';
import { guardRequirementIds } from '../src/machines/requirements';
import { eventText, guardText, loadMachineFiles, type MachineFile } from './diagram-generator';
import { guardLeaves } from './machine-guards';
import { buildSuite, loadModelRegistry } from './path-suites';
import { buildTrace, type RequirementTrace, type Trace } from './trace-generator';

export const REPORT_DIR = 'audit-report';
export const COVERAGE_RECORD_DIR = 'coverage/machine-transitions';

/** What tests/machines/coverage.test.ts records for one machine file. */
export interface RecordedCoverage {
  file: string;
  at: string;
  machines: { id: string; total: number; covered: number; uncovered: string[] }[];
}

export interface MachineCoverage {
  source: 'test run' | 'path generator' | 'none';
  at?: string;
  total: number;
  covered: number;
  uncovered: string[];
}

/* ------------------------------------------------------------------------------------------ DOT */

const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const nodeName = (node: AnyStateNode) => quote(`s:${node.id}`);
const clusterName = (node: AnyStateNode) => `"cluster_${node.id.replace(/"/g, '')}"`;
const isCompound = (node: AnyStateNode) => Object.keys(node.states).length > 0;
/** An id written in HTML and URLs: dots and letters only in requirement ids, so they stay readable. */
export const anchor = (id: string) => id.replace(/[^A-Za-z0-9._-]/g, '_');

/** The Graphviz DOT of one machine: states (compound ones as clusters), initial and final marks, transitions. */
export const machineDot = (
  machine: AnyStateMachine,
  idsOf: (guard: string) => readonly string[],
  /** From the page to the report's root: '../' for machines/<file>.html. */
  up = '../',
): string => {
  const lines = [
    `digraph ${quote(machine.id)} {`,
    '  compound=true; rankdir=LR; fontname="Helvetica"; fontsize=11;',
    '  node [shape=box, style="rounded,filled", fillcolor="#eef4fb", color="#44617b", fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9, color="#44617b"];',
  ];
  const anchorOf = (node: AnyStateNode) => (isCompound(node) ? quote(`a:${node.id}`) : nodeName(node));
  const writeState = (node: AnyStateNode, indent: string) => {
    if (isCompound(node)) {
      lines.push(`${indent}subgraph ${clusterName(node)} {`);
      lines.push(
        `${indent}  label=${quote(`${node.key}${node.type === 'parallel' ? ' (parallel)' : ''}`)}; style="rounded"; color="#7a8fa3";`,
      );
      lines.push(`${indent}  ${anchorOf(node)} [shape=point, width=0.01, label="", style=invis];`);
      writeChildren(node, `${indent}  `);
      lines.push(`${indent}}`);
    } else {
      const final = node.type === 'final' ? ', peripheries=2' : '';
      const invokes = node.invoke.map(
        (invoke) => `invoke ${typeof invoke.src === 'string' ? invoke.src : invoke.id}`,
      );
      lines.push(
        `${indent}${nodeName(node)} [label=${quote([node.key, ...invokes].join('\n'))}, tooltip=${quote(node.id)}${final}];`,
      );
    }
  };
  const writeChildren = (parent: AnyStateNode, indent: string) => {
    const initial = parent.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial && parent.type !== 'parallel') {
      const start = quote(`i:${parent.id}`);
      lines.push(
        `${indent}${start} [shape=circle, width=0.15, label="", style=filled, fillcolor="#44617b"];`,
      );
      lines.push(
        `${indent}${start} -> ${anchorOf(initial)}${isCompound(initial) ? ` [lhead=${clusterName(initial)}]` : ''};`,
      );
    }
    for (const child of Object.values(parent.states as Record<string, AnyStateNode>))
      writeState(child, indent);
  };
  writeChildren(machine.root, '  ');

  const anyState = quote('any:root');
  let rootEdges = false;
  const edges = (node: AnyStateNode) => {
    const all: AnyTransitionDefinition[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const transition of all) {
      const guard = guardText(transition.guard, idsOf);
      const label = `${eventText(machine, transition)}${guard ? `\n${guard}` : ''}`;
      const ids = guardLeaves(transition.guard).flatMap((leaf) => [...idsOf(leaf)]);
      const targets = (transition.target ?? []) as AnyStateNode[];
      const from = node === machine.root ? anyState : anchorOf(node);
      if (node === machine.root) rootEdges = true;
      for (const target of targets.length ? targets : [node]) {
        const to = target === machine.root ? anyState : anchorOf(target);
        const attributes = [`label=${quote(label)}`];
        if (isCompound(node) && node !== machine.root) attributes.push(`ltail=${clusterName(node)}`);
        if (isCompound(target) && target !== machine.root && target !== node)
          attributes.push(`lhead=${clusterName(target)}`);
        if (ids.length)
          attributes.push(
            `href=${quote(`${up}requirements.html#${anchor(ids[0]!)}`)}`,
            `tooltip=${quote(ids.join(', '))}`,
          );
        lines.push(`  ${from} -> ${to} [${attributes.join(', ')}];`);
      }
    }
    Object.values(node.states as Record<string, AnyStateNode>).forEach(edges);
  };
  edges(machine.root);
  if (rootEdges) lines.push(`  ${anyState} [label="(any state)", shape=note, fillcolor="#fff7e0"];`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
};

/* ------------------------------------------------------------------------------------------ coverage */

export const readRecordedCoverage = (root: string, file: string): RecordedCoverage | null => {
  const path = join(root, COVERAGE_RECORD_DIR, `${file}.json`);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as RecordedCoverage;
  } catch {
    return null;
  }
};

/* ------------------------------------------------------------------------------------------ HTML */

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const STYLE = `body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1c2733;background:#fbfcfd}
header,main,footer{max-width:1200px;margin:0 auto;padding:12px 20px}header{border-bottom:1px solid #d5dde5}
h1{font-size:1.6rem;margin:.4rem 0}h2{font-size:1.25rem;margin-top:2rem}h3{font-size:1.05rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #d5dde5;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#eef2f6}code{font-size:.9em}.meta{color:#4a5968;font-size:.9rem}.ok{color:#1b6b2f}.gap{color:#a11d1d;font-weight:600}
.diagram{overflow:auto;border:1px solid #d5dde5;background:#fff;padding:8px;margin:.5rem 0 1rem}.diagram svg{max-width:none;height:auto}
.bar{display:inline-block;width:120px;height:10px;background:#e3e8ee;vertical-align:middle}.bar span{display:block;height:100%;background:#2f7d46}
nav a{margin-right:1rem}.reason{color:#4a5968;font-style:italic}`;

const page = (title: string, depth: number, body: string, meta: BuildMeta) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)} · Cedi Wallet auditors' report</title><link rel="stylesheet" href="${'../'.repeat(depth)}style.css"></head>
<body><header><nav><a href="${'../'.repeat(depth)}index.html">Machines</a><a href="${'../'.repeat(depth)}requirements.html">Requirements</a></nav>
<h1>${html(title)}</h1><p class="meta">Built ${html(meta.date)} from commit <code>${html(meta.commit)}</code>${meta.dirty ? ' (with uncommitted changes)' : ''}.</p></header>
<main>${body}</main><footer class="meta">Generated by <code>npm run audit-report</code> from src/machines, src/domain/requirements.ts and the trace (docs/traceability.md).</footer></body></html>
`;

const bar = (covered: number, total: number) => {
  const ratio = total === 0 ? 1 : covered / total;
  return `<span class="bar" role="img" aria-label="${Math.round(ratio * 100)}%"><span style="width:${(ratio * 100).toFixed(1)}%"></span></span> ${covered} of ${total}`;
};

const coverageText = (coverage: MachineCoverage) =>
  coverage.source === 'test run'
    ? `the test run of ${coverage.at} (tests/machines/coverage.test.ts)`
    : coverage.source === 'path generator'
      ? 'computed now from the path generator (no test run recorded)'
      : 'not computed (no test run recorded)';

const requirementLink = (id: string, depth: number) =>
  `<a href="${'../'.repeat(depth)}requirements.html#${anchor(id)}" title="${html(
    (requirements as Record<string, { text: string }>)[id]?.text ?? '',
  )}">${html(id)}</a>`;

export interface BuildMeta {
  date: string;
  commit: string;
  dirty: boolean;
}

export interface BuildOptions {
  /** 'auto': the recorded test run, else the path generator; 'record': recorded only; 'none': skip. */
  coverage?: 'auto' | 'record' | 'none';
  meta?: BuildMeta;
}

export const buildMeta = (root: string): BuildMeta => {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    } catch {
      return '';
    }
  };
  return {
    date: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD') || 'unknown',
    dirty: git('status', '--porcelain', '--', 'src', 'scripts', 'tests').length > 0,
  };
};

export interface BuiltReport {
  /** Relative path -> content. */
  files: Map<string, string>;
  machines: { file: string; ids: string[]; states: number; coverage: MachineCoverage }[];
}

const stateKeys = (machine: AnyStateMachine): string[] => {
  const keys: string[] = [];
  const visit = (node: AnyStateNode) =>
    Object.values(node.states as Record<string, AnyStateNode>).forEach((child) => {
      keys.push(child.key);
      visit(child);
    });
  visit(machine.root);
  return keys;
};

const guardsTable = (file: MachineFile, depth: number): string => {
  const rows: string[] = [];
  for (const { machine } of file.machines)
    for (const guard of Object.keys(machine.implementations.guards).sort()) {
      const ids = guardRequirementIds(file.name, guard);
      rows.push(
        `<tr><td><code>${html(guard)}</code></td><td>${
          ids.length
            ? ids.map((id) => requirementLink(id, depth)).join(', ')
            : '<span class="reason">no catalogued rule</span>'
        }</td></tr>`,
      );
    }
  return rows.length
    ? `<table><thead><tr><th>guard</th><th>requirements it enforces</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : '<p>No guards.</p>';
};

const traceRow = (r: RequirementTrace) => {
  const guards = r.guards.length
    ? [
        ...new Set(
          r.guards.map(
            (g) =>
              `<a href="machines/${html(g.machine)}.html">${html(g.machine)}</a>${g.guard ? ` <code>[${html(g.guard)}]</code>` : ' (transitions)'}`,
          ),
        ),
      ].join('<br>')
    : `<span class="reason">${html(r.reason?.guards ?? '')}</span>`;
  const server = r.server.length
    ? r.server.map((path) => `<code>${html(path)}</code>`).join('<br>')
    : `<span class="reason">${html(r.reason?.server ?? '')}</span>`;
  const tests = r.tests.length
    ? [
        ...new Set(
          r.tests.map(
            (t) =>
              `<code>${html(t.file)}</code> (${t.via}${t.via === 'proves' && t.detail ? `: ${html(t.detail)}` : ''})`,
          ),
        ),
      ].join('<br>')
    : `<span class="reason">${html(r.reason?.tests ?? '')}</span>`;
  return `<tr id="${anchor(r.id)}"><td><code>${html(r.id)}</code></td><td>${html(r.text)}</td><td>${guards}</td><td>${server}</td><td>${tests}</td></tr>`;
};

const requirementsPage = (trace: Trace, meta: BuildMeta) => {
  const sources = [...new Set(trace.requirements.map((r) => r.source))];
  const body = [
    `<p>${trace.requirements.length} requirements: every rule of the spec's sections 4, 5, 8 and 9 and of docs/compliance.md. `,
    trace.gaps.length
      ? `<span class="gap">${trace.gaps.length} gaps without a reason.</span>`
      : '<span class="ok">No gap without a reason</span>: an empty column says why, in italics.',
    '</p>',
    ...sources.map(
      (source) =>
        `<h2>${html(source)}</h2><table><thead><tr><th>id</th><th>requirement</th><th>machines and guards</th><th>server</th><th>tests</th></tr></thead><tbody>${trace.requirements
          .filter((r) => r.source === source)
          .map(traceRow)
          .join('')}</tbody></table>`,
    ),
    '<h2>Gaps</h2>',
    trace.gaps.length
      ? `<ul>${trace.gaps.map((gap) => `<li class="gap">${html(gap.id)}: no ${gap.column}</li>`).join('')}</ul>`
      : '<p class="ok">None.</p>',
  ].join('');
  return page('Requirements', 0, body, meta);
};

/** Builds every page of the report in memory. */
export const buildAuditReport = async (root: string, options: BuildOptions = {}): Promise<BuiltReport> => {
  const meta = options.meta ?? buildMeta(root);
  const mode = options.coverage ?? 'auto';
  const files = await loadMachineFiles(root);
  const trace = await buildTrace(root, files);
  const registry = mode === 'auto' ? await loadModelRegistry(root) : new Map();
  const { Graphviz } = await import('@hpcc-js/wasm-graphviz');
  const graphviz = await Graphviz.load();

  const out = new Map<string, string>();
  const machines: BuiltReport['machines'] = [];
  for (const file of files) {
    const recorded = mode === 'none' ? null : readRecordedCoverage(root, file.name);
    let coverage: MachineCoverage;
    if (recorded)
      coverage = {
        source: 'test run',
        at: recorded.at,
        total: recorded.machines.reduce((sum, m) => sum + m.total, 0),
        covered: recorded.machines.reduce((sum, m) => sum + m.covered, 0),
        uncovered: recorded.machines.flatMap((m) => m.uncovered),
      };
    else if (mode === 'auto' && registry.get(file.name)?.length) {
      try {
        const suite = buildSuite(file.name, registry.get(file.name)!, { criterion: 'transitions' });
        coverage = { source: 'path generator', ...suite.coverage };
      } catch (error) {
        // A model whose checks fail is a failing path test: the report says so rather than stopping.
        const reason = `the path generator failed: ${String((error as Error).message ?? error).split('\n')[0]}`;
        coverage = { source: 'none', total: 0, covered: 0, uncovered: [reason] };
      }
    } else coverage = { source: 'none', total: 0, covered: 0, uncovered: [] };

    // machines/<file>.html, or machines/ops/<file>.html for a folder's machine ('ops/ops-session').
    const depth = file.name.split('/').length;
    const up = '../'.repeat(depth);
    const ids = new Set<string>();
    const sections = file.machines.map(({ exportName, machine }) => {
      const idsOf = (guard: string) => guardRequirementIds(file.name, guard);
      const svg = graphviz
        .dot(machineDot(machine, idsOf, up))
        .replace(/^<\?xml[^>]*>\s*/, '')
        .replace(/<!DOCTYPE[^>]*>\s*/, '');
      for (const transition of trace.requirements.filter((r) =>
        r.guards.some((g) => g.machine === file.name),
      ))
        ids.add(transition.id);
      return `<h2><code>${html(exportName)}</code> (id <code>${html(machine.id)}</code>)</h2>
<p class="meta">${stateKeys(machine).length} states. Guards are drawn with the requirement ids they enforce; a labelled arrow links to the first.</p>
<div class="diagram">${svg}</div>`;
    });
    const states = file.machines.reduce((sum, { machine }) => sum + stateKeys(machine).length, 0);
    const related = trace.requirements.filter((r) => ids.has(r.id));
    const body = [
      `<p>${html(file.purpose)}</p>`,
      `<p class="meta">Source: <code>src/machines/${html(file.name)}.machine.ts</code>. Diagram: <code>docs/machines/${html(file.name)}.md</code>.</p>`,
      ...sections,
      '<h2>Guards and the rules they enforce</h2>',
      guardsTable(file, depth),
      '<h2>Transition coverage</h2>',
      coverage.source === 'none'
        ? `<p>${coverageText(coverage)}${coverage.uncovered.length ? `: <span class="gap">${html(coverage.uncovered[0]!)}</span>` : ''}.</p>`
        : `<p>${bar(coverage.covered, coverage.total)} transitions, from ${coverageText(coverage)}.</p>${
            coverage.uncovered.length
              ? `<p class="gap">Not taken:</p><ul>${coverage.uncovered.map((key) => `<li><code>${html(key)}</code></li>`).join('')}</ul>`
              : ''
          }`,
      '<h2>Requirements of this machine</h2>',
      related.length
        ? `<table><thead><tr><th>id</th><th>requirement</th><th>machines and guards</th><th>server</th><th>tests</th></tr></thead><tbody>${related
            .map(traceRow)
            .join('')
            .replace(/href="machines\//g, `href="${up}machines/`)}</tbody></table>`
        : '<p>No catalogued requirement is mapped to this machine.</p>',
    ].join('\n');
    out.set(`machines/${file.name}.html`, page(`${file.name} machine`, depth, body, meta));
    machines.push({ file: file.name, ids: [...ids].sort(), states, coverage });
  }

  const sources = new Set(machines.map((m) => m.coverage.source));
  const index = [
    '<p>Every state machine of the wallet, drawn from the code, with the rules of the spec and of the Bank of Ghana limits',
    ' that its guards enforce and the tests that prove them. Transition coverage: ',
    sources.has('test run')
      ? 'from the last recorded test run where there is one'
      : 'no test run is recorded (run <code>npx vitest run tests/machines/coverage.test.ts</code>)',
    sources.has('path generator') ? '; computed from the path generator where not' : '',
    '.</p>',
    `<p><a href="requirements.html">${trace.requirements.length} requirements</a>, ${
      trace.gaps.length
        ? `<span class="gap">${trace.gaps.length} gaps</span>`
        : '<span class="ok">no gap without a reason</span>'
    }.</p>`,
    '<table><thead><tr><th>machine</th><th>purpose</th><th>states</th><th>transition coverage</th><th>requirements</th></tr></thead><tbody>',
    ...machines.map((m) => {
      const file = files.find((f) => f.name === m.file)!;
      return `<tr><td><a href="machines/${html(m.file)}.html">${html(m.file)}</a></td><td>${html(file.purpose)}</td><td>${m.states}</td><td>${
        m.coverage.source === 'none'
          ? '—'
          : `${bar(m.coverage.covered, m.coverage.total)}<br><span class="meta">${m.coverage.source}</span>`
      }</td><td>${m.ids.length}</td></tr>`;
    }),
    '</tbody></table>',
  ].join('');
  out.set('index.html', page("Auditors' report: state machines and requirements", 0, index, meta));
  out.set('requirements.html', requirementsPage(trace, meta));
  out.set('style.css', `${STYLE}\n`);
  out.set(
    'report.json',
    `${JSON.stringify({ ...meta, machines: machines.map(({ file, ids, states, coverage }) => ({ file, ids, states, coverage })) }, null, 2)}\n`,
  );
  return { files: out, machines };
};

export type { RequirementId };
