/** Request parsing with zod: every body, path and query parameter is validated before use. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from '../errors.ts';

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describe(result.error));
  return result.data;
}

export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Request body must be valid JSON');
  }
  try {
    // Postgres text cannot hold U+0000: refuse it here rather than fail in the database.
    if (JSON.stringify(body).includes('\\u0000'))
      throw new HttpError(400, 'Text must not contain NUL characters');
    return parseWith(schema, body);
  } catch (error) {
    // Absurdly nested JSON overflows the stack while it is walked.
    if (error instanceof RangeError) throw new HttpError(400, 'Request body is nested too deeply');
    throw error;
  }
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return parseWith(schema, c.req.query());
}

export function parseParam<S extends z.ZodType>(c: Context, name: string, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.param(name));
  if (!result.success) throw new HttpError(400, `${name}: ${result.error.issues[0]?.message ?? 'invalid'}`);
  return result.data;
}
