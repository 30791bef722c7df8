import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./tests/support/global-setup.ts'],
    // Real stacks and real Postgres on a two-core machine shared with other work: a test's whole budget,
    // not a speed requirement. At load average 26, twenty simultaneous sign-ups (bcrypt each) took over
    // 30 s and a first stack start (initdb, migrations, seed) over 30 s. A hung test still fails, long
    // before the suite's own limit (scripts/suites.ts).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: more workers only make the stacks under test slower.
    maxWorkers: 2,
  },
});
