/** `npm run status`: the running stack's URLs and keys as KEY="value" lines, like `supabase status -o env`. */
import { defaultDataDir, formatEnv, readRunningState } from '../stack/state.ts';

const dataDir = defaultDataDir();
const state = readRunningState(dataDir);
if (!state) {
  console.error(`No local stack is running on ${dataDir}. Start one with: npm start`);
  process.exit(1);
}
console.log(formatEnv(state.env));
