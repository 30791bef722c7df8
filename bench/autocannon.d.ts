/** The small part of autocannon's API that bench/load.ts uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      onResponse?: (status: number, body: string, context: unknown, headers?: Record<string, string>) => void;
    }
    interface Options {
      url: string;
      method?: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }
    interface Result {
      errors: number;
      timeouts: number;
      non2xx: number;
    }
  }

  function autocannon(options: autocannon.Options): EventEmitter;
  export default autocannon;
}
