/** The stack under test, from the variables global-setup.ts (or the test runner) sets. */
import type { StackEnv } from '../../src/stack/state.ts';

export function stackEnv(): StackEnv {
  const names = [
    'API_URL',
    'DB_URL',
    'ANON_KEY',
    'SERVICE_ROLE_KEY',
    'MAILPIT_URL',
    'WEB_URL',
    'JWT_SECRET',
  ] as const;
  const env = Object.fromEntries(names.map((name) => [name, process.env[name] ?? ''])) as StackEnv;
  for (const name of ['API_URL', 'DB_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'MAILPIT_URL'] as const) {
    if (!env[name])
      throw new Error(`${name} is not set; run the tests with npm run test:contract or vitest.`);
  }
  return env;
}
