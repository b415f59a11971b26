import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/{domain,machines,screens,app,services,contract,architecture}/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/support/setup-web.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/support/server-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file clones its own embedded database (~700 MB): two at a time fit the 2-core machine.
          maxWorkers: 2,
        },
      },
    ],
  },
});
