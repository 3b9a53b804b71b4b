/**
 * Records the kept sessions again (record-sessions.ts):
 * `npx vite build && npx playwright test -c tests/e2e/recorded/record.config.ts`.
 * Not part of `npm test`, which replays what this wrote.
 */
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'record-sessions.ts',
  outputDir: path.join(root, 'test-results/record'),
  reporter: 'line',
  workers: 1,
  // At a person's pace: the replay acts at the recorded times, so a session driven at machine
  // speed would leave it behind from its first step (it starts by loading the scenario).
  use: { ...base.use, launchOptions: { ...base.use?.launchOptions, slowMo: 700 } },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: { ...base.webServer!, cwd: root } as NonNullable<typeof base.webServer>,
});
