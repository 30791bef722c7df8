/** The stack under test, from the variables global-setup.ts (or the test runner) sets. */
import { ENV_KEYS, type StackEnv } from '../../src/stack/state.ts';

export function stackEnv(): StackEnv {
  const env = Object.fromEntries(ENV_KEYS.map((name) => [name, process.env[name] ?? ''])) as StackEnv;
  for (const name of ['API_URL', 'DB_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'MAILPIT_URL'] as const) {
    if (!env[name])
      throw new Error(`${name} is not set; run the tests with npm run test:contract or vitest.`);
  }
  return env;
}
