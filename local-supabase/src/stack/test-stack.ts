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
