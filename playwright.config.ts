import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4317);
/** Debian's headless shell when installed (scripts/ensure-chromium.mjs says why), else its Chromium. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // E2E_WORKERS: a measurement knob; CI uses the default.
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    // The service worker (build/pwa.ts) is tested on its own (pwa.spec.ts); elsewhere it would
    // answer requests before page.route sees them.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  projects: [
    // The app on its built-in simulator (a worker in the page). A journey tagged @wire as well
    // as @live runs in the live project only: its phone twin runs here, and the server is the
    // stronger witness of what crosses the wire. So chosen: the desktop twins of long journeys
    // that do not branch on the mode, to keep `npm test` within CI's 30 minutes (stop 37 took
    // 1,802 s).
    { name: 'chromium', use: { browserName: 'chromium' }, grepInvert: /@wire/ },
    // The same journeys, tagged @live, against `sim:server` as a separate process
    // over real HTTP and WebSocket (tests/e2e/live-server.ts starts and stops it).
    { name: 'live', use: { browserName: 'chromium' }, grep: /@live/ },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
