import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers, importViolation, layerOf } from './import-rules.js';

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|js|mjs|jsx)$/.test(entry.name) ? [full] : [];
  });
}

function violationsIn(files: string[], read = (file: string) => readFileSync(file, 'utf8')): string[] {
  return files.flatMap((file) =>
    importSpecifiers(read(file)).flatMap((specifier) => {
      const message = importViolation(file, specifier, root);
      return message ? [`${path.relative(root, file)}: ${message}`] : [];
    }),
  );
}

describe('import direction (DESIGN.md: domain <- contract <- services, server; machines; screens; app)', () => {
  it('no file under src/ imports against the direction', () => {
    const files = sourceFiles(path.join(root, 'src'));
    expect(files.length).toBeGreaterThan(0);
    expect(violationsIn(files)).toEqual([]);
  });

  it('finds every kind of import statement', () => {
    const source = [
      "import { a, type B } from '../domain/money';",
      "import type { C } from '../contract/user';",
      "import '../app/styles';",
      "export * from '../server/app';",
      "export { d } from 'react';",
      "const lazy = import('../screens/log-in');",
      "// import { commented } from '../server/nope';",
      "/* import { blocked } from '../server/nope'; */",
      "const text = 'not an import';",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      '../domain/money',
      '../contract/user',
      '../app/styles',
      '../server/app',
      'react',
      '../screens/log-in',
    ]);
  });

  it('knows the layer of a file', () => {
    expect(layerOf('src/machines/session.machine.ts')).toBe('machines');
    expect(layerOf('src/server/routes/user.ts')).toBe('server');
    expect(layerOf('tests/server/user.test.ts')).toBeNull();
    expect(layerOf('src/index.html')).toBeNull();
  });

  it.each([
    ['src/machines/session.machine.ts', '../server/app', /must not import src\/server/],
    ['src/machines/session.machine.ts', '../services/user', /must not import src\/services/],
    ['src/machines/session.machine.ts', 'react', /package "react"/],
    ['src/machines/session.machine.ts', 'react-router-dom', /package "react-router-dom"/],
    ['src/machines/session.machine.ts', 'wretch/addons/queryString', /package "wretch"/],
    ['src/machines/session.machine.ts', 'valtio/vanilla', /package "valtio"/],
    ['src/domain/money.ts', '../contract/user', /must not import src\/contract/],
    ['src/contract/user.ts', '../services/http', /must not import src\/services/],
    ['src/services/user.ts', '../machines/log-in.machine', /must not import src\/machines/],
    ['src/services/user.ts', '../app/stores/auth', /must not import src\/app/],
    ['src/screens/log-in/log-in-screen.tsx', '../../services/user', /must not import src\/services/],
    ['src/screens/ui/field.tsx', '../../server/app', /must not import src\/server/],
    ['src/app/main.tsx', '../server/main', /must not import src\/server/],
    ['src/app/main.tsx', 'node:fs', /must not import Node's "node:fs"/],
    ['src/server/routes/user.ts', '../../app/main', /must not import src\/app/],
    ['src/server/routes/user.ts', '../../machines/session.machine', /must not import src\/machines/],
    ['src/server/app.ts', 'react-dom/server', /package "react-dom"/],
  ])('catches a violation: %s importing %s', (file, specifier, expected) => {
    expect(importViolation(file, specifier, root)).toMatch(expected);
  });

  it.each([
    ['src/contract/user.ts', '../domain/money'],
    ['src/machines/session.machine.ts', '../contract/user'],
    ['src/machines/session.machine.ts', 'xstate'],
    ['src/services/user.ts', '../contract/paths'],
    ['src/screens/log-in/log-in-screen.tsx', '../../machines/log-in.machine'],
    ['src/app/main.tsx', '../services/http'],
    ['src/app/main.tsx', '../screens/log-in/log-in-screen'],
    // src/server/app.ts is the server's own app module, not src/app:
    ['src/server/routes/user.ts', '../app'],
    ['src/server/main.ts', './app'],
    ['src/server/main.ts', 'node:path'],
  ])('allows %s importing %s', (file, specifier) => {
    expect(importViolation(file, specifier, root)).toBeNull();
  });

  it('reports a planted violation when scanning files', () => {
    const planted = path.join(root, 'src/machines/planted.machine.ts');
    const allowed = path.join(root, 'src/machines/allowed.machine.ts');
    const sources: Record<string, string> = {
      [planted]: "import { setup } from 'xstate';\nimport { buildApp } from '../server/app';",
      [allowed]: "import { setup } from 'xstate';\nimport type { UserDetails } from '../contract/user';",
    };
    const found = violationsIn([planted, allowed], (file) => sources[file] ?? '');
    expect(found).toEqual([
      expect.stringMatching(
        /^src\/machines\/planted\.machine\.ts: src\/machines must not import src\/server/,
      ),
    ]);
  });
});
