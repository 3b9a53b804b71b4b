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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: { ...base.webServer!, cwd: root } as NonNullable<typeof base.webServer>,
});
