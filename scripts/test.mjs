// `npm test`: runs vitest (both projects: web and server) and closes with one plain line `N passed, N failed`
// counted from vitest's JSON report; test files that failed to load count as failed. Extra arguments go to vitest
// (`npm test -- tests/domain`). With TEST_DATABASE_URL set, the server tests run against that PostgreSQL.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = mkdtempSync(path.join(tmpdir(), 'vitest-report-'));
const reportFile = path.join(reportDir, 'report.json');

const args = [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...process.argv.slice(2),
];
const vitest = spawn(path.join(root, 'node_modules', '.bin', 'vitest'), args, {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => vitest.kill(signal));

const exitCode = await new Promise((resolve) => {
  vitest.on('error', (error) => {
    console.error(`test: could not run vitest: ${error.message}`);
    resolve(1);
  });
  vitest.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
});

let passed = 0;
let failed = 0;
let skipped = 0;
const notes = [];
if (existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'passed') passed += 1;
      else if (test.status === 'failed') failed += 1;
      else skipped += 1; // skipped, pending, todo, disabled
    }
    if (file.status === 'failed' && !tests.some((test) => test.status === 'failed')) {
      failed += 1;
      const reason = (file.message ?? '').split('\n')[0] || 'a hook or the file itself failed (see above)';
      notes.push(`test: ${path.relative(root, file.name)} failed outside its tests: ${reason}`);
    }
  }
} else {
  notes.push('test: vitest wrote no JSON report');
}
if (exitCode !== 0 && failed === 0) {
  failed += 1;
  notes.push(`test: vitest exited with code ${exitCode} without a failed test (an error outside the tests)`);
}
if (exitCode === 0 && passed === 0) {
  failed += 1;
  notes.push('test: no test ran');
}
rmSync(reportDir, { recursive: true, force: true });

for (const note of notes) console.log(note);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(exitCode !== 0 || failed > 0 || passed === 0 ? 1 : 0);
