// `npm start`: builds the browser app if its inputs changed, then runs the API host (src/server/main.ts),
// which serves /api/* and the built app from dist/ on one port (PORT, default 3000).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

try {
  await buildIfNeeded();
} catch (error) {
  console.error(`start: ${error.message}`);
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { STATIC_DIR: path.join(root, 'dist'), ...process.env },
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => server.kill(signal));
}
// `npm start` runs this through `sh -c`; when npm is stopped with SIGTERM, the shell dies without passing it on.
// Notice being orphaned and stop the server rather than leave it holding the port.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && server.exitCode === null) server.kill('SIGTERM');
}, 1000).unref();
server.on('error', (error) => {
  console.error(`start: could not run the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(signal ? 128 + (constants.signals[signal] ?? 0) : (code ?? 1));
});
