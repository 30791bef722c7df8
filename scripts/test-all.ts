/**
 * `npm test`: every check and suite, against one throwaway stack (free ports, temp data folder), so a
 * developer's own stack and data are never touched. Prints per-step results and `N passed, N failed`.
 */
import { existsSync } from 'node:fs';
import { startTestStack, type TestStack } from '../local-supabase/src/stack/test-stack.ts';
import { SUITES, run, runSuite, type SuiteName } from './suites.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
  note?: string;
}

const results: Result[] = [];

// Ctrl-C reaches the running step through scripts/suites.ts; the steps after it are skipped.
let interrupted = false;
const interrupt = () => {
  interrupted = true;
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

async function step(name: string, action: () => Promise<number>): Promise<boolean> {
  if (interrupted) {
    skip(name, 'interrupted');
    return false;
  }
  console.log(`\n=== ${name} ===`);
  const began = performance.now();
  let code: number;
  try {
    code = await action();
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    code = 1;
  }
  const ok = code === 0;
  results.push({ name, ok, seconds: (performance.now() - began) / 1000 });
  return ok;
}

function skip(name: string, note: string): void {
  console.log(`\n=== ${name} === skipped: ${note}`);
  results.push({ name, ok: false, seconds: 0, note });
}

/** End-to-end tests drive Debian's Chromium; install it when we may, else say how. */
async function ensureChromium(): Promise<number> {
  if (existsSync(CHROMIUM)) return 0;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing (${CHROMIUM}); the end-to-end tests need it. Install it with:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium fonts-liberation\n' +
        'or point CHROMIUM_PATH at an installed Chromium, then run npm test again.',
    );
    return 1;
  }
  console.log(`Chromium is missing (${CHROMIUM}); installing Debian's chromium package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const updated = await run(['apt-get', 'update'], env);
  if (updated !== 0) return updated;
  // A font package too, so screenshots show text rather than empty boxes on a bare machine.
  return run(['apt-get', 'install', '-y', 'chromium', 'fonts-liberation'], env);
}

const suite = (name: SuiteName) => {
  const found = SUITES.find((s) => s.name === name);
  if (!found) throw new Error(`unknown suite ${name}`);
  return found;
};

async function main(): Promise<number> {
  const began = performance.now();
  if ((await ensureChromium()) !== 0) return 1;

  await step('typecheck', () => run(['npm', 'run', '-s', 'typecheck']));
  await step('lint', () => run(['npm', 'run', '-s', 'lint']));
  await step('unit', () => runSuite(suite('unit')));
  await step('audit', () => runSuite(suite('audit')));
  const built = await step('web build', () => run(['npm', 'run', '-s', 'build', '-w', 'web']));

  console.log('\n=== starting a throwaway stack ===');
  let stack: TestStack | undefined;
  try {
    stack = await startTestStack({ serveWeb: built, quiet: true });
    console.log(
      `Stack up: API ${stack.env.API_URL}, web ${stack.env.WEB_URL || '(not served: build failed)'}`,
    );
  } catch (error) {
    console.error(`The test stack did not start: ${error instanceof Error ? error.message : String(error)}`);
  }

  try {
    for (const name of ['contract', 'db', 'functions', 'e2e'] as const) {
      if (!stack) skip(name, 'the test stack did not start');
      else if (name === 'e2e' && !built) skip(name, 'the web app did not build');
      else await step(name, () => runSuite(suite(name), { ...process.env, ...stack?.env }));
    }
  } finally {
    await stack?.stop();
  }

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  console.log('\n=== results ===');
  for (const r of results) {
    console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(10)} ${r.note ?? `${r.seconds.toFixed(1)} s`}`);
  }
  console.log(`(total ${((performance.now() - began) / 60000).toFixed(1)} min)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
