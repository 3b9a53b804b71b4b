/**
 * Upload shares (limits.ts `addressUploads`, `maxUploads`). Found by
 * attacking the host: an upload is held whole in memory until its call is
 * answered, and 60 uploads of 9 MB held open (the body never finished,
 * within the request deadline) from one address and one account took
 * 540 MB. Now an address has a few uploads at once (429 past them), and the
 * host a few dozen in all (503).
 */
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedBy, PATHS, rawConnect, sleep, startHost, until, user, type Host } from './kit.ts';

let h: Host;
let token: string;
beforeAll(async () => {
  h = await startHost({ addressUploads: 2, maxUploads: 3 });
  ({ token } = await user(h, 'uploads@example.com'));
});
afterAll(() => h.close());

const B = 'XBOUNDARY';
const part = (body: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="metaData"\r\n\r\n${body}\r\n--${B}--\r\n`;

/** An upload whose head and first bytes are sent, the rest never: the host holds it. */
async function held(from: string): Promise<Socket> {
  const s = await rawConnect(h.port, from);
  s.on('error', () => undefined);
  s.write(
    `POST ${PATHS.infoSubmit} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${B}\r\nContent-Length: 100000\r\n\r\n--${B}\r\n`,
  );
  return s;
}

/** A whole upload; resolves to the reply's status line ('' when none came within 3 s). */
async function whole(from: string): Promise<string> {
  const s = await rawConnect(h.port, from);
  const got = closedBy(s);
  const body = part(JSON.stringify({ nickName: 'Ann' }));
  s.write(
    `POST ${PATHS.infoSubmit} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n` +
      `Content-Type: multipart/form-data; boundary=${B}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  const timer = setTimeout(() => s.destroy(), 3_000);
  const text = await got;
  clearTimeout(timer);
  return text.split('\r\n')[0] ?? '';
}

describe('upload shares', () => {
  it("refuses an address's upload past its share (429), all past the host's (503); freed shares serve again", async () => {
    const mine = [await held('127.0.0.2'), await held('127.0.0.2')];
    await sleep(200); // both are being read
    const third = await whole('127.0.0.2');
    expect(third).toContain('429');
    const other = await held('127.0.0.3');
    await sleep(200);
    expect(await whole('127.0.0.4')).toContain('503');
    for (const s of [...mine, other]) s.destroy();
    await until(() => h.srv.stats().connections === 0, 5_000, 'the held uploads to go');
    expect(await whole('127.0.0.2')).toContain('200');
  });
});
