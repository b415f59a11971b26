// ESLint flat config: JS + TypeScript recommended, React hooks for .tsx, and the import direction of DESIGN.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import {
  browserLayers,
  forbiddenPackages,
  importDirectionRule,
  layers,
} from './tests/architecture/import-rules.js';

const whyBanned = {
  domain: 'src/domain is pure code shared by browser and server: no framework, no I/O.',
  contract: 'src/contract holds paths and zod schemas only: no framework, no I/O.',
  machines:
    'Machines have no React, router, HTTP client, storage or database: the app provides actors and actions.',
  services: 'Services are plain typed async functions over the one wretch client (src/services/http.ts).',
  screens: 'Screens render machine state and send events: HTTP lives in src/services, data in src/server.',
  app: 'The browser app never bundles server-side packages.',
  server: 'The API host does not use browser packages or machines.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      '.dev-dist/',
      '.parcel-cache/',
      'data/',
      'coverage/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'docs/',
      'src/server/db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.{js,mjs,cjs}', '**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },

  // Import direction (DESIGN.md): `architecture/import-direction` resolves relative imports to their folder under
  // src/; `no-restricted-imports` bans packages (and Node built-ins in the browser) per folder. Both read the lists
  // in tests/architecture/import-rules.js, which tests/architecture/import-direction.test.ts also checks.
  {
    files: ['src/**/*.{ts,tsx,js,mjs}'],
    plugins: { architecture: { rules: { 'import-direction': importDirectionRule } } },
    rules: { 'architecture/import-direction': 'error' },
  },
  ...layers.map((layer) => {
    const banned = forbiddenPackages[layer] ?? [];
    const escaped = banned.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
    const patterns = [];
    if (banned.length > 0) {
      patterns.push({ regex: `^(${escaped.join('|')})/`, message: whyBanned[layer] });
    }
    if (browserLayers.includes(layer)) {
      patterns.push({ regex: '^node:', message: `src/${layer} runs in the browser.` });
    }
    return {
      files: [`src/${layer}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          { paths: banned.map((name) => ({ name, message: whyBanned[layer] })), patterns },
        ],
      },
    };
  }),
);
