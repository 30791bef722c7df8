/**
 * Test-only fault points: a request can ask the function to stop at a named step (e.g. right after
 * the storage write) so a test can kill -9 the process there. Inert unless all of these hold:
 *   - SUPABASE_URL points at this machine (127.0.0.1, localhost, ::1). On hosted Supabase it is the
 *     project's https://<ref>.supabase.co and cannot be changed (SUPABASE_ names are reserved);
 *   - the request carries `x-fault-point: <step>` and `x-fault-key: <the service role key>`;
 *   - `x-fault-id` is a UUID (it names the file the test waits for).
 * At the step, the function writes its pid to `<TMPDIR>/certverify-fault-<id>.pid` and waits (at most
 * a minute) for the test to kill it.
 */
export type FaultStep = 'after-storage-write' | 'before-db-insert' | 'after-db-insert';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function faultsEnabled(supabaseUrl: string): boolean {
  try {
    return LOOPBACK.has(new URL(supabaseUrl).hostname);
  } catch {
    return false;
  }
}

export interface FaultRequest {
  headers: Headers;
  supabaseUrl: string;
  serviceRoleKey: string;
}

export function faultPidFile(id: string, tmpDir = Deno.env.get('TMPDIR') ?? '/tmp'): string {
  return `${tmpDir.replace(/\/+$/, '')}/certverify-fault-${id}.pid`;
}

export async function faultPoint(step: FaultStep, request: FaultRequest | undefined): Promise<void> {
  if (!request || request.headers.get('x-fault-point') !== step) return;
  if (!faultsEnabled(request.supabaseUrl)) return;
  if (!request.serviceRoleKey || request.headers.get('x-fault-key') !== request.serviceRoleKey) return;
  const id = request.headers.get('x-fault-id') ?? '';
  if (!UUID.test(id)) return;
  await Deno.writeTextFile(faultPidFile(id), String(Deno.pid));
  await new Promise((resolve) => setTimeout(resolve, 60_000));
}
