import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * The load tests (tests/load: 16 concurrent clients against the real API host, kill -9 crashes) need a real
 * PostgreSQL server: their project exists only when TEST_DATABASE_URL is set (never a skipped test). The pure
 * unit test of their invariant checker runs with the server tests every time.
 */
const postgresLoadProjects: TestProjectInlineConfiguration[] = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true,
        test: {
          name: 'postgres-load',
          environment: 'node',
          include: ['tests/load/**/*.test.ts'],
          exclude: ['tests/load/**/*.unit.test.ts'],
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // One load test at a time: each one alone saturates the 2-core machine.
          maxWorkers: 1,
          fileParallelism: false,
          // After every other project has finished, not beside them.
          sequence: { groupOrder: 2 },
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: [
            'tests/{domain,machines,screens,app,services,contract,architecture,i18n}/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/support/setup-web.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/load/**/*.unit.test.ts'],
          globalSetup: ['tests/support/server-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file clones its own embedded database (~700 MB): two at a time fit the 2-core machine.
          maxWorkers: 2,
          // Vitest runs projects with different worker limits in separate groups: the web tests first.
          sequence: { groupOrder: 1 },
        },
      },
      ...postgresLoadProjects,
    ],
  },
});
