/**
 * `npm run sim:server`: the simulator as a live HTTP + WebSocket server on
 * 127.0.0.1 (port from PORT, default 8787), for trying the app's live mode.
 * SIM_SIGNING_KEY (hex or base64, at least 256 bits) sets the token signing
 * key; without it the store's own random key is used.
 */
import { parseSigningKey } from '../src/simulator/auth/keys.ts';
import { createSimulator } from '../src/simulator/server.ts';
import { startSimServer } from '../src/simulator/host/node-server.ts';

let signingKey: string | undefined;
try {
  signingKey = process.env.SIM_SIGNING_KEY
    ? parseSigningKey(process.env.SIM_SIGNING_KEY)
    : undefined;
} catch (e) {
  console.error(`SIM_SIGNING_KEY refused: ${(e as Error).message}`);
  process.exit(1);
}
const sim = await createSimulator({
  seed: Number(process.env.SEED ?? 20261122),
  ...(signingKey ? { signingKey } : {}),
});
const srv = await startSimServer(sim, Number(process.env.PORT ?? 8787));
console.log(
  `Simulator server on ${srv.url} (calls: ${srv.url}/<api|market|exchange>/v1/…, channels: ws://127.0.0.1:${srv.port}/ws/<market|exchange>)`,
);
const stop = async () => {
  sim.stop();
  await srv.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
