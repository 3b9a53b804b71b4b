import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One generated file per spec module (scripts/paths.mjs), each in its own fork.
    include: ['tests/paths/.run/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
