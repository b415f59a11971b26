// Builds the browser app into dist/ only when its inputs changed since the last good build.
// Steps: parcel (the customers' app into dist/, then the operations console, src/ops/index.html, on its own into
// dist/ops/ with the public URL /ops/: two builds, so no bundle is shared and the app's bundles stay as they were),
// then scripts/copy-static.mjs (static/ as it is) and scripts/prerender.tsx (the public pages, the
// offline page and the service worker), as `npm run build` does.
// Inputs: src/** except src/server/**, static/**, the two build scripts, package.json, package-lock.json,
// .parcelrc, tsconfig.json.
// The hash of the last good build is kept in dist/.build-hash.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(root, 'dist');
const hashFile = path.join(distDir, '.build-hash');
const rootInputs = [
  'package.json',
  'package-lock.json',
  '.parcelrc',
  'tsconfig.json',
  'scripts/copy-static.mjs',
  'scripts/prerender.tsx',
];

function listFiles(dir, skip) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (skip(full)) return [];
      if (entry.isDirectory()) return listFiles(full, skip);
      return entry.isFile() ? [full] : [];
    });
}

/** SHA-256 over the relative path and content of every browser input. */
export function browserInputsHash() {
  const serverDir = path.join(root, 'src', 'server');
  const files = [
    ...rootInputs.map((name) => path.join(root, name)).filter((file) => existsSync(file)),
    ...listFiles(path.join(root, 'src'), (full) => full === serverDir),
    ...listFiles(path.join(root, 'static'), () => false),
  ];
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(root, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function run(command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
  });
}

/**
 * Rebuilds dist/ when needed. Returns 'fresh' or 'built'; throws when the build fails.
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 */
export async function buildIfNeeded({ force = false, log = (line) => console.log(line) } = {}) {
  const wanted = browserInputsHash();
  const current = existsSync(hashFile) ? readFileSync(hashFile, 'utf8').trim() : null;
  if (!force && current === wanted && existsSync(path.join(distDir, 'index.html'))) {
    log(`build: dist/ is up to date (inputs ${wanted.slice(0, 12)}), not rebuilding`);
    return 'fresh';
  }
  log(
    current
      ? `build: browser inputs changed (${current.slice(0, 12)} -> ${wanted.slice(0, 12)}), rebuilding dist/`
      : `build: no previous build in dist/, building (inputs ${wanted.slice(0, 12)})`,
  );
  const started = Date.now();
  rmSync(distDir, { recursive: true, force: true });
  const parcel = path.join(root, 'node_modules', '.bin', 'parcel');
  const code = await run(parcel, ['build', '--no-source-maps', '--no-autoinstall', '--dist-dir', 'dist']);
  if (code !== 0) throw new Error(`parcel build failed with exit code ${code}`);
  const ops = await run(parcel, [
    'build',
    'src/ops/index.html',
    '--no-source-maps',
    '--no-autoinstall',
    '--dist-dir',
    'dist/ops',
    '--public-url',
    '/ops/',
  ]);
  if (ops !== 0) throw new Error(`parcel build of the console (src/ops) failed with exit code ${ops}`);
  const copied = await run(process.execPath, ['scripts/copy-static.mjs']);
  if (copied !== 0) throw new Error(`copying static/ failed with exit code ${copied}`);
  const prerendered = await run(process.execPath, ['--import', 'tsx', 'scripts/prerender.tsx'], {
    ...process.env,
    NODE_ENV: 'production',
  });
  if (prerendered !== 0) throw new Error(`prerendering failed with exit code ${prerendered}`);
  writeFileSync(hashFile, `${wanted}\n`);
  log(`build: dist/ built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 'built';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildIfNeeded({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(`build: ${error.message}`);
    process.exit(1);
  });
}
