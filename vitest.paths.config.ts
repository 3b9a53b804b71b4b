import { defineConfig } from 'vitest/config';
import { slow } from './tests/support/time-scale.ts';

export default defineConfig({
  test: {
    // One generated file per spec module (scripts/paths.mjs), each in its own fork.
    include: ['tests/paths/.run/*.test.ts'],
    environment: 'node',
    testTimeout: slow(60_000),
    hookTimeout: slow(60_000),
    pool: 'forks',
    maxWorkers: 2,
  },
});
