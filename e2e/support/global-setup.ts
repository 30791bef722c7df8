import { requireStackEnv } from './stack-env.ts';

/** Fails fast, before any browser starts, when the stack is not there. */
export default async function globalSetup(): Promise<void> {
  const stack = requireStackEnv();
  for (const url of [stack.WEB_URL, `${stack.API_URL}/auth/v1/health`]) {
    const response = await fetch(url).catch((error: unknown) => {
      throw new Error(`${url} is not reachable: ${String(error)}`);
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
}
