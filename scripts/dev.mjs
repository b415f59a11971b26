// `npm run dev`: the API host in watch mode on port 3001 (tsx watch) and the Parcel dev server on port 3000,
// which proxies /api to it (.proxyrc.json). Stopping either stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = '3001';

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' },
  }),
  spawn(bin('parcel'), ['serve', '--dist-dir', '.dev-dist', '--port', process.env.DEV_PORT ?? '3000'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  const force = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 5000);
  force.unref();
  Promise.all(
    children.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? null
        : new Promise((resolve) => child.once('exit', resolve)),
    ),
  ).then(() => process.exit(code));
}

for (const child of children) {
  child.on('error', (error) => {
    console.error(`dev: ${error.message}`);
    stopAll(1);
  });
  child.on('exit', (code) => stopAll(code ?? 0));
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));

// `npm run dev` runs this through `sh -c`; when npm is stopped with SIGTERM, the shell dies without passing it on.
// Notice being orphaned and stop both servers rather than leave them holding the ports.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopAll(0);
}, 1000).unref();
