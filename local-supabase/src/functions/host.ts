/**
 * Runs inside Deno, one process per edge function: `deno run … host.ts <port> <entry file URL>`.
 *
 * It takes over `Deno.serve` before importing the function, so the function's own
 * `Deno.serve(handler)` listens on 127.0.0.1 at the port the runner chose, and a handler that throws
 * answers a JSON 500 instead of taking the process down (the details go to stderr, never to the
 * client). Everything else is the function's business.
 *
 * This file is type-checked by the Node project too, hence the small local view of the Deno API.
 */
type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
interface ServeOptions {
  handler?: Handler;
  [option: string]: unknown;
}
interface DenoApi {
  args: string[];
  serve: (...args: unknown[]) => unknown;
  exit(code: number): never;
  memoryUsage(): { rss: number; heapUsed: number; external: number };
  stdin: { readable: ReadableStream<Uint8Array> };
}

/** Lines starting with this go to the runner, not to the log (see worker.ts). */
const RUNNER_LINE = '@@local-functions-runner ';

const deno: DenoApi = (globalThis as unknown as { Deno: DenoApi }).Deno;
const [portArg, entry, memoryLimitArg] = deno.args;
const port = Number(portArg);
const memoryLimitBytes = Number(memoryLimitArg);
if (!Number.isInteger(port) || !entry || !(memoryLimitBytes > 0)) {
  console.error('usage: host.ts <port> <entry file URL> <memory limit in bytes>');
  deno.exit(2);
}

// Memory as the edge runtime's own check counts it (supabase/edge-runtime, MemCheck): the isolate's
// JavaScript heap plus its external memory (ArrayBuffers, decoded images). The runner ends the
// process when this passes the limit; V8's --max-old-space-size stops a runaway heap in between.
const memoryWatch = setInterval(() => {
  const usage = deno.memoryUsage();
  const used = usage.heapUsed + usage.external;
  if (used > memoryLimitBytes) {
    clearInterval(memoryWatch);
    console.log(`${RUNNER_LINE}${JSON.stringify({ memoryBytes: used })}`);
  }
}, 20);

// The runner holds the other end of stdin and never writes: end of input means the runner is gone
// (stopped, crashed or killed), and a function process must not outlive it.
void (async () => {
  const reader = deno.stdin.readable.getReader();
  while (!(await reader.read()).done) continue;
  deno.exit(0);
})();

const serve = deno.serve.bind(deno);
let serving = false;

function internalError(error: unknown): Response {
  console.error('Uncaught error in the function handler:', error);
  return Response.json({ error: 'Internal Server Error' }, { status: 500 });
}

deno.serve = (...args: unknown[]) => {
  // Like the edge runtime, one server per function.
  if (serving) throw new Error('Deno.serve was called twice; an edge function serves once.');
  serving = true;
  const [first, second] = args;
  const options: ServeOptions = typeof first === 'object' && first !== null ? (first as ServeOptions) : {};
  const handler = [first, second, options.handler].find((h): h is Handler => typeof h === 'function');
  if (!handler) throw new TypeError('Deno.serve needs a handler');
  const guarded: Handler = async (request, info) => {
    try {
      return await handler(request, info);
    } catch (error) {
      return internalError(error);
    }
  };
  return serve({
    ...options,
    handler: guarded,
    hostname: '127.0.0.1',
    port,
    onListen: () => {},
    onError: internalError,
  });
};

await import(entry);

// A module (for top-level await), though nothing imports it.
export {};
