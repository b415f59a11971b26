/**
 * The English ids the public pages (/, /LogIn, /SignUp) can show at first: the first route's bundle carries only
 * these (src/i18n/locales/en/public.json); the full English catalog loads with the other routes' chunks
 * (src/i18n/english.ts). An id counts when its quoted literal appears in a module the public routes import
 * statically, from the entries below; dynamic import() is where the app splits, so it stops the walk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');
/**
 * The public routes: the app's boot (landing, header, footer, cookie banner), the app's actors (the session's and the
 * cookie banner's messages), and the log-in and sign-up chunks.
 */
export const PUBLIC_ENTRIES = [
  'src/app/boot.tsx',
  'src/app/live-app-actors.tsx',
  'src/app/routes/log-in-route.tsx',
  'src/app/routes/sign-up-route.tsx',
];
/** The English text of the rule messages, not a use of them: its ids count only where a public module names them. */
const NOT_USES = new Set(['src/domain/messages.ts']);

const staticImport =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

const resolveModule = (from: string, specifier: string): string | null => {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext)];
  return candidates.find((file) => existsSync(file) && /\.tsx?$/.test(file)) ?? null;
};

/** The source files the entries import statically (relative imports; `import type` and import() left out). */
export const publicModules = (entries = PUBLIC_ENTRIES): string[] => {
  const seen = new Set<string>();
  const pending = entries.map((entry) => join(root, entry));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(staticImport)) {
      const target = resolveModule(file, match[1]!);
      if (target) pending.push(target);
    }
  }
  return [...seen].map((file) => file.slice(root.length + 1)).sort();
};

/** The ids of `allIds` that a public module names as a string literal. */
export const publicIds = (allIds: readonly string[], modules = publicModules()): Set<string> => {
  const text = modules
    .filter((file) => !NOT_USES.has(file))
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n');
  return new Set(allIds.filter((id) => [`'${id}'`, `"${id}"`, `\`${id}\``].some((q) => text.includes(q))));
};
