/**
 * `npm run paths -- <machine> [--cover states|transitions|requirements] [--format md|json|playwright]
 *  [--seed N --walks K] [--out DIR]` and `npm run paths -- --list` (scripts/path-suites.ts). Prints the suite, or
 * writes it to DIR/<machine>.paths.<md|json> (playwright: DIR/<machine>.paths.spec.ts). Exit code 2 on a usage error.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parsePathsArgs, runPaths } from './paths-command';

const parsed = parsePathsArgs(process.argv.slice(2));
if ('error' in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const result = await runPaths(process.cwd(), parsed);
if ('error' in result) {
  console.error(result.error);
  process.exit(2);
}
if (parsed.out) {
  const dir = resolve(parsed.out);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, result.fileName);
  writeFileSync(path, result.text);
  console.log(`wrote ${path}${result.summary ? `: ${result.summary}` : ''}`);
} else {
  process.stdout.write(result.text);
}
