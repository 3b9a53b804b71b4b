/** The cold-load bench's reference page: the same React build, a static JSON, the same table. */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { target: 'es2022', sourcemap: false, emptyOutDir: true },
});
