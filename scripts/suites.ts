/**
 * The test suites of `npm test`, each runnable alone against a stack in the environment
 * (`npm run test:<name>`). Shared by scripts/run-suite.ts and scripts/test-all.ts.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const DENO = path.join(ROOT, 'node_modules', '.bin', 'deno');
const DENO_CONFIG = path.join('supabase', 'functions', 'deno.json');

export type SuiteName = 'unit' | 'contract' | 'db' | 'functions' | 'e2e' | 'faults';

export interface Suite {
  name: SuiteName;
  title: string;
  /** Whether it talks to a running stack (API_URL & co.). */
  needsStack: boolean;
  /** Where its tests live, and what a test file is called. */
  testDir: string;
  testFile: RegExp;
  commands: () => string[][];
  /** A hung suite is stopped after this long, so one hang cannot eat CI's 90 minutes. */
  timeoutMinutes: number;
}

function rootScripts(): Record<string, string> {
  return (
    (
      JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
        scripts?: Record<string, string>;
      }
    ).scripts ?? {}
  );
}

export const SUITES: Suite[] = [
  {
    name: 'unit',
    timeoutMinutes: 15,
    title: 'web unit tests (vitest) and the accuracy corpus generator (node:test)',
    needsStack: false,
    testDir: 'web/src',
    testFile: /\.test\.tsx?$/,
    commands: () => [
      ['npm', 'test', '-w', 'web'],
      ['npm', 'run', '-s', 'test:bench'],
    ],
  },
  {
    name: 'contract',
    timeoutMinutes: 20,
    title: 'local stack contract tests (vitest, real HTTP)',
    needsStack: true,
    testDir: 'local-supabase/tests',
    testFile: /\.test\.ts$/,
    commands: () => [['npm', 'test', '-w', 'local-supabase']],
  },
  {
    name: 'db',
    timeoutMinutes: 15,
    title: 'database tests (deno test, supabase/tests)',
    needsStack: true,
    testDir: 'supabase/tests',
    testFile: /[._]test\.ts$/,
    commands: () => [[DENO, 'test', '--allow-all', '--config', DENO_CONFIG, 'supabase/tests']],
  },
  {
    name: 'functions',
    timeoutMinutes: 25,
    title: 'edge function tests (deno test, supabase/functions)',
    needsStack: true,
    testDir: 'supabase/functions',
    testFile: /[._]test\.ts$/,
    commands: () => [
      // The function tests read generated sample certificates; the script exists once "api" provides it.
      ...('certificates:samples' in rootScripts() ? [['npm', 'run', '-s', 'certificates:samples']] : []),
      [DENO, 'test', '--allow-all', '--config', DENO_CONFIG, 'supabase/functions'],
    ],
  },
  {
    name: 'e2e',
    timeoutMinutes: 40,
    title: 'end-to-end tests (Playwright, Chromium)',
    needsStack: true,
    testDir: 'e2e/tests',
    testFile: /\.(spec|test)\.ts$/,
    commands: () => [['npm', 'test', '-w', 'e2e']],
  },
  {
    name: 'faults',
    timeoutMinutes: 8,
    title: 'fault tests (kill -9 mid-upload, Postgres restart; own stack)',
    // It starts (and kills parts of) a stack of its own, never the shared one.
    needsStack: false,
    testDir: 'supabase/functions/api/faults',
    // Not *.test.ts, so the functions suite (deno test supabase/functions) leaves them alone.
    testFile: /\.fault\.ts$/,
    commands: () => [[path.join(ROOT, 'node_modules', '.bin', 'tsx'), 'scripts/faults.ts']],
  },
];

/** Test files of a suite; empty means the suite would prove nothing. */
export function testFiles(suite: Suite): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules') continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (suite.testFile.test(entry)) found.push(full);
    }
  };
  walk(path.join(ROOT, suite.testDir));
  return found;
}

/** Sees a command's output (stdout and stderr, as printed) while it is also shown. */
export type OutputListener = (chunk: string) => void;

/**
 * Runs a command with its output shown (and passed to `onOutput` when given); resolves with its exit code. The command gets its own process
 * group so a hung suite can be ended with everything it started (Ctrl-C is forwarded to it).
 */
export function run(
  command: string[],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMinutes = 30,
  onOutput?: OutputListener,
): Promise<number> {
  const [program, ...args] = command as [string, ...string[]];
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: ROOT,
      stdio: ['ignore', onOutput ? 'pipe' : 'inherit', onOutput ? 'pipe' : 'inherit'],
      env,
      detached: true,
    });
    if (onOutput) {
      child.stdout?.on('data', (chunk: Buffer) => {
        process.stdout.write(chunk);
        onOutput(chunk.toString());
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        process.stderr.write(chunk);
        onOutput(chunk.toString());
      });
    }
    const signalGroup = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const forward = (signal: NodeJS.Signals) => signalGroup(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    const timer = setTimeout(() => {
      console.error(`${command.join(' ')} did not finish within ${timeoutMinutes} min; stopping it.`);
      signalGroup('SIGTERM');
      setTimeout(() => signalGroup('SIGKILL'), 10_000).unref();
    }, timeoutMinutes * 60_000);
    const done = (code: number) => {
      clearTimeout(timer);
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code);
    };
    child.on('error', (error) => {
      console.error(`Cannot run ${program}: ${error.message}`);
      done(127);
    });
    child.on('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/** Runs one suite; fails loudly when it has no tests. */
export async function runSuite(
  suite: Suite,
  env: NodeJS.ProcessEnv = process.env,
  onOutput?: OutputListener,
): Promise<number> {
  if (testFiles(suite).length === 0) {
    console.error(
      `The ${suite.name} suite has no test files in ${suite.testDir}: failing rather than passing empty.`,
    );
    return 1;
  }
  for (const command of suite.commands()) {
    const code = await run(command, env, suite.timeoutMinutes, onOutput);
    if (code !== 0) return code;
  }
  return 0;
}
