import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // Real stacks and real Postgres: generous, but a hung request still fails the test.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: more workers only make the stacks under test slower.
    maxWorkers: 2,
  },
});
