/**
 * Fair shares under attack, over real TCP from several loopback addresses:
 * one address hogging connections or sockets meets its own cap while
 * another is served; trickled headers or bodies are cut at their deadline;
 * a socket that answers no ping is ended; an account holds a bounded number
 * of signed-in exchange sockets. Throughout, a well-behaved client's calls
 * all succeed and stay fast (kit.ts underAttack: p99 under 100 ms, or 3x its
 * p99 alone on a loaded machine; both printed).
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WsClient from 'ws';
import { CLOSE } from '../../../../src/simulator/host/limits.ts';
import {
  call,
  closeCode,
  closedBy,
  openWs,
  PATHS,
  rawConnect,
  sleep,
  startHost,
  underAttack,
  describeSeen,
  until,
  user,
  type Host,
} from './kit.ts';
import { slow } from '../../../support/time-scale.ts';

let h: Host;
let token: string;
const figures: string[] = [];

beforeAll(async () => {
  h = await startHost({
    maxConnections: 64,
    addressConnections: 8,
    maxSockets: 16,
    addressSockets: 4,
    accountSockets: 2,
    // Deadlines scaled with the bounds below: on a starved machine 20 connects outlast 600 ms.
    headersTimeoutMs: slow(600),
    requestTimeoutMs: slow(1_200),
    deadlineCheckMs: 100,
    pingIntervalMs: slow(400),
  });
  ({ token } = await user(h, 'shares@example.com'));
});
afterAll(async () => {
  await h.close();
  console.log(`host shares, well-behaved client during each attack:\n  ${figures.join('\n  ')}`);
});

/** An attack with a well-behaved client calling throughout (kit.ts underAttack). */
async function during(name: string, attack: () => Promise<(() => void) | void>): Promise<void> {
  figures.push(describeSeen(await underAttack(name, h.port, token, attack)));
}

describe('slot hogging', () => {
  it('caps one address at its share of connections; another address is served', async () => {
    await during('connection hogging', async () => {
      const held: Socket[] = [];
      const refused: Array<Promise<string>> = [];
      for (let i = 0; i < 20; i++) {
        const s = await rawConnect(h.port, '127.0.0.2');
        held.push(s);
        refused.push(closedBy(s));
      }
      // Past its 8, each is answered 503 and closed; the first 8 stay open.
      const done = await Promise.race([
        Promise.all(refused.slice(8)),
        sleep(slow(3_000)).then(() => undefined),
      ]);
      expect(done, 'the connections past the cap were closed').toBeDefined();
      expect(done?.every((t) => t.startsWith('HTTP/1.1 503'))).toBe(true);
      expect(held.slice(0, 8).every((s) => !s.destroyed)).toBe(true);
      const other = await call(h.port, PATHS.productList, { from: '127.0.0.3', body: '{}' });
      expect(other.status).toBe(200);
      return () => held.forEach((s) => s.destroy());
    });
  });

  it('caps one address at its share of WebSockets; another address connects', async () => {
    await during('socket hogging', async () => {
      const mine: WsClient[] = [];
      for (let i = 0; i < 4; i++) mine.push(await openWs(h.port, 'market', '127.0.0.4'));
      await expect(openWs(h.port, 'market', '127.0.0.4')).rejects.toThrow(/429/);
      const other = await openWs(h.port, 'market', '127.0.0.5');
      expect(other.readyState).toBe(other.OPEN);
      // A closed one gives its share back.
      const gone = closeCode(mine[0] as WsClient);
      mine[0]?.close();
      await gone;
      await until(() => h.srv.stats().sockets === 4, 2_000, 'the share to come back');
      mine.push(await openWs(h.port, 'market', '127.0.0.4'));
      return () => [...mine, other].forEach((ws) => ws.terminate());
    });
  });

  it('closes the signed-in exchange socket one over the account share (4009)', async () => {
    const socks = await Promise.all(
      ['127.0.0.11', '127.0.0.12', '127.0.0.13'].map((a) => openWs(h.port, 'exchange', a)),
    );
    const codes = socks.map(closeCode);
    for (const [i, ws] of socks.entries()) {
      ws.send(JSON.stringify({ op: 'auth', token }));
      if (i < 2) await sleep(100);
    }
    expect(await codes[2]).toBe(CLOSE.tooManySockets);
    expect(socks[0]?.readyState).toBe(socks[0]?.OPEN);
    expect(socks[1]?.readyState).toBe(socks[1]?.OPEN);
    for (const ws of socks) ws.terminate();
  });
});

describe('slowloris', () => {
  it('cuts trickled headers at the headers deadline; others are served', async () => {
    await during('slow headers', async () => {
      const socks = await Promise.all(
        Array.from({ length: 6 }, () => rawConnect(h.port, '127.0.0.6')),
      );
      const t0 = Date.now();
      const ended = socks.map(closedBy);
      const head = `POST ${PATHS.productList} HTTP/1.1\r\nHost: x\r\nX-Pad: `;
      let i = 0;
      const drip = setInterval(() => {
        for (const s of socks) if (!s.destroyed) s.write(head[i % head.length] ?? 'a');
        i++;
      }, 50);
      const replies = await Promise.all(ended);
      clearInterval(drip);
      expect(Date.now() - t0).toBeLessThan(slow(3_000));
      for (const r of replies) expect(r === '' || r.startsWith('HTTP/1.1 408')).toBe(true);
    });
  });

  it('cuts a trickled body at the request deadline', async () => {
    await during('slow body', async () => {
      const s = await rawConnect(h.port, '127.0.0.7');
      const ended = closedBy(s);
      const t0 = Date.now();
      s.write(
        `POST ${PATHS.productList} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{`,
      );
      const drip = setInterval(() => !s.destroyed && s.write(' '), 50);
      await ended;
      clearInterval(drip);
      expect(Date.now() - t0).toBeLessThan(slow(3_000));
    });
  });

  it('closes a connection that sends nothing', async () => {
    const s = await rawConnect(h.port, '127.0.0.8');
    const t0 = Date.now();
    await closedBy(s);
    expect(Date.now() - t0).toBeLessThan(slow(3_000));
  });

  it('keeps slow connections of one address from filling the global pool', async () => {
    await during('slowloris flood', async () => {
      // 40 from one address: 8 held and trickling, the rest refused at once.
      const socks: Socket[] = [];
      for (let i = 0; i < 40; i++) {
        const s = await rawConnect(h.port, '127.0.0.9');
        void closedBy(s);
        socks.push(s);
      }
      const drip = setInterval(() => socks.forEach((s) => !s.destroyed && s.write('G')), 100);
      const open = () => socks.filter((s) => !s.destroyed).length;
      await until(() => open() <= 8, 3_000, 'the refused ones to close');
      expect(h.srv.stats().connections).toBeLessThan(64);
      const other = await call(h.port, PATHS.productList, { from: '127.0.0.10', body: '{}' });
      expect(other.status).toBe(200);
      return () => {
        clearInterval(drip);
        socks.forEach((s) => s.destroy());
      };
    });
  });
});

describe('idle sockets', () => {
  it('ends a socket that answers no ping; one that does stays', async () => {
    const mute = await openWs(h.port, 'market', '127.0.0.14', { autoPong: false });
    const alive = await openWs(h.port, 'market', '127.0.0.14');
    const t0 = Date.now();
    const code = await closeCode(mute);
    expect(code).toBe(1006);
    expect(Date.now() - t0).toBeLessThan(slow(3_000));
    expect(alive.readyState).toBe(alive.OPEN);
    alive.terminate();
  });
});
