/**
 * `npm run sim:server`: the simulator as a live HTTP + WebSocket server on
 * 127.0.0.1 (port from PORT, default 8787), for trying the app's live mode.
 *
 * Data lives in SQLite in the folder SIM_DATA (default ./sim-data): a restart
 * keeps every user, session, order, balance and upload. Delete the folder
 * (or call the back office's wipe) to start afresh. SIGINT / SIGTERM save
 * what is left and close the database before exiting.
 */
import path from 'node:path';
import { createSimulator } from '../src/simulator/server.ts';
import { startSimServer } from '../src/simulator/host/node-server.ts';
import { sqliteStore } from '../src/simulator/host/sqlite-store.ts';

const dataDir = path.resolve(process.env.SIM_DATA ?? 'sim-data');
const store = sqliteStore(dataDir);
const sim = await createSimulator({ seed: Number(process.env.SEED ?? 20261122), store });
const srv = await startSimServer(sim, Number(process.env.PORT ?? 8787));
console.log(
  `Simulator server on ${srv.url} (calls: ${srv.url}/<api|market|exchange>/v1/…, channels: ws://127.0.0.1:${srv.port}/ws/<market|exchange>)`,
);
console.log(
  `Simulator data in ${store.where ?? dataDir} (SIM_DATA=${dataDir}; delete it to start afresh)`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: saving and closing ${store.where ?? dataDir}`);
  try {
    await srv.close();
    await sim.close();
  } catch (e) {
    console.error('simulator: shutdown failed', e);
    process.exitCode = 1;
  }
  process.exit();
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
