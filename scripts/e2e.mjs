// `npm run test:e2e`: builds the app if needed, starts the real API host (src/server/main.ts) on a free port with a
// fresh temporary DATA_DIR (embedded PGlite, and the development secrets made there), waits for /api/health, runs Playwright
// against it in Debian's Chromium (the journeys, then the Lighthouse budgets on their own: tests/e2e/lighthouse.spec.ts),
// stops the server and closes with one plain line `N passed, N failed` over both runs.
// Extra arguments go to `playwright test` (`npm run test:e2e -- tests/e2e/log-in.spec.ts`).
// Playwright gets E2E_BASE_URL, E2E_DATA_DIR, a betting operator's API key (E2E_PARTNER_KEY, for
// E2E_PARTNER_OPERATOR) for AuthenticateUser, and the console's staff accounts (E2E_STAFF).
// Set E2E_KEEP_DATA=1 to keep the data directory and server log for inspection, E2E_LOG_LEVEL=debug for request logs.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = mkdtempSync(path.join(tmpdir(), 'wallet-e2e-'));
const dataDir = path.join(workDir, 'data');
const serverLog = path.join(workDir, 'server.log');
const reportFile = path.join(workDir, 'playwright.json');

function finish(passed, failed, code) {
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(code);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function tail(file, lines = 60) {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

try {
  await buildIfNeeded();
} catch (error) {
  console.error(`e2e: ${error.message}`);
  finish(0, 1, 1);
}

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const serverEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
serverEnv.STATIC_DIR = path.join(root, 'dist');
serverEnv.LOG_LEVEL = process.env.E2E_LOG_LEVEL ?? 'warn';
// The journeys sign up far more than 20 accounts an hour, all from 127.0.0.1 (the per-address limit is proven by
// tests/server/abuse-limits.test.ts).
serverEnv.SIGN_UP_LIMIT_PER_HOUR = '100000';
// Every browser of the journeys is 127.0.0.1, and /LogIn begins a passkey ceremony on each visit (autofill).
serverEnv.PASSKEY_CEREMONIES_PER_MINUTE = '100000';
for (const name of ['DATABASE_URL', 'APP_SECRET', 'SMTP_URL', 'NODE_ENV']) delete serverEnv[name];

// A betting operator's API key, made on the new database before the server opens it (PGlite has one user at a
// time), so the partner-link journey can ask for a link as the operator's server would (E2E_PARTNER_KEY).
const PARTNER_OPERATOR = 'sportybet';
const partners = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/partners.ts', 'create-key', PARTNER_OPERATOR],
  { cwd: root, env: serverEnv, encoding: 'utf8', timeout: 180_000 },
);
const partnerKey = partners.status === 0 ? partners.stdout.trim().split('\n').at(-1) : undefined;
if (!partnerKey) {
  console.error(`e2e: could not make a partner API key: ${partners.stderr || partners.error?.message || ''}`);
  cleanUp();
  finish(0, 1, 1);
}

// Staff accounts of the operations console's journey (tests/e2e/ops.spec.ts), made by the shell command an
// administrator uses (`npm run staff -- create`, the password on standard input): their e-mails, password and the
// second factor's otpauth:// URI (the spec computes the codes with otplib) go to Playwright as E2E_STAFF.
const STAFF_PASSWORD = 'Staff-e2e-Passw0rd';
const staff = {};
for (const role of ['support', 'compliance', 'auditor']) {
  const email = `e2e-${role}@ops.example`;
  const made = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff.ts', 'create', '--email', email, '--role', role],
    { cwd: root, env: serverEnv, encoding: 'utf8', input: `${STAFF_PASSWORD}\n`, timeout: 180_000 },
  );
  const otpauth = made.stdout?.split('\n').find((line) => line.startsWith('otpauth://'));
  if (made.status !== 0 || !otpauth) {
    console.error(`e2e: could not make the ${role} staff account\n${made.stdout}${made.stderr}`);
    cleanUp();
    finish(0, 1, 1);
  }
  staff[role] = { email, password: STAFF_PASSWORD, otpauth };
}

// Fixtures the server's own admin commands make before it starts (PGlite has one connection): the discount coupon
// of the cross-border journey (tests/e2e/cross-border.spec.ts), and one that expired in 2020, which the host refuses
// (the transfer paths' refused coupon check). The first command migrates and seeds the new database.
for (const coupon of [
  ['E2E-SAVE10', '10%'],
  ['E2E-EXPIRED', '10%', '--from', '2020-01-01', '--until', '2020-01-02'],
]) {
  const fixture = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/coupons.ts', 'create', ...coupon],
    {
      cwd: root,
      env: serverEnv,
      encoding: 'utf8',
    },
  );
  if (fixture.status !== 0) {
    console.error(`e2e: the coupon fixture ${coupon[0]} failed\n${fixture.stdout}${fixture.stderr}`);
    cleanUp();
    finish(0, 1, 1);
  }
}

const logStream = createWriteStream(serverLog);
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: serverEnv,
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(logStream);
server.stderr.pipe(logStream);
let serverExit = null;
server.on('exit', (code, signal) => {
  serverExit = signal ?? code;
});

async function stopServer() {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function cleanUp() {
  if (process.env.E2E_KEEP_DATA) console.log(`e2e: kept ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await stopServer();
    cleanUp();
    process.exit(130);
  });
}

// Wait for the server's health check (first start runs migrations and the seed on a new embedded database).
const started = Date.now();
let healthy = false;
while (Date.now() - started < 180_000 && serverExit === null) {
  try {
    const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(5_000) });
    if (response.status === 200) {
      healthy = true;
      break;
    }
  } catch {
    // not listening yet
  }
  await sleep(250);
}
if (!healthy) {
  console.error(
    serverExit !== null
      ? `e2e: the server exited (${serverExit}) before answering /api/health`
      : 'e2e: the server did not answer /api/health within 180 s',
  );
  console.error(`--- server log (last lines) ---\n${tail(serverLog)}`);
  await stopServer();
  cleanUp();
  finish(0, 1, 1);
}
console.log(`e2e: server healthy on ${baseURL} after ${((Date.now() - started) / 1000).toFixed(1)} s`);

/**
 * One `playwright test` run with its own JSON report. Resolves to its exit code and report file.
 * @param {string[]} args
 * @param {string} report
 */
const runPlaywright = (args, report) =>
  new Promise((resolve) => {
    const playwright = spawn(
      path.join(root, 'node_modules', '.bin', 'playwright'),
      ['test', '--reporter=list,json', ...args],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: baseURL,
          E2E_DATA_DIR: dataDir,
          E2E_PARTNER_OPERATOR: PARTNER_OPERATOR,
          E2E_PARTNER_KEY: partnerKey,
          E2E_STAFF: JSON.stringify(staff),
          PLAYWRIGHT_JSON_OUTPUT_NAME: report,
        },
      },
    );
    playwright.on('error', (error) => {
      console.error(`e2e: could not run playwright: ${error.message}`);
      resolve(1);
    });
    playwright.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });

// The whole suite: the journeys first, then the Lighthouse budgets alone (their timings must not share the CPU with
// other browsers). With arguments, one run as asked.
const extraArgs = process.argv.slice(2);
const runs =
  extraArgs.length > 0
    ? [extraArgs]
    : [
        ['--project', 'chromium', '--project', 'mobile-chromium'],
        ['--project', 'lighthouse', '--workers', '1'],
      ];
const reportFiles = [];
let playwrightCode = 0;
for (const [index, args] of runs.entries()) {
  const report = index === 0 ? reportFile : reportFile.replace(/\.json$/, `-${index}.json`);
  reportFiles.push(report);
  const code = await runPlaywright(args, report);
  if (code !== 0) playwrightCode = code;
}

await stopServer();

let passed = 0;
let failed = 0;
for (const report of reportFiles) {
  if (!existsSync(report)) {
    console.error(`e2e: playwright wrote no JSON report (${path.basename(report)})`);
    failed += 1;
    continue;
  }
  const { stats = {}, errors = [] } = JSON.parse(readFileSync(report, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += (stats.unexpected ?? 0) + errors.length;
  if ((stats.skipped ?? 0) > 0) console.log(`e2e: ${stats.skipped} skipped`);
  if ((stats.flaky ?? 0) > 0) console.log(`e2e: ${stats.flaky} flaky (passed on retry)`);
}
if (playwrightCode !== 0 && failed === 0) failed = 1;
if (playwrightCode !== 0) console.error(`--- server log (last lines) ---\n${tail(serverLog, 40)}`);
cleanUp();
finish(passed, failed, playwrightCode !== 0 || failed > 0 || passed === 0 ? 1 : 0);
