/**
 * `npm start`: the local stack in the foreground. Ctrl-C (or SIGTERM) stops every part cleanly;
 * a second Ctrl-C stops it at once.
 */
import { startStack } from '../stack/start-stack.ts';
import { defaultDataDir, type StackEnv } from '../stack/state.ts';
import { runBackgroundScript, stopBackgroundScripts } from './background-script.ts';
import { sampleCertificatesSeeded, seedSampleCertificates } from './seed-sample-certificates.ts';

const DEMO_ACCOUNTS = ['admin@example.com', 'moderator@example.com', 'user@example.com'];
const DEMO_PASSWORD = 'password123';

/**
 * In the background, one after the other: the sample certificates on a database's first start
 * (LOCAL_SEED_CERTIFICATES=0 keeps it empty), then the verification engine's registration of every
 * certificate it has not registered yet (stored before engine v2, or deferred while it was busy).
 */
async function addSamplesThenRegister(dataDir: string, env: StackEnv): Promise<void> {
  if (process.env.LOCAL_SEED_CERTIFICATES !== '0' && !sampleCertificatesSeeded(dataDir)) {
    console.log('First start of this database: adding the sample certificates through the api...');
    const seeded = await seedSampleCertificates(dataDir, env);
    console.log(
      seeded
        ? 'Sample certificates added (one of them revoked).'
        : 'Adding the sample certificates failed (see above); `npm run seed:certificates` tries again.',
    );
  }
  const registered = await runBackgroundScript('register-backfill.ts', 'backfill', {
    API_URL: env.API_URL,
    SERVICE_ROLE_KEY: env.SERVICE_ROLE_KEY,
  });
  if (!registered)
    console.log(
      'Registering older certificates failed (see above); `npm run register:backfill` tries again.',
    );
}

async function main(): Promise<void> {
  const began = performance.now();
  const dataDir = defaultDataDir();
  console.log(`Starting the local Supabase stack (data in ${dataDir})...`);
  // Functions' dependencies are cached and the functions booted before "up": the first request is warm.
  const stack = await startStack({ dataDir, warmFunctions: true });
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  const { env } = stack;
  console.log(`
Local stack is up (${seconds} s). Press Ctrl-C to stop.

  Web app          ${env.WEB_URL}
  API URL          ${env.API_URL}
  Functions        ${env.API_URL}/functions/v1/api
  Database URL     ${env.DB_URL}
  Mail outbox      ${env.MAILPIT_URL}
  anon key         ${env.ANON_KEY}
  service_role key ${env.SERVICE_ROLE_KEY}

  Demo accounts (password ${DEMO_PASSWORD}): ${DEMO_ACCOUNTS.join(', ')}
  Environment for tools and tests: npm run -s status
`);

  void addSamplesThenRegister(dataDir, env);

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log('Stopping immediately.');
      stack.kill();
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the local stack (Ctrl-C again to force)...`);
    stopBackgroundScripts();
    stack.stop().then(
      () => {
        console.log('Stopped.');
        process.exit(0);
      },
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('SIGHUP', shutdown);
}

main().catch((error: unknown) => {
  console.error(`\nThe local stack did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
