/**
 * Runs a command against a throwaway local stack:
 *   npx tsx scripts/with-test-stack.ts [--no-web] -- <command...>
 * The stack gets free ports, a temporary data folder and raised auth rate limits; the command sees
 * API_URL, DB_URL, ANON_KEY, SERVICE_ROLE_KEY, MAILPIT_URL, WEB_URL (and JWT_SECRET). Afterwards the
 * stack is stopped, the folder deleted, and the command's exit code returned.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { startTestStack, type TestStack } from '../local-supabase/src/stack/test-stack.ts';

function usage(): never {
  console.error('Usage: npx tsx scripts/with-test-stack.ts [--no-web] [--quiet] -- <command...>');
  process.exit(2);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const separator = args.indexOf('--');
  if (separator === -1 || separator === args.length - 1) usage();
  const flags = args.slice(0, separator);
  const command = args.slice(separator + 1);
  if (flags.some((flag) => !['--no-web', '--quiet'].includes(flag))) usage();

  let stack: TestStack | undefined;
  let child: ReturnType<typeof spawn> | undefined;
  const cleanup = async () => {
    child?.kill('SIGTERM');
    await stack?.stop();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the test stack...`);
    cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const began = performance.now();
    stack = await startTestStack({ serveWeb: !flags.includes('--no-web'), quiet: flags.includes('--quiet') });
    console.error(
      `Test stack up in ${((performance.now() - began) / 1000).toFixed(1)} s: API ${stack.env.API_URL}, ` +
        `DB ${stack.env.DB_URL}, mail ${stack.env.MAILPIT_URL}${stack.env.WEB_URL ? `, web ${stack.env.WEB_URL}` : ''}`,
    );
    const [program, ...programArgs] = command as [string, ...string[]];
    child = spawn(program, programArgs, { stdio: 'inherit', env: { ...process.env, ...stack.env } });
    const running = child;
    return await new Promise<number>((resolve) => {
      running.on('error', (error) => {
        console.error(`Cannot run ${program}: ${error.message}`);
        resolve(127);
      });
      running.on('exit', (code, signal) =>
        resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)),
      );
    });
  } finally {
    child = undefined;
    await cleanup();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`with-test-stack: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
