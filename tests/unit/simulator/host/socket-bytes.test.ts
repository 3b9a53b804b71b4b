/**
 * Bytes sent per address on WebSockets (limits.ts `addressSocketBytes`).
 * Found by attacking the host: an `auth` command brings the account's whole
 * order lists, and commands were counted by number only; with 1,000
 * positions open a list is 490 KB and 55 ms of the host's thread, and 4
 * sockets re-authenticating within their command rate took another
 * address's calls from 3.7 ms to 65 ms at the median (the thread's delay
 * p99 104 ms). Now past its bytes in the window, an address's next command
 * closes its socket with 4029.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE } from '../../../../src/simulator/host/limits.ts';
import { minimumBuy } from '../trading/support.ts';
import { call, closeCode, type Host, openWs, sleep, startHost, until } from './kit.ts';

const ALLOWANCE = 256 * 1024;
const POSITIONS = 60;
let h: Host;
let token: string;
beforeAll(async () => {
  h = await startHost({
    addressSocketBytes: ALLOWANCE,
    addressCallsPerSecond: 10_000,
    addressCallsBurst: 10_000,
    accountCallsPerSecond: 10_000,
    accountCallsBurst: 10_000,
  });
  ({ token } = await h.sim.backOffice.seedUser({
    email: 'lists@example.com',
    password: 'secret123',
    deposit: 10_000_000,
  }));
  const thumb = await call(h.port, '/market/v1/thumb/BTCUSDT');
  const price = (JSON.parse(thumb.body) as { data: { price: number } }).data.price;
  const order = JSON.stringify(minimumBuy('BTCUSDT', price, token));
  for (let i = 0; i < POSITIONS; i++) {
    const r = await call(h.port, '/exchange/v1/order/addOrder', { body: order });
    expect((JSON.parse(r.body) as { code: number }).code).toBe(0);
  }
});
afterAll(() => h.close());

const auth = () => JSON.stringify({ op: 'auth', token, delta: true });

describe('bytes sent per address on WebSockets', () => {
  it('re-sending auth for the whole lists closes the socket past the allowance (4029); another address is served', async () => {
    const ws = await openWs(h.port, 'exchange', '127.0.0.2');
    let got = 0;
    ws.on('message', (d: Buffer) => (got += d.length));
    const code = closeCode(ws);
    let sent = 0;
    // Within the command rate (50 a second): 20 a second, for at most 100.
    while (sent < 100 && ws.readyState === ws.OPEN) {
      ws.send(auth());
      sent++;
      await sleep(50);
    }
    const closed = await Promise.race([code, sleep(2_000).then(() => -2)]);
    console.log(`auth re-sent ${sent} times: closed ${closed}, ${got} bytes received`);
    expect(closed).toBe(CLOSE.tooManyCommands);
    // The allowance and the lists already on their way when it ran out.
    expect(got).toBeLessThan(ALLOWANCE * 3);
    // Another address's socket gets its lists.
    const calm = await openWs(h.port, 'exchange', '127.0.0.3');
    let lists = 0;
    calm.on('message', () => lists++);
    calm.send(auth());
    await until(() => lists > 0, 5_000, 'the other address to get its lists');
    expect(calm.readyState).toBe(calm.OPEN);
    calm.close();
  });
});
