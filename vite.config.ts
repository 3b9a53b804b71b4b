/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { pwa } from './build/pwa.ts';
import { preloadApp } from './build/preload-app.ts';
import { firstRouteChunks } from './build/first-route-chunks.ts';
import { inlineBoot } from './build/inline-boot.ts';
import { localeSplit } from './build/locale-split.ts';
import { workerInApp } from './build/worker-in-app.ts';
import { slow } from './tests/support/time-scale.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/** Each build is its own version, so an open tab notices a new deployment. */
const BUILD_VERSION = `${pkg.version}+${new Date().toISOString().replace(/[-:T]/g, '').slice(0, 12)}`;

/** Writes version.json (the static version file the app checks). */
const versionFile = (): Plugin => ({
  name: 'version-file',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'version.json',
      source: JSON.stringify({ version: BUILD_VERSION }),
    });
  },
});

const EN_FIRST = 'src/i18n/locales/en.json?first';
const CHART = 'src/ui/screens/chart.tsx';
const WORKER = 'src/simulator/worker.ts';

export default defineConfig({
  plugins: [
    react(),
    localeSplit('src/i18n/locales/en.json'),
    versionFile(),
    // The chart's screen preloaded when a page opens on it (its Buy, issue 31). Not the rest of
    // English: the screen's texts are in the first part (round 4); its chart panel asks for the rest.
    preloadApp(
      'src/ui/root.tsx',
      {
        chart: [CHART],
        chartAlt: [CHART],
      },
      // English's first part, the fallback, loaded by every start (in the entry's chunk: first-route-chunks.ts).
      [EN_FIRST],
    ),
    // Run by index.html as it parses, before any module (issue 31).
    inlineBoot({
      theme: 'src/ui/boot/theme-head.ts',
      config: 'src/ui/boot/config-head.ts',
      shell: 'src/ui/boot/shell-paint.ts',
      routes: 'src/ui/boot/route-preload.ts',
    }),
    pwa('public/config/site.json'),
    // One build for the page and the simulator's worker: what both run is loaded once.
    workerInApp('src/ui/boot/early.ts', WORKER),
  ],
  define: { __APP_VERSION__: JSON.stringify(BUILD_VERSION) },
  resolve: {
    // React 19 has useSyncExternalStore: @xstate/react and wouter take it from React, not the
    // shim for React 17 and older that they name (first route's bytes, issue 31).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: 'use-sync-external-store',
      },
    ],
  },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // No polyfill in the entry: a browser without modulepreload (Safari before 17) loads the chunks as they are imported.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // heic-to (libheif as wasm, about 3 MB) is one lazy chunk loaded only when a HEIC is chosen.
    chunkSizeWarningLimit: 3200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              debugName: 'first-route',
              name: firstRouteChunks(
                'src/main.tsx',
                'src/ui/root.tsx',
                {
                  'chart-screen': CHART,
                },
                WORKER,
                [EN_FIRST],
              ),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: false },
  server: { host: '127.0.0.1' },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Scaled when npm test runs this step niced beside e2e (tests/support/time-scale.ts).
    testTimeout: slow(20_000),
    hookTimeout: slow(10_000),
    // Vitest's default is one worker fewer than the cores: one on CI's two.
    // The files are independent (each server test listens on its own port).
    maxWorkers: 2,
    // Threads start and import faster than forks (measured 151 s against 167 s).
    pool: 'threads',
  },
});
