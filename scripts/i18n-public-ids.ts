/**
 * The English ids the public pages (/, /LogIn, /SignUp) can show at first, in parts: the first route's bundle
 * carries the ids of the app's boot (header, footer, cookie banner: src/i18n/locales/en/public.json); the landing,
 * log-in and sign-up chunks each carry the ids only they name (public-landing.json, public-log-in.json,
 * public-sign-up.json), and the sign-up form's actors' chunk what only they say (public-sign-up-actors.json). The app's actors name only what a signed-in user sees, who has every English message: the
 * full catalog loads with the other routes' chunks (src/i18n/english.ts). An id counts when its quoted literal
 * appears in a module a part's entries import statically; dynamic import() is where the app splits, so it stops
 * the walk.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = join(import.meta.dirname, '..');
/** Each part of the public English: its file name under src/i18n/locales/en/, and the entries whose ids it holds. */
export const PUBLIC_PARTS = [
  { file: 'public.json', entries: ['src/app/boot.tsx'] },
  { file: 'public-landing.json', entries: ['src/app/routes/landing-route.tsx'] },
  // A form's actors load at the visitor's first interaction (src/app/deferred-actor.ts); what they say shows there.
  {
    file: 'public-log-in.json',
    entries: ['src/app/routes/log-in-route.tsx', 'src/app/routes/log-in-actors.ts'],
  },
  { file: 'public-sign-up.json', entries: ['src/app/routes/sign-up-route.tsx'] },
  // What only the sign-up form's actors say (the server's refusals) comes with their chunk, which adds it before the
  // form's actor starts: /SignUp's first route was 100.1 KB of its 100 KB budget (issue 23).
  {
    file: 'public-sign-up-actors.json',
    entries: ['src/app/routes/sign-up-actors.ts'],
    after: 'public-sign-up.json',
  },
] as const satisfies readonly { file: string; entries: readonly string[]; after?: string }[];
export const PUBLIC_ENTRIES: readonly string[] = PUBLIC_PARTS.flatMap((part) => part.entries);
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
export const publicModules = (entries: readonly string[] = PUBLIC_ENTRIES): string[] => {
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

/** The ids of each public part: a route's part leaves out what the first part (the boot's) carries already. */
export const publicIdsByPart = (allIds: readonly string[]): Map<string, Set<string>> => {
  const parts = new Map<string, Set<string>>();
  const [first, ...routes] = PUBLIC_PARTS;
  const boot = publicIds(allIds, publicModules(first.entries));
  parts.set(first.file, boot);
  for (const part of routes) {
    const ids = publicIds(allIds, publicModules(part.entries));
    // A part loaded after another (a form's actors after its route) leaves out what that one carries too.
    const before = 'after' in part ? parts.get(part.after)! : new Set<string>();
    parts.set(part.file, new Set([...ids].filter((id) => !boot.has(id) && !before.has(id))));
  }
  return parts;
};
