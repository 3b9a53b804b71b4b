/**
 * Bodies are read only once the call is known: an unknown route (404), a
 * wrong method (405) or a Content-Type that is not the call's encoding (415)
 * is answered while the body is still on the wire, never waiting for it.
 * Multipart bodies have caps on their parts (413). The simulator sees the
 * client's address in X-Sim-Peer, set by the host only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireRequest } from '../../../../src/api/wire.ts';
import { PEER_HEADER } from '../../../../src/simulator/host/node-server.ts';
import { call, closedBy, PATHS, rawConnect, startHost, user, type Host } from './kit.ts';

let h: Host;
let token: string;
const seen: WireRequest[] = [];

beforeAll(async () => {
  h = await startHost(
    { multipartParts: 4, multipartPartBytes: 64 * 1024, multipartBodyBytes: 512 * 1024 },
    {
      wrap: (sim) => ({
        ...sim,
        handle: (req) => {
          seen.push(req);
          return sim.handle(req);
        },
      }),
    },
  );
  ({ token } = await user(h, 'body@example.com'));
});
afterAll(() => h.close());

/**
 * Send a request's head announcing a large body, and none of the body:
 * resolves with the reply's status line, which must come without the body.
 */
async function headOnly(head: string): Promise<string> {
  const s = await rawConnect(h.port);
  const got = closedBy(s);
  s.write(head);
  const timer = setTimeout(() => s.destroy(), 3_000);
  const text = await got;
  clearTimeout(timer);
  return text.split('\r\n')[0] ?? '';
}

const big = (path: string, type = 'application/json', method = 'POST') =>
  `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${type}\r\nContent-Length: 900000\r\n\r\n{"a":`;

describe('the route before the body', () => {
  it('answers an unknown route 404 without waiting for the body', async () => {
    expect(await headOnly(big('/api/v1/wa-na/no-such-call'))).toBe('HTTP/1.1 404 Not Found');
  });

  it('answers a wrong method 405 without waiting for the body', async () => {
    expect(await headOnly(big(PATHS.productList, 'application/json', 'PUT'))).toBe(
      'HTTP/1.1 405 Method Not Allowed',
    );
  });

  it("answers a body in another type than the call's 415 without waiting for it", async () => {
    expect(await headOnly(big(PATHS.userInfo, 'text/plain'))).toBe(
      'HTTP/1.1 415 Unsupported Media Type',
    );
    expect(await headOnly(big(PATHS.userInfo, 'multipart/form-data; boundary=x'))).toBe(
      'HTTP/1.1 415 Unsupported Media Type',
    );
    // The same body as JSON is read and answered.
    const ok = await call(h.port, PATHS.userInfo, { token, body: '{}' });
    expect(JSON.parse(ok.body)).toMatchObject({ code: 0 });
  });

  it('answers a multipart call sent as JSON 415, with a spec-shaped body', async () => {
    const r = await call(h.port, PATHS.infoSubmit, { token, body: '{"metaData":"{}"}' });
    expect(r.status).toBe(415);
    expect(JSON.parse(r.body)).toMatchObject({ code: 1001, data: null });
  });
});

describe('multipart caps', () => {
  const form = (parts: Array<[string, Blob]>) => {
    const fd = new FormData();
    for (const [k, v] of parts) fd.append(k, v);
    return fd;
  };
  const post = (fd: FormData) =>
    fetch(`http://127.0.0.1:${h.port}${PATHS.infoSubmit}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: fd,
    });
  const meta = () => new Blob([JSON.stringify({ nickName: 'Ann' })], { type: 'application/json' });

  it('takes a form within the caps', async () => {
    const r = await post(form([['metaData', meta()]]));
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ code: 0 });
  });

  it('refuses more parts than the cap (413)', async () => {
    const parts: Array<[string, Blob]> = Array.from({ length: 6 }, (_, i) => [`f${i}`, meta()]);
    const r = await post(form(parts));
    expect(r.status).toBe(413);
  });

  it('refuses a part over its cap (413)', async () => {
    const r = await post(
      form([
        ['metaData', meta()],
        ['avatar', new Blob([new Uint8Array(65 * 1024)], { type: 'image/png' })],
      ]),
    );
    expect(r.status).toBe(413);
    // The host still serves.
    expect((await call(h.port, PATHS.productList, { body: '{}' })).status).toBe(200);
  });
});

describe('the peer header', () => {
  it("carries the client's address, never the client's own copy", async () => {
    seen.length = 0;
    const r = await call(h.port, PATHS.productList, {
      from: '127.0.0.7',
      body: '{}',
      headers: { [PEER_HEADER]: '6.6.6.6', 'x-sim-peer': '6.6.6.6' },
    });
    expect(r.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers[PEER_HEADER]).toBe('127.0.0.7');
    expect(Object.values(seen[0]?.headers ?? {})).not.toContain('6.6.6.6');
  });
});
