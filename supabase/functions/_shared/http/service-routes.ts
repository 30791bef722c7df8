/**
 * Routing for the functions only other functions call (engine, ocr): a few POST routes under the
 * function's name, the service role key checked before any of them, errors answered as JSON by the
 * function's own mapping. Written out over Deno.serve's handler instead of Hono, whose 1.3 MB
 * package is more than these bundles can spare (docs/function-size.md); it answers as Hono did:
 * an unknown path or method is a plain-text 404, after the key check for paths under the base.
 */
import { holdsServiceRoleKey } from './service-role.ts';

export type RouteHandler = (request: Request, url: URL) => Promise<Response>;

export interface ServiceRoutes {
  /** The path the routes are under, as the function receives it: `/<function name>`. */
  basePath: string;
  serviceRoleKey: string;
  /** The `error` of the 401 for a request without the service role key. */
  unauthorizedMessage: string;
  /** POST handlers by their path below `basePath` ('/verify'). */
  post: Record<string, RouteHandler>;
  /** The answer for an error a handler threw. */
  onError: (error: unknown) => Response;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

function notFound(): Response {
  return new Response('404 Not Found', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=UTF-8' },
  });
}

/** The request's path, percent-decoded as Hono matched it ('/engine/%76erify' is '/engine/verify'). */
function pathOf(url: URL): string {
  if (!url.pathname.includes('%')) return url.pathname;
  try {
    return decodeURI(url.pathname);
  } catch {
    return url.pathname;
  }
}

export function serveRoutes(routes: ServiceRoutes): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const path = pathOf(url);
    if (path !== routes.basePath && !path.startsWith(`${routes.basePath}/`)) return notFound();
    if (!holdsServiceRoleKey(request.headers.get('authorization') ?? undefined, routes.serviceRoleKey)) {
      return json({ error: routes.unauthorizedMessage }, 401);
    }
    const handler = Object.hasOwn(routes.post, path.slice(routes.basePath.length))
      ? routes.post[path.slice(routes.basePath.length)]
      : undefined;
    if (!handler || request.method !== 'POST') return notFound();
    try {
      return await handler(request, url);
    } catch (error) {
      return routes.onError(error);
    }
  };
}
