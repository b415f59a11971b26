/**
 * `npm run audit-report [-- --out DIR] [--coverage auto|record|none]`: writes the auditors' report
 * (scripts/audit-report-builder.ts) to DIR (default audit-report/, ignored by git). Open DIR/index.html from disk.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { buildAuditReport, REPORT_DIR, type BuildOptions } from './audit-report-builder';

const argv = process.argv.slice(2);
const option = (name: string) => {
  const index = argv.indexOf(name);
  return index >= 0 ? argv[index + 1] : undefined;
};
const coverage = option('--coverage') ?? 'auto';
if (!['auto', 'record', 'none'].includes(coverage)) {
  console.error('usage: npm run audit-report [-- --out DIR] [--coverage auto|record|none]');
  process.exit(2);
}
const dir = resolve(option('--out') ?? REPORT_DIR);
const report = await buildAuditReport(process.cwd(), { coverage: coverage as BuildOptions['coverage'] });
rmSync(dir, { recursive: true, force: true });
for (const [path, text] of report.files) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}
const recorded = report.machines.filter((m) => m.coverage.source === 'test run').length;
const computed = report.machines.filter((m) => m.coverage.source === 'path generator').length;
console.log(
  `wrote ${report.files.size} files to ${dir}: ${report.machines.length} machines (transition coverage: ${recorded} from the last test run, ${computed} computed from the path generator). Open ${join(dir, 'index.html')}`,
);
