/** The auditors' report (issue 27, `npm run audit-report`) is built from the machines as they are now. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import {
  buildAuditReport,
  COVERAGE_RECORD_DIR,
  readRecordedCoverage,
  type BuiltReport,
} from '../../scripts/audit-report-builder';
import { loadMachineFiles, type MachineFile } from '../../scripts/diagram-generator';
import { requirementIds } from '../../src/domain/requirements';

const root = process.cwd();
const meta = { date: '2026-11-27T12:00:00.000Z', commit: 'abc1234', dirty: false };
let report: BuiltReport;
let files: MachineFile[];

beforeAll(async () => {
  files = await loadMachineFiles(root);
  report = await buildAuditReport(root, { coverage: 'none', meta });
}, 120_000);

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

describe('the auditors’ report', () => {
  it('has a page for every machine file of src/machines, listed on the index', () => {
    const index = report.files.get('index.html')!;
    for (const file of files) {
      expect(report.files.has(`machines/${file.name}.html`), file.name).toBe(true);
      expect(index).toContain(`href="machines/${file.name}.html"`);
    }
    expect([...report.files.keys()].filter((path) => path.startsWith('machines/'))).toHaveLength(
      files.length,
    );
  });

  it('draws every machine as SVG in its page, with every state of the machine as it is now', () => {
    for (const file of files) {
      const page = report.files.get(`machines/${file.name}.html`)!;
      expect(page.match(/<svg /g)?.length, file.name).toBe(file.machines.length);
      for (const { machine } of file.machines)
        for (const key of stateKeys(machine))
          expect(page, `${file.name}: ${key}`).toContain(`>${key}</text>`);
    }
  });

  it('links each guard’s requirement to its text on the requirements page, which lists them all', () => {
    const requirementsPage = report.files.get('requirements.html')!;
    for (const id of requirementIds) expect(requirementsPage).toContain(`id="${id}"`);
    const transfer = report.files.get('machines/transfer.html')!;
    expect(transfer).toContain('href="../requirements.html#S5.transfer.3"');
    expect(transfer).toContain('<code>formValid</code>');
  });

  it('opens from disk: relative links only, no script, and says when and from what it was built', () => {
    for (const [path, text] of report.files) {
      if (!path.endsWith('.html')) continue;
      expect(text, path).not.toMatch(/(href|src)="(\/|https?:)/);
      expect(text, path).not.toContain('<script');
      expect(text, path).toContain('2026-11-27T12:00:00.000Z');
      expect(text, path).toContain('abc1234');
    }
  });

  it('every link of every page leads to a page of the report, folders’ machines (ops/...) included', () => {
    for (const [path, text] of report.files) {
      if (!path.endsWith('.html')) continue;
      for (const match of text.matchAll(/(?:href|xlink:href)="([^"#]+)(#[^"]*)?"/g)) {
        const target = posix.normalize(posix.join(posix.dirname(path), match[1]!));
        expect(report.files.has(target), `${path} links to ${match[1]}`).toBe(true);
      }
    }
  });

  it('says where the coverage comes from: a recorded test run, else none here', () => {
    expect(report.files.get('index.html')).toContain('no test run is recorded');
    const dir = mkdtempSync(join(tmpdir(), 'audit-report-'));
    mkdirSync(join(dir, COVERAGE_RECORD_DIR), { recursive: true });
    const record = {
      file: 'toggle',
      at: '2026-11-27T11:00:00.000Z',
      machines: [{ id: 'toggle', total: 4, covered: 3, uncovered: ['toggle.on on RESET#0 -> toggle.off'] }],
    };
    writeFileSync(join(dir, COVERAGE_RECORD_DIR, 'toggle.json'), JSON.stringify(record));
    expect(readRecordedCoverage(dir, 'toggle')).toEqual(record);
    expect(readRecordedCoverage(dir, 'other')).toBeNull();
  });
});
