/** Whether a request carries the project's service role key (server-to-server calls between functions). */
import { timingSafeEqual } from 'node:crypto';

export function holdsServiceRoleKey(authorization: string | undefined, serviceRoleKey: string): boolean {
  const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
  const given = new TextEncoder().encode(token);
  const expected = new TextEncoder().encode(serviceRoleKey);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
