/** The chart bench's page: built on its own (outDir given by bench/chart.bench.ts), production mode. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { localeSplit } from '../../build/locale-split.ts';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  // English in its two parts, as the app builds it (i18n/loaders.ts).
  plugins: [
    react(),
    localeSplit(fileURLToPath(new URL('../../src/i18n/locales/en.json', import.meta.url))),
  ],
  logLevel: 'warn',
  build: { target: 'es2022', sourcemap: false, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
