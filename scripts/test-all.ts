/**
 * `npm test`: every check and suite, against one throwaway stack (free ports, temp data folder), so a
 * developer's own stack and data are never touched. Prints per-step results and `N passed, N failed`.
 */
import { existsSync } from 'node:fs';
import { startTestStack, testSuiteEnv, type TestStack } from '../local-supabase/src/stack/test-stack.ts';
import { SUITES, run, runSuite, type OutputListener, type SuiteName } from './suites.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
  note?: string;
  /** For a failed step: the lines of its output that say what failed. */
  why?: string[];
}

/** Lines that name a failure in the output of tsc, eslint, prettier, vitest, deno test and Playwright. */
const FAILURE_LINE = /FAIL|✗|×|\berror\b|Error:|failed|\[warn\]|=> |›/i;
/** Summary lines that mention failures without there being any. */
const NO_FAILURE = /\b0 (failed|errors?)\b/i;
const SHOWN_FAILURE_LINES = 40;
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');

/**
 * CI shows only the end of the output; the summary repeats what failed so that end says why. Keeps
 * the failure lines of a step's output (the last ones, without repeats).
 */
function failureCollector(): { listener: OutputListener; lines: () => string[] } {
  const found: string[] = [];
  let partial = '';
  const listener: OutputListener = (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const raw of lines) {
      const line = raw.replace(ANSI_ESCAPE, '').trimEnd();
      if (!FAILURE_LINE.test(line) || NO_FAILURE.test(line) || found.includes(line)) continue;
      found.push(line);
      if (found.length > SHOWN_FAILURE_LINES) found.shift();
    }
  };
  return { listener, lines: () => found };
}

const results: Result[] = [];

// Ctrl-C reaches the running step through scripts/suites.ts; the steps after it are skipped.
let interrupted = false;
const interrupt = () => {
  interrupted = true;
};
process.on('SIGINT', interrupt);
process.on('SIGTERM', interrupt);

async function step(name: string, action: (onOutput: OutputListener) => Promise<number>): Promise<boolean> {
  if (interrupted) {
    skip(name, 'interrupted');
    return false;
  }
  console.log(`\n=== ${name} ===`);
  const began = performance.now();
  const failures = failureCollector();
  let code: number;
  try {
    code = await action(failures.listener);
  } catch (error) {
    const message = `${name}: ${error instanceof Error ? error.message : String(error)}`;
    console.error(message);
    failures.listener(`${message}\n`);
    code = 1;
  }
  const ok = code === 0;
  results.push({
    name,
    ok,
    seconds: (performance.now() - began) / 1000,
    ...(ok ? {} : { why: failures.lines() }),
  });
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

  await step('typecheck', (onOutput) => run(['npm', 'run', '-s', 'typecheck'], process.env, 30, onOutput));
  await step('lint', (onOutput) => run(['npm', 'run', '-s', 'lint'], process.env, 30, onOutput));
  await step('unit', (onOutput) => runSuite(suite('unit'), process.env, onOutput));
  const built = await step('web build', (onOutput) =>
    run(['npm', 'run', '-s', 'build', '-w', 'web'], process.env, 30, onOutput),
  );

  console.log('\n=== starting a throwaway stack ===');
  let stack: TestStack | undefined;
  try {
    stack = await startTestStack({ serveWeb: built, quiet: true, env: testSuiteEnv() });
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
      else await step(name, (onOutput) => runSuite(suite(name), { ...process.env, ...stack?.env }, onOutput));
    }
  } finally {
    await stack?.stop();
  }
  // Its own stack: it kills the functions runner and restarts Postgres.
  await step('faults', (onOutput) => runSuite(suite('faults'), process.env, onOutput));

  const passed = results.filter((r) => r.ok).length;
  const failed = results.length - passed;
  for (const r of results.filter((result) => !result.ok && result.why)) {
    console.log(`\n=== why ${r.name} failed (its failure lines, last ${SHOWN_FAILURE_LINES} at most) ===`);
    console.log(r.why?.length ? r.why.join('\n') : '(no failure line found: see its output above)');
  }
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
