/**
 * Runs generated machine paths (`npm run paths -- <machine> --format playwright`) through the real screens against
 * the real API host: for each path a new user (the driver's `start`), then for each step the driver's action on the
 * page and its check of what the page shows in the state the machine expects.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test } from '../support/app';

export interface BrowserStep {
  event: string;
  state: string;
  shows: string[];
  data?: Record<string, unknown>;
}

export interface BrowserPath {
  name: string;
  input: string;
  steps: BrowserStep[];
}

export interface BrowserDriver {
  /** Signs a user up and opens the machine's screen in the state of the path's first step. */
  start: (page: Page, request: APIRequestContext, path: BrowserPath) => Promise<void>;
  /** The action a person takes for a step's event (nothing for an answer or a timer: the server decides). */
  act: (page: Page, step: BrowserStep, index: number, path: BrowserPath) => Promise<void>;
  /** What the page shows in the step's state. */
  check: (page: Page, step: BrowserStep, index: number, path: BrowserPath) => Promise<void>;
}

export const runMachinePaths = (driver: BrowserDriver, paths: BrowserPath[]): void => {
  const named = new Map<string, number>();
  for (const path of paths) {
    // Paths with the same events and other answers (a 400, a 409) share a name: the later ones are numbered.
    const count = (named.get(path.name) ?? 0) + 1;
    named.set(path.name, count);
    test(count === 1 ? path.name : `${path.name} (#${count})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await driver.start(page, request, path);
      await driver.check(page, path.steps[0]!, 0, path);
      for (const [index, step] of path.steps.entries()) {
        if (index === 0) continue;
        await test.step(`${index}. ${step.event} -> ${step.state}`, async () => {
          await driver.act(page, step, index, path);
          await driver.check(page, step, index, path);
        });
      }
    });
  }
};
