/**
 * Upload bytes per address (limits.ts `addressUploadBytes`). Found by
 * attacking the host: an upload is saved whole in one SQLite write on the
 * host's one thread, a 9.5 MB avatar 125–250 ms of it (about 20 ms a MB),
 * and one address could send 4 at a time, one after another, within its
 * call rate. Now past its upload bytes in the window its uploads get 429
 * until the window moves on; another address's upload is served.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_TEXT } from '../../../../src/simulator/host/node-server.ts';
import { call, type Host, PATHS, startHost, user } from './kit.ts';

const MB = 1024 * 1024;
const ALLOWANCE = 4 * MB;
let h: Host;
beforeAll(async () => {
  h = await startHost({ addressUploadBytes: ALLOWANCE });
});
afterAll(() => h.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const B = 'XBOUNDARY';
/** An avatar of about `size` bytes (a PNG with padding after its end) and a nickname. */
const avatarBody = (size: number) =>
  Buffer.concat([
    Buffer.from(
      `--${B}\r\nContent-Disposition: form-data; name="metaData"\r\n\r\n{"nickName":"Ann"}\r\n` +
        `--${B}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.alloc(size - PNG.length),
    Buffer.from(`\r\n--${B}--\r\n`),
  ]);

const upload = (token: string, from: string, body: Buffer) =>
  call(h.port, PATHS.infoSubmit, {
    token,
    from,
    body,
    headers: { 'Content-Type': `multipart/form-data; boundary=${B}` },
  });

describe('upload bytes per address', () => {
  it('1 MB avatars from one address stop at its allowance (429); another address uploads', async () => {
    const { token } = await user(h, 'a@example.com');
    const body = avatarBody(MB);
    const t0 = Date.now();
    const statuses: number[] = [];
    let limited: { body: string; retryAfter: unknown } | undefined;
    // Two lanes, one after another each, for 2 s or 40 uploads.
    await Promise.all(
      [0, 1].map(async () => {
        while (Date.now() - t0 < 2_000 && statuses.length < 40) {
          const r = await upload(token, '127.0.0.2', body);
          statuses.push(r.status);
          if (r.status === 429) limited ??= { body: r.body, retryAfter: r.headers['retry-after'] };
        }
      }),
    );
    const served = statuses.filter((s) => s === 200).length;
    const seconds = Math.ceil((Date.now() - t0) / 1000) + 1;
    console.log(`1 MB avatars from one address: ${served} of ${statuses.length} served`);
    // The allowance, what the window gave back meanwhile, and the two in flight.
    expect(served).toBeGreaterThanOrEqual(3);
    expect(served).toBeLessThanOrEqual(Math.ceil((ALLOWANCE * (1 + seconds / 10)) / MB) + 2);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(JSON.parse(limited?.body ?? '{}')).toEqual({ code: -1, msg: TOO_MANY_TEXT, data: null });
    expect(Number(limited?.retryAfter)).toBeGreaterThan(0);
    // Another address (another account) still uploads.
    const other = await user(h, 'b@example.com');
    const r = await upload(other.token, '127.0.0.3', body);
    expect(r.status).toBe(200);
    expect((JSON.parse(r.body) as { code: number }).code).toBe(0);
  });
});
