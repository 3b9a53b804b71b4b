/**
 * Pings and pongs count as WebSocket commands (limits.ts
 * `socketCommandsPerSecond`). Found by attacking the host: a client's pings
 * are answered by the host (a pong each) and its pongs read, but neither was
 * counted: 50,000 pings in 7.8 s on one socket were all answered and the
 * socket stayed open, as did 50,000 unsolicited pongs. Now either floods the
 * socket past its command rate and it is closed with 4029.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WsClient from 'ws';
import { CLOSE } from '../../../../src/simulator/host/limits.ts';
import { closeCode, type Host, openWs, sleep, startHost, until } from './kit.ts';

const MOST = 20_000;

let h: Host;
beforeAll(async () => {
  h = await startHost({ socketCommandsPerSecond: 20, socketCommandsBurst: 20 });
});
afterAll(() => h.close());

/** Send control frames, 20 per turn of the loop, until the socket closes or `MOST` went. */
async function controlFlood(
  ws: WsClient,
  send: () => void,
): Promise<{ code: number; sent: number }> {
  const code = closeCode(ws);
  let sent = 0;
  while (sent < MOST && ws.readyState === ws.OPEN) {
    for (let i = 0; i < 20; i++, sent++) send();
    await sleep(1);
  }
  return { code: await Promise.race([code, sleep(3_000).then(() => -2)]), sent };
}

describe('control frames count as commands', () => {
  for (const kind of ['ping', 'pong'] as const)
    it(`a ${kind} flood closes its socket with 4029; another socket is untouched`, async () => {
      const ws = await openWs(h.port, 'market', '127.0.0.2');
      const calm = await openWs(h.port, 'market', '127.0.0.3');
      const r = await controlFlood(ws, () => (kind === 'ping' ? ws.ping() : ws.pong()));
      console.log(`${kind} flood: closed ${r.code} after ${r.sent} sent`);
      expect(r.code).toBe(CLOSE.tooManyCommands);
      // The rate (20 a second) and its burst (20), and what was on the wire by then.
      expect(r.sent).toBeLessThan(5_000);
      let got = 0;
      calm.on('message', () => got++);
      calm.send(JSON.stringify({ op: 'sub', topic: 'prices' }));
      // Within the kit's wait (scaled on a busy machine): the first snapshot of the prices.
      await until(() => got > 0, 5_000, 'the calm socket to get prices');
      expect(calm.readyState).toBe(calm.OPEN);
      calm.close();
    });
});
