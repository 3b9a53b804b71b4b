/**
 * `npm run sim:server`: the simulator as a live HTTP + WebSocket server on
 * 127.0.0.1 (port from PORT, default 8787), for trying the app's live mode.
 *
 * The operator API (`/operator/v1/…`, the console's back office) needs a key:
 * SIM_OPERATOR_KEY, or one made on the first start and printed once.
 * SIM_OPERATOR_ORIGINS (comma-separated) names the app origins the console may
 * call from (default: any loopback origin). SIM_SHOW_CODES=1 prints every code
 * the server sends.
 * SIM_SIGNING_KEY (hex or base64, at least 256 bits) sets the token signing
 * key; without it the store's own random key is used.
 * The market (every price) follows from a secret random key made per data
 * folder; SIM_SEED names a reproducible market instead (a demo, a test), and
 * then anyone who knows the seed can predict prices: the server says so.
 * Every host limit (src/simulator/host/limits.ts) can be set as
 * SIM_LIMIT_<NAME> (SIM_LIMIT_ADDRESS_SOCKETS=64); behind a proxy that sets
 * X-Forwarded-For, SIM_LIMIT_TRUST_PROXY=1.
 * Data lives in SQLite in the folder SIM_DATA (default ./sim-data): a restart
 * keeps every user, session, order, balance and upload. Delete the folder
 * (or call the back office's wipe) to start afresh. SIGINT / SIGTERM save
 * what is left and close the database before exiting.
 */
import path from 'node:path';
import { parseSigningKey } from '../src/simulator/auth/keys.ts';
import { marketKeyOf } from '../src/simulator/prng.ts';
import { createShiftableClock, realClock } from '../src/simulator/clock.ts';
import { createSimulator } from '../src/simulator/server.ts';
import { limitsFromEnv, type HostLimits } from '../src/simulator/host/limits.ts';
import { startSimServer } from '../src/simulator/host/node-server.ts';
import { sqliteStore, StoreBusyError } from '../src/simulator/host/sqlite-store.ts';
import { StoreVersionError } from '../src/simulator/persist/batch.ts';
import { createPasswordPool } from '../src/simulator/host/password-pool.ts';
import { operatorRoute } from '../src/simulator/host/operator-api.ts';
import { resolveOperatorKey } from '../src/simulator/host/operator-key.ts';
import { showCodes } from '../src/simulator/host/show-codes.ts';
import { nodeWriteScope } from '../src/simulator/host/write-scope.ts';

let signingKey: string | undefined;
try {
  signingKey = process.env.SIM_SIGNING_KEY
    ? parseSigningKey(process.env.SIM_SIGNING_KEY)
    : undefined;
} catch (e) {
  console.error(`SIM_SIGNING_KEY refused: ${(e as Error).message}`);
  process.exit(1);
}
let limits: HostLimits;
try {
  limits = limitsFromEnv(process.env);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const dataDir = path.resolve(process.env.SIM_DATA ?? 'sim-data');
// The ceiling of the data (state and uploads): past it, changes get an error and are undone.
const store = (() => {
  try {
    return sqliteStore(dataDir, { maxBytes: limits.maxStoreBytes });
  } catch (e) {
    // The data folder is taken, or newer than this version: say so, not a stack.
    if (e instanceof StoreBusyError || e instanceof StoreVersionError) {
      console.error(`sim:server: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
})();
const seed = process.env.SIM_SEED || undefined;
// Argon2id in its own worker threads: hashing never holds up other users' token checks.
const passwords = createPasswordPool({ addressQueue: limits.addressHashesWaiting });
const sim = await createSimulator({
  passwordHasher: passwords,
  ...(seed !== undefined ? { seed } : {}),
  store,
  // The wall clock, which the operator can skip ahead (kept with the data across restarts).
  clock: createShiftableClock(realClock),
  ...(signingKey ? { signingKey } : {}),
  // Each call's writes told apart, so a failed save fails exactly the calls it undid.
  writeScope: nodeWriteScope(),
});
// Responsible trading: the cooling-off before a raised or removed limit applies (default 24 h).
const coolingOff = process.env.SIM_COOLING_OFF_HOURS;
if (coolingOff !== undefined && coolingOff !== '') {
  try {
    sim.backOffice.setCoolingOff(Number(coolingOff));
  } catch (e) {
    console.error(`sim:server: SIM_COOLING_OFF_HOURS: ${(e as Error).message}`);
    await sim.close();
    process.exit(1);
  }
}
let key: Awaited<ReturnType<typeof resolveOperatorKey>>;
try {
  key = await resolveOperatorKey(sim, process.env.SIM_OPERATOR_KEY);
} catch (e) {
  console.error((e as Error).message);
  await sim.close();
  process.exit(1);
}
const origins = process.env.SIM_OPERATOR_ORIGINS?.split(',')
  .map((o) => o.trim())
  .filter(Boolean);
const operator = operatorRoute(sim, {
  keyHash: key.hash,
  ...(origins ? { origins } : {}),
  // A scenario file (loadScenario) may be as large as the host's JSON bodies.
  scenarioBytes: limits.jsonBodyBytes,
});
const srv = await startSimServer(
  sim,
  Number(process.env.PORT ?? 8787),
  '127.0.0.1',
  [operator],
  limits,
);
console.log(
  `Simulator server on ${srv.url} (calls: ${srv.url}/<api|market|exchange>/v1/…, channels: ws://127.0.0.1:${srv.port}/ws/<market|exchange>)`,
);
console.log(
  `Operator API on ${srv.url}/operator/v1 (header X-Operator-Key; ${
    key.source === 'env'
      ? 'key from SIM_OPERATOR_KEY'
      : key.source === 'saved'
        ? 'the key printed on the first start with this data'
        : 'new key below, shown this once'
  })`,
);
if (key.generated) console.log(`operator key  ${key.generated}`);
if (process.env.SIM_SHOW_CODES === '1') showCodes(sim);
console.log(marketNotice(seed, sim.ctx.state.marketKey));
console.log(
  `Simulator data in ${store.where ?? dataDir} (SIM_DATA=${dataDir}; delete it to start afresh)`,
);

/** What a reviewer should know about the market: predictable with a seed, secret without. */
function marketNotice(given: string | undefined, key: string): string {
  if (given === undefined)
    return 'Market: secret random key of this data folder (prices cannot be foreseen)';
  if (marketKeyOf(given) === key)
    return `Market: SIM_SEED=${given}: prices are PREDICTABLE by anyone who knows the seed (a demo, not for play with stakes)`;
  return `Market: SIM_SEED=${given} ignored: this data folder keeps the market it was made with (delete SIM_DATA to use the seed)`;
}

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: saving and closing ${store.where ?? dataDir}`);
  try {
    await srv.close();
    await sim.close();
    await passwords.close();
  } catch (e) {
    console.error('simulator: shutdown failed', e);
    process.exitCode = 1;
  }
  process.exit();
};
// Last line of defence: every request and socket handles its own failures, but
// a stray rejection must be logged, not end the server for everyone.
process.on('unhandledRejection', (e) => console.error('sim server: unhandled rejection', e));
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
