/**
 * Contract tests run against the stack named by API_URL & co. (what `npm test` and
 * scripts/with-test-stack.ts provide). Without one, a throwaway stack is started for this run.
 *
 * The tests that run a whole `npm start` (first-start, lifecycle) serve web/dist, and `npm start`
 * builds it when it is missing or stale. Built here once, before any test runs: otherwise, in a fresh
 * clone, two test files build into the same web/dist at the same time, on the clock of their tests.
 */
import path from 'node:path';
import { ROOT_DIR } from '../../src/stack/state.ts';
import { startTestStack, type TestStack } from '../../src/stack/test-stack.ts';
import { buildWebApp, webBuildIsStale } from '../../src/web-server/index.ts';

let stack: TestStack | undefined;

export async function setup(): Promise<void> {
  if (await webBuildIsStale(path.join(ROOT_DIR, 'web'))) {
    console.log('Building the web app for the tests that run npm start (web/dist is missing or stale)...');
    // A failed build fails only the tests that serve the web app (npm start tries again and says so).
    await buildWebApp(ROOT_DIR, (line) => console.error(`[web build] ${line}`)).catch((error: unknown) =>
      console.error(error instanceof Error ? error.message : String(error)),
    );
  }
  if (process.env.API_URL) return;
  stack = await startTestStack({ serveWeb: false });
  // Set before the workers start, so every test file inherits the variables.
  Object.assign(process.env, stack.env);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
}
