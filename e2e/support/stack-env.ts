/** The running stack, from the variables `npm run status` prints (set by scripts/with-test-stack.ts in `npm test`). */
export interface StackEnv {
  WEB_URL: string;
  API_URL: string;
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
  MAILPIT_URL: string;
  DB_URL: string;
}

const NAMES = ['WEB_URL', 'API_URL', 'ANON_KEY', 'SERVICE_ROLE_KEY', 'MAILPIT_URL', 'DB_URL'] as const;

export function requireStackEnv(): StackEnv {
  const missing = NAMES.filter((name) => !process.env[name]);
  if (missing.length > 0) {
    throw new Error(
      `End-to-end tests need a running stack: ${missing.join(', ')} not set. ` +
        'Run them through `npm test`, or `eval "$(npm run -s status)"` with `npm start` running.',
    );
  }
  return Object.fromEntries(NAMES.map((name) => [name, process.env[name] as string])) as unknown as StackEnv;
}
