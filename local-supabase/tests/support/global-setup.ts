/**
 * Contract tests run against the stack named by API_URL & co. (what `npm test` and
 * scripts/with-test-stack.ts provide). Without one, a throwaway stack is started for this run.
 */
import { startTestStack, type TestStack } from '../../src/stack/test-stack.ts';

let stack: TestStack | undefined;

export async function setup(): Promise<void> {
  if (process.env.API_URL) return;
  stack = await startTestStack({ serveWeb: false });
  // Set before the workers start, so every test file inherits the variables.
  Object.assign(process.env, stack.env);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
