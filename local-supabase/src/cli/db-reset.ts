/**
 * `npm run db:reset`: rebuilds the database from the bootstrap, migrations and seed. The keys are kept
 * (issued API keys stay valid); everything else in the data folder (data, stored files, mail) goes.
 */
import path from 'node:path';
import { loadConfig } from '../config/index.ts';
import { LocalDatabase, wipeDataDir } from '../database/index.ts';
import { isAlive } from '../database/postgres-server.ts';
import { freePort } from '../stack/start-stack.ts';
import { ROOT_DIR, defaultDataDir, readRunningState } from '../stack/state.ts';

async function main(): Promise<void> {
  const dataDir = defaultDataDir();
  const running = readRunningState(dataDir);
  if (running) {
    console.log(`Stopping the stack running on ${dataDir} (pid ${running.pid})...`);
    process.kill(running.pid, 'SIGTERM');
    for (let i = 0; i < 300 && isAlive(running.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(running.pid))
      throw new Error(`The stack (pid ${running.pid}) did not stop; stop it with Ctrl-C first.`);
  }
  console.log(`Wiping ${dataDir} (keeping keys.json)...`);
  await wipeDataDir(dataDir);
  const projectDir = path.join(ROOT_DIR, 'supabase');
  const config = loadConfig(projectDir);
  const database = new LocalDatabase({
    dataDir,
    port: config.ports.db === 0 ? await freePort() : config.ports.db,
    migrationsDir: path.join(projectDir, 'migrations'),
    seedFiles: config.seed.enabled ? config.seed.paths : [],
    durable: true,
    log: (message) => console.log(message),
  });
  await database.start();
  await database.stop();
  console.log(
    `Database rebuilt from supabase/migrations and the seed.${running ? ' Start the stack again with: npm start' : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(`db:reset failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
