/**
 * `npm run test:<suite>`: one suite against the stack in the environment (API_URL & co., as
 * `npm run status` or scripts/with-test-stack.ts provide them). Without them, the stack running on
 * LOCAL_DATA_DIR (default .local-supabase) is used, so `npm start` + `npm run test:e2e` works.
 */
import { ENV_KEYS, defaultDataDir, readRunningState } from '../local-supabase/src/stack/state.ts';
import { SUITES, runSuite } from './suites.ts';

async function main(): Promise<number> {
  const name = process.argv[2];
  const suite = SUITES.find((s) => s.name === name);
  if (!suite) {
    console.error(`Usage: tsx scripts/run-suite.ts <${SUITES.map((s) => s.name).join('|')}>`);
    return 2;
  }
  const env = { ...process.env };
  if (suite.needsStack && !env.API_URL) {
    const dataDir = defaultDataDir();
    const state = readRunningState(dataDir);
    if (!state) {
      console.error(
        `The ${suite.name} suite needs a running stack. Either start one (npm start) in another terminal, or run\n` +
          `  npx tsx scripts/with-test-stack.ts -- npm run test:${suite.name}\n` +
          `for a throwaway one.`,
      );
      return 1;
    }
    console.error(`No API_URL in the environment: using the stack running on ${dataDir}.`);
    for (const key of ENV_KEYS) env[key] = state.env[key];
  }
  return runSuite(suite, env);
}

main().then((code) => process.exit(code));
