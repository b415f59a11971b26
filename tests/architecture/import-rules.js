// The one-way import direction of DESIGN.md, as data plus a checker.
// Shared by eslint.config.js (rule `architecture/import-direction`) and tests/architecture/import-direction.test.ts,
// so the lint rule and the test can never disagree.
//
//   domain <- contract <- services, server; machines use domain and contract; screens use machines;
//   app wires everything; nothing in the browser imports server code.
import path from 'node:path';

/** Folders (layers) under src/ that the rules know. */
export const layers = ['domain', 'contract', 'i18n', 'machines', 'screens', 'services', 'app', 'server'];

/** For each layer: the layers of ours it may import (itself included). */
export const allowedLayers = {
  domain: ['domain'],
  contract: ['contract', 'domain'],
  i18n: ['i18n', 'domain'],
  machines: ['machines', 'contract', 'domain'],
  services: ['services', 'contract', 'domain'],
  screens: ['screens', 'machines', 'i18n', 'contract', 'domain'],
  app: ['app', 'screens', 'machines', 'services', 'i18n', 'contract', 'domain'],
  server: ['server', 'i18n', 'contract', 'domain'],
};

const browserPackages = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'wretch',
  'valtio',
  '@xstate/react',
];

const serverPackages = ['fastify', 'pg', '@electric-sql/pglite', 'drizzle-orm'];

/** Packages a layer must not import (a name matches itself and its subpaths, e.g. `react-dom/client`). */
export const forbiddenPackages = {
  domain: [...browserPackages, 'xstate', ...serverPackages],
  contract: [...browserPackages, 'xstate', ...serverPackages],
  // The i18n runtime serves the browser and the server: React only in its React binding, nothing else of either side.
  i18n: [...browserPackages.filter((name) => name !== 'react'), 'xstate', ...serverPackages],
  machines: [...browserPackages, ...serverPackages],
  services: ['react', 'react-dom', 'react-router', 'react-router-dom', 'valtio', 'xstate', '@xstate/react'],
  screens: ['wretch', ...serverPackages],
  app: serverPackages,
  server: [...browserPackages, 'xstate'],
};

/** Browser layers may not use Node's built-in modules. */
export const browserLayers = ['i18n', 'machines', 'screens', 'services', 'app'];

const toPosix = (p) => p.split(path.sep).join('/');

/**
 * The layer of a file, from its path relative to the repository root (or absolute, given `root`).
 * @param {string} file
 * @param {string} [root]
 * @returns {string | null}
 */
export function layerOf(file, root = process.cwd()) {
  const rel = toPosix(path.isAbsolute(file) ? path.relative(root, file) : file);
  const match = /^src\/([^/]+)\//.exec(rel);
  if (!match) return null;
  return layers.includes(match[1]) ? match[1] : null;
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Why `specifier`, imported by `file`, breaks the import direction; null when it is allowed.
 * @param {string} file path of the importing file (relative to root, or absolute)
 * @param {string} specifier the module specifier as written
 * @param {string} [root] repository root
 * @returns {string | null}
 */
export function importViolation(file, specifier, root = process.cwd()) {
  const fromLayer = layerOf(file, root);
  if (!fromLayer) return null;
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const absFile = path.isAbsolute(file) ? file : path.join(root, file);
    const target = path.resolve(path.dirname(absFile), specifier);
    const rel = toPosix(path.relative(root, target));
    const inSrc = /^src\/([^/]+)(\/|$)/.exec(rel);
    if (!inSrc) {
      return rel.startsWith('src/') || rel === 'src'
        ? null
        : `src/${fromLayer} must not import "${specifier}" from outside src/`;
    }
    const toLayer = inSrc[1];
    if (!layers.includes(toLayer)) return null;
    if (!allowedLayers[fromLayer].includes(toLayer)) {
      return `src/${fromLayer} must not import src/${toLayer} ("${specifier}"); it may import ${allowedLayers[
        fromLayer
      ]
        .map((l) => `src/${l}`)
        .join(', ')}`;
    }
    return null;
  }
  if (specifier.startsWith('node:') && browserLayers.includes(fromLayer)) {
    return `src/${fromLayer} runs in the browser and must not import Node's "${specifier}"`;
  }
  const name = packageName(specifier);
  if ((forbiddenPackages[fromLayer] ?? []).includes(name)) {
    return `src/${fromLayer} must not import the package "${name}"`;
  }
  return null;
}

const importPattern =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * Every module specifier in a source text (static imports and re-exports, dynamic import(), require()).
 * @param {string} source
 * @returns {string[]}
 */
export function importSpecifiers(source) {
  const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const found = [];
  for (const match of withoutComments.matchAll(importPattern)) {
    found.push(match[1] ?? match[2] ?? match[3]);
  }
  return found;
}

/**
 * ESLint rule: reports relative imports that break the folder direction above. Package and `node:` bans are
 * reported by `no-restricted-imports` per folder in eslint.config.js (the same lists as `forbiddenPackages`),
 * so this rule skips bare specifiers to avoid double reports.
 */
export const importDirectionRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the one-way import direction between the folders of src/ (DESIGN.md)' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const root = context.cwd;
    function check(node, source) {
      if (!source || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.') && !source.value.startsWith('/')) return;
      const message = importViolation(file, source.value, root);
      if (message) context.report({ node: source, message });
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : null),
    };
  },
};
