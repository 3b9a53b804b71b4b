/** The chart bench's page: built on its own (outDir given by bench/chart.bench.ts), production mode. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { target: 'es2022', sourcemap: false, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});
