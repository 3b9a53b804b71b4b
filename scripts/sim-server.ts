/**
 * `npm run sim:server`: the simulator as a live HTTP + WebSocket server on
 * 127.0.0.1 (port from PORT, default 8787), for trying the app's live mode.
 */
import { createSimulator } from '../src/simulator/server.ts';
import { startSimServer } from '../src/simulator/host/node-server.ts';

const sim = await createSimulator({ seed: Number(process.env.SEED ?? 20261122) });
const srv = await startSimServer(sim, Number(process.env.PORT ?? 8787));
console.log(
  `Simulator server on ${srv.url} (calls: ${srv.url}/<api|market|exchange>/v1/…, channels: ws://127.0.0.1:${srv.port}/ws/<market|exchange>)`,
);
const stop = async () => {
  sim.stop();
  await srv.close();
  process.exit(0);
};
// Last line of defence: every request and socket handles its own failures, but
// a stray rejection must be logged, not end the server for everyone.
process.on('unhandledRejection', (e) => console.error('sim server: unhandled rejection', e));
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
