/**
 * A refusal reaches a client that is still sending its body (a lingering
 * close). Found in a clean-clone run on a loaded machine: a 1 MB body got
 * ECONNRESET instead of its 413, because the host closed the socket with the
 * body unread and the kernel reset it before the client read the reply. The
 * client here keeps writing after the refusal has been sent, as a slow
 * uploader does, and only then reads: the reply must be there. The lingering
 * is bounded in time and bytes.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost, type Host } from './kit.ts';
import { slow } from '../../../support/time-scale.ts';

const JSON_CAP = 1024;
const LINGER_MS = 1500;
const LINGER_BYTES = 256 * 1024;
let host: Host;

beforeAll(async () => {
  host = await startHost({
    jsonBodyBytes: JSON_CAP,
    lingerMs: LINGER_MS,
    refusedBodyBytes: LINGER_BYTES,
  });
});
afterAll(() => host.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Upload {
  socket: Socket;
  /** Everything the host sent, as text. */
  received: () => string;
  /** When the host closed the connection (ms after the first byte was sent), or undefined. */
  closedAt: () => number | undefined;
  /** A write failed (the host reset the connection under the client). */
  failed: () => Error | undefined;
}

/** A login call whose body is sent in `chunks` pieces of `size` bytes, `gapMs` apart. */
async function upload(o: {
  chunks: number;
  size: number;
  gapMs: number;
  chunked?: boolean;
}): Promise<Upload> {
  const socket = connect(host.port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const t0 = performance.now();
  let text = '';
  let closedAt: number | undefined;
  let failed: Error | undefined;
  socket.on('data', (b) => (text += b.toString('latin1')));
  socket.on('close', () => (closedAt ??= performance.now() - t0));
  socket.on('error', (e) => (failed ??= e));
  const length = o.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${o.chunks * o.size}`;
  socket.write(
    `POST /api/v1/wa-na/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\n\r\n`,
  );
  const piece = Buffer.alloc(o.size, 0x78);
  for (let i = 0; i < o.chunks && !failed && closedAt === undefined; i++) {
    if (o.chunked) socket.write(`${o.size.toString(16)}\r\n`);
    socket.write(piece);
    if (o.chunked) socket.write('\r\n');
    await pause(o.gapMs);
  }
  return { socket, received: () => text, closedAt: () => closedAt, failed: () => failed };
}

describe('a refused body lingers so its reply is read', () => {
  it('a client still sending after its 413 has been sent finishes and reads the 413', async () => {
    // 40 × 2 KB, 5 ms apart: the refusal goes out at the first chunk, the writing goes on.
    const u = await upload({ chunks: 40, size: 2048, gapMs: 5 });
    await pause(50);
    expect(u.failed()).toBeUndefined();
    expect(u.received()).toMatch(/^HTTP\/1\.1 413 /);
    expect(u.received()).toContain('"code":-1');
    // The whole body was taken, so the connection is still usable: a second call on it answers.
    u.socket.write(
      'POST /api/v1/wa-na/forex/product/list HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        'Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    await expect.poll(() => u.received().match(/HTTP\/1\.1 /g)?.length ?? 0).toBe(2);
    u.socket.destroy();
  });

  it('a body that never ends is cut after the lingering time, its 413 read first', async () => {
    const u = await upload({ chunks: 1000, size: 512, gapMs: 10, chunked: true });
    expect(u.received()).toMatch(/^HTTP\/1\.1 413 /);
    const at = u.closedAt();
    expect(at, 'the host closed the connection').toBeDefined();
    // Within the linger time plus the load's slack; long before the 10 s the writing would take.
    expect(at).toBeGreaterThanOrEqual(LINGER_MS * 0.9);
    expect(at).toBeLessThan(LINGER_MS + slow(4000));
  });

  it('a body past the lingering byte cap is cut at once, its 413 read first', async () => {
    const u = await upload({ chunks: 200, size: 8192, gapMs: 1 });
    await expect.poll(() => u.closedAt()).toBeDefined();
    expect(u.received()).toMatch(/^HTTP\/1\.1 413 /);
    // Cut near 256 KB, well before the 1.6 MB would all be sent.
    expect(u.closedAt()).toBeLessThan(LINGER_MS);
  });
});
