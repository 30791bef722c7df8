/**
 * A throwaway stack for tests: free ports, a temporary data folder (deleted on stop), no fsync and
 * raised auth rate limits. Rate-limit tests start their own stack with low limits instead.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startStack, type RunningStack, type StartStackOptions } from './start-stack.ts';

export const TEST_STACK_ENV = {
  LOCAL_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '100000',
  LOCAL_AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
  LOCAL_AUTH_RATE_LIMIT_TOKEN_REFRESH: '100000',
  LOCAL_AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '100000',
  LOCAL_AUTH_EMAIL_MAX_FREQUENCY: '0',
};

/**
 * The CPU time per function request the test suites allow, unless LOCAL_FUNCTIONS_CPU_MS says
 * otherwise: the suites check behaviour, not speed. The hosted 2 s is enforced by the runner
 * (function-limits.test.ts drives a function over it) and the engine's CPU per answer is measured
 * against it by the benchmarks (docs/benchmarks.md, docs/accuracy.md); a CI machine's CPU varies, and
 * on a 2.1 GHz Xeon, which needs about 1.4 times the CPU of the EPYC the engine was measured on, four
 * functions tests were stopped at 2 s (2026-11-26).
 */
export const TEST_SUITE_CPU_MS = '6000';

/** The environment of a test suite's stack: TEST_SUITE_CPU_MS unless the caller set a CPU limit. */
export function testSuiteEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return { LOCAL_FUNCTIONS_CPU_MS: env.LOCAL_FUNCTIONS_CPU_MS || TEST_SUITE_CPU_MS };
}

export interface TestStack extends RunningStack {
  dataDir: string;
}

/** Starts a test stack; `options.env` entries override the raised limits (e.g. a low limit to test). */
export async function startTestStack(options: Omit<StartStackOptions, 'dataDir'> = {}): Promise<TestStack> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'local-supabase-test-'));
  try {
    const stack = await startStack({
      ports: { api: 0, db: 0, mail: 0, web: 0 },
      quiet: true,
      durable: false,
      serveWeb: false,
      snapshotWeb: true,
      warmFunctions: true,
      ...options,
      env: { ...process.env, ...TEST_STACK_ENV, ...options.env },
      dataDir,
    });
    let stopping: Promise<void> | undefined;
    return {
      ...stack,
      dataDir,
      stop: () => (stopping ??= stack.stop().finally(() => rm(dataDir, { recursive: true, force: true }))),
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
