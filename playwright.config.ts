// Browser end-to-end tests in Debian's Chromium (apt-get install -y chromium fonts-noto-core); never
// `npx playwright install`. Run them with `npm run test:e2e` (scripts/e2e.mjs builds the app, starts the real
// server on a free port with a fresh DATA_DIR and sets E2E_BASE_URL and E2E_DATA_DIR).
import { defineConfig, devices } from '@playwright/test';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two cores: the server (argon2, PGlite) and the browsers share them.
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    locale: 'en-US',
    trace: 'retain-on-failure',
    // The production build registers a service worker; only tests/e2e/installable-app.spec.ts lets it run, so the
    // other journeys see the network as a first visit does (and page.route sees every request).
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: ['lighthouse.spec.ts'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // Mobile first: the journey and the axe scans again on a phone-sized touch screen.
      name: 'mobile-chromium',
      testMatch: ['account.spec.ts', 'accessibility.spec.ts'],
      use: { ...devices['Pixel 7'], channel: undefined },
    },
    {
      // The budgets of issue 12 (tests/e2e/lighthouse.spec.ts): scripts/e2e.mjs runs this project on its own, after
      // the others, so nothing else competes for the CPU while Lighthouse measures.
      name: 'lighthouse',
      testMatch: ['lighthouse.spec.ts'],
      // Lighthouse simulates from one observed load, and a single long task on a shared 2-core machine can cost a
      // run 15 performance points: a budget must fail twice more before it fails the suite (retries show as flaky).
      retries: 2,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
});
