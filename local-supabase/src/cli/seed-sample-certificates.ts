/**
 * On the first start of a database (and after `npm run db:reset`), `npm start` fills it with the
 * sample certificates through the api function, so a fresh product is not empty. A marker file in
 * the data folder records that it happened; db:reset wipes the folder and with it the marker.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { StackEnv } from '../stack/state.ts';
import { runBackgroundScript } from './background-script.ts';

const MARKER = 'sample-certificates-seeded';

export function sampleCertificatesSeeded(dataDir: string): boolean {
  return existsSync(path.join(dataDir, MARKER));
}

/** Runs `scripts/seed-certificates.ts` against the running stack; resolves with whether it worked. */
export async function seedSampleCertificates(dataDir: string, env: StackEnv): Promise<boolean> {
  const seeded = await runBackgroundScript('seed-certificates.ts', 'samples', {
    API_URL: env.API_URL,
    ANON_KEY: env.ANON_KEY,
  });
  if (seeded) writeFileSync(path.join(dataDir, MARKER), `${new Date().toISOString()}\n`);
  return seeded;
}
