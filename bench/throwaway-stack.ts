/**
 * A benchmark run without API_URL starts a throwaway stack (scripts/with-test-stack.ts, no web app)
 * and runs itself again inside it with the same arguments; its exit code is the run's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

export async function rerunInsideThrowawayStack(scriptUrl: string): Promise<never> {
  const child = spawn(
    bin('tsx'),
    [
      path.join(ROOT, 'scripts', 'with-test-stack.ts'),
      '--no-web',
      '--quiet',
      '--',
      bin('tsx'),
      fileURLToPath(scriptUrl),
      ...process.argv.slice(2),
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  process.exit(await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? 1))));
}
