/** `npm run status`: KEY="value" lines of the running stack, like `supabase status -o env`. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../src/stack/test-stack.ts';
import { runCli } from './support/cli.ts';

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('npm run status', () => {
  it('prints the running stack as KEY="value" lines that a shell can eval', async () => {
    const { code, stdout } = await runCli('status', { LOCAL_DATA_DIR: stack.dataDir });
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    const parsed = Object.fromEntries(
      lines.map((line) => {
        const match = /^([A-Z_]+)="(.*)"$/.exec(line);
        expect(match, line).not.toBeNull();
        return [match?.[1], match?.[2]];
      }),
    );
    for (const key of [
      'API_URL',
      'DB_URL',
      'ANON_KEY',
      'SERVICE_ROLE_KEY',
      'MAILPIT_URL',
      'WEB_URL',
      'JWT_SECRET',
    ]) {
      expect(parsed).toHaveProperty(key);
    }
    expect(parsed.API_URL).toBe(stack.env.API_URL);
    expect(parsed.DB_URL).toBe(stack.env.DB_URL);
    expect(parsed.ANON_KEY).toBe(stack.env.ANON_KEY);
    expect(parsed.SERVICE_ROLE_KEY).toBe(stack.env.SERVICE_ROLE_KEY);
    expect(parsed.MAILPIT_URL).toBe(stack.env.MAILPIT_URL);
    // The printed values work: the API answers, the mail API lists.
    expect((await fetch(`${parsed.MAILPIT_URL}/api/v1/messages`)).ok).toBe(true);
    expect((await fetch(`${parsed.API_URL}/auth/v1/.well-known/jwks.json`)).ok).toBe(true);
  });

  it('says clearly when no stack is running', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'status-test-'));
    try {
      const { code, stdout, stderr } = await runCli('status', { LOCAL_DATA_DIR: empty });
      expect(code).toBe(1);
      expect(stdout).toBe('');
      expect(stderr).toContain('No local stack is running');
      expect(stderr).toContain('npm start');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
