/** Every generic rule of the error catalogue, one by one, on the client alone. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, MALFORMED_TEXT, type ClientDeps } from '../../../src/api/client.ts';
import { encode } from '../../../src/api/encode.ts';
import {
  NetworkError,
  type Transport,
  type WireRequest,
  type WireResponse,
} from '../../../src/api/wire.ts';
import { t } from '../../support/i18n.ts';

type Reply = WireResponse | Error | 'hang';

function setup(replies: Reply[], extra: Partial<ClientDeps> = {}) {
  const sent: WireRequest[] = [];
  const toasts: Array<{ message: string; kind: string; ms: number }> = [];
  const expired: string[] = [];
  const transport: Transport = {
    send(req, signal) {
      sent.push(req);
      const r = replies.shift() ?? { status: 200, body: '{"code":0,"data":null}' };
      if (r === 'hang') {
        return new Promise((_, reject) =>
          signal?.addEventListener('abort', () =>
            reject(new DOMException('Aborted', 'AbortError')),
          ),
        );
      }
      return r instanceof Error ? Promise.reject(r) : Promise.resolve(r);
    },
  };
  let token: string | undefined = 'TOKEN';
  const api = createApiClient({
    transport,
    token: () => token,
    t,
    toast: (message, kind, ms) => toasts.push({ message, kind, ms }),
    sessionExpired: (r) => {
      expired.push(r);
      token = undefined;
    },
    ...extra,
  });
  return { api, sent, toasts, expired };
}

const ok = (data: unknown, extra: object = {}): WireResponse => ({
  status: 200,
  body: JSON.stringify({ code: 0, msg: 'success', data, ...extra }),
});
const code = (c: number, msg = 'server says'): WireResponse => ({
  status: 200,
  body: JSON.stringify({ code: c, msg, data: null }),
});

afterEach(() => vi.useRealTimers());

describe('api client: transport and generic rules', () => {
  it('returns data and the full reply on success, including extra fields', async () => {
    const { api, toasts } = setup([ok('data:image/svg+xml,x', { uuid: 'u-1' })]);
    const r = await api.call('getImageCode');
    expect(r.code).toBe(0);
    expect(r.data).toBe('data:image/svg+xml,x');
    expect(r.reply?.uuid).toBe('u-1');
    expect(toasts).toEqual([]);
  });

  it('HTTP status other than 200 shows tips.server500 and yields code -1, null data', async () => {
    const { api, toasts } = setup([{ status: 502, body: 'bad gateway' }]);
    const r = await api.call('productList');
    expect(r).toMatchObject({ code: -1, data: null, fault: 'http', status: 502 });
    expect(toasts).toEqual([{ message: 'Server error (500)', kind: 'error', ms: 1500 }]);
  });

  it('429 (a rate limit) says to try again in a moment, not a server error', async () => {
    const { api, toasts, expired } = setup([
      {
        status: 429,
        body: JSON.stringify({ code: -1, msg: 'Too many requests', data: null }),
      },
    ]);
    const r = await api.call('userInfo');
    expect(r).toMatchObject({ code: -1, data: null, fault: 'http', status: 429 });
    expect(toasts).toEqual([
      { message: 'Too many requests, try again in a moment', kind: 'error', ms: 1500 },
    ]);
    expect(expired).toEqual([]);
  });

  it('401 on /waa/ clears the session, sends to sign in, and says login required', async () => {
    const { api, toasts, expired } = setup([{ status: 401, body: '' }]);
    const r = await api.call('userInfo');
    expect(r.fault).toBe('unauthorized');
    expect(expired).toEqual(['401']);
    expect(toasts.map((x) => x.message)).toEqual(['Please login first']);
  });

  it('401 on a noAlert call neither alerts nor redirects', async () => {
    const { api, toasts, expired } = setup([{ status: 401, body: '' }]);
    const r = await api.call('userInfo', undefined, { noAlert: true });
    expect(r).toMatchObject({ code: -1, status: 401, fault: 'unauthorized' });
    expect(expired).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('401 outside /waa/ is just a server error', async () => {
    const { api, toasts, expired } = setup([{ status: 401, body: '' }]);
    await api.call('login', { username: 'a@b.co', password: 'x', type: 'E' });
    expect(expired).toEqual([]);
    expect(toasts.map((x) => x.message)).toEqual(['Server error (500)']);
  });

  it('code 23519 means login required: session cleared, to /login', async () => {
    const { api, expired, toasts } = setup([code(23519)]);
    const r = await api.call('userBalance', undefined, { noAlert: false });
    expect(r.code).toBe(23519);
    expect(r.data).toBeNull();
    expect(expired).toEqual(['23519']);
    expect(toasts.map((x) => x.message)).toEqual(['Please login first']);
  });

  it('times out after the configured timeout plus 0.7 s with tips.timeout', async () => {
    vi.useFakeTimers();
    const { api, toasts } = setup(['hang'], { timeoutMs: 1000 });
    const p = api.call('productList');
    await vi.advanceTimersByTimeAsync(1699);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const r = await p;
    expect(r.fault).toBe('timeout');
    expect(toasts.map((x) => x.message)).toEqual(['Connection timeout']);
  });

  it('has no timeout when none is configured', async () => {
    vi.useFakeTimers();
    const { api, toasts } = setup(['hang']);
    let settled = false;
    void api.call('productList').then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(600_000);
    expect(settled).toBe(false);
    expect(toasts).toEqual([]);
  });

  it("a caller's own abort is not shown as a fault", async () => {
    const { api, toasts } = setup(['hang']);
    const ctl = new AbortController();
    const p = api.call('productList', undefined, { signal: ctl.signal });
    ctl.abort();
    expect(await p).toMatchObject({ code: -1, fault: 'aborted' });
    expect(toasts).toEqual([]);
  });

  it('network failure shows the server error text', async () => {
    const { api, toasts } = setup([new NetworkError('ECONNREFUSED')]);
    const r = await api.call('productList');
    expect(r).toMatchObject({ code: -1, data: null, fault: 'network' });
    expect(toasts.map((x) => x.message)).toEqual(['Server error (500)']);
  });

  it('an unsure call (an order) leaves a lost reply to its caller, not a refusal', async () => {
    const { api, toasts } = setup([new NetworkError('ECONNRESET'), code(305)]);
    expect(await api.call('productList', undefined, { unsure: true })).toMatchObject({
      fault: 'network',
    });
    expect(toasts).toEqual([]);
    // A reply the server did send is still said, as for any call.
    expect((await api.call('productList', undefined, { unsure: true })).code).toBe(305);
    expect(toasts).toHaveLength(1);
  });

  it('an unsure call answered 502 or 504 by a proxy is a lost reply; a 503 is a refusal', async () => {
    const { api, toasts } = setup([
      { status: 502, body: 'bad gateway' },
      { status: 504, body: 'gateway timeout' },
      { status: 503, body: 'unavailable' },
    ]);
    const unsure = { unsure: true } as const;
    // The server behind the proxy may have done the work: the caller looks, nothing is said yet.
    expect(await api.call('productList', undefined, unsure)).toMatchObject({
      fault: 'gateway',
      status: 502,
    });
    expect(await api.call('productList', undefined, unsure)).toMatchObject({
      fault: 'gateway',
      status: 504,
    });
    expect(toasts).toEqual([]);
    // Service unavailable: the request was declined, said as any server failure.
    expect(await api.call('productList', undefined, unsure)).toMatchObject({
      fault: 'http',
      status: 503,
    });
    expect(toasts.map((x) => x.message)).toEqual(['Server error (500)']);
  });

  it.each([['not json'], ['{"data":1}'], ['[]'], ['{"code":"0"}']])(
    'a malformed reply (%s) shows "Api constructor error."',
    async (body) => {
      const { api, toasts } = setup([{ status: 200, body }]);
      const r = await api.call('productList');
      expect(r.fault).toBe('malformed');
      expect(toasts.map((x) => x.message)).toEqual([MALFORMED_TEXT]);
    },
  );

  it('a non-zero code shows the localised message for the code, then (code N)', async () => {
    const { api, toasts } = setup([code(305, 'lot too big')]);
    const r = await api.call('addOrder', {} as never);
    expect(r.code).toBe(305);
    expect(r.message).toBe('Lot size exceeds limit (code 305)');
    expect(toasts).toEqual([
      { message: 'Lot size exceeds limit (code 305)', kind: 'error', ms: 1500 },
    ]);
  });

  it('an unknown code shows the server msg, then (code N)', async () => {
    const { api, toasts } = setup([code(99123, 'Something odd')]);
    await api.call('productList');
    expect(toasts.map((x) => x.message)).toEqual(['Something odd (code 99123)']);
  });

  it.each([['USER_NOT_FOUND'], ['user.not_found'], ['NotFoundException'], ['']])(
    'an unknown code whose server msg is an identifier (%j) shows a sentence, never the identifier',
    async (msg) => {
      const { api, toasts } = setup([code(99124, msg)]);
      await api.call('productList');
      expect(toasts.map((x) => x.message)).toEqual([
        'The request could not be completed (code 99124)',
      ]);
    },
  );

  it('a code the catalogue names as an identifier (1050 USER_NOT_FOUND) reads as a sentence', async () => {
    const { api, toasts } = setup([code(1050, 'USER_NOT_FOUND')]);
    await api.call('userInfo');
    expect(toasts.map((x) => x.message)).toEqual(['User not found (code 1050)']);
  });

  it('silent calls report failures without toasts', async () => {
    const { api, toasts } = setup([code(1067)]);
    const r = await api.call('withdrawStatus');
    expect(r.code).toBe(1067);
    expect(r.message).toBe('There are pending withdrawal requests for review (code 1067)');
    expect(toasts).toEqual([]);
  });
});

describe('api client: encodings and headers', () => {
  it('fills {symbol} from the payload and removes it', async () => {
    const { api, sent } = setup([ok({})]);
    await api.call('thumb', { symbol: 'BTCUSDT' });
    expect(sent[0]).toMatchObject({ root: 'market', method: 'GET', path: '/thumb/BTCUSDT' });
    expect(sent[0]?.query).toBeUndefined();
  });

  it('sends market GET calls as a query and trims strings', async () => {
    const { api, sent } = setup([ok([])]);
    await api.call('klineHistoryLimit', { symbol: ' EURUSD ', period: '5min', limit: 300 });
    expect(sent[0]?.query).toBe('symbol=EURUSD&period=5min&limit=300');
  });

  it('sends JSON bodies with a bearer token on /waa/ calls', async () => {
    const { api, sent } = setup([ok(null)]);
    await api.call('userNotification', { page: 1, limit: 10 });
    expect(sent[0]?.headers).toMatchObject({
      Authorization: 'Bearer TOKEN',
      'Content-Type': 'application/json',
    });
    expect(sent[0]?.body).toEqual({ page: 1, limit: 10 });
  });

  it('puts the bearer token on exchange calls, but not on anonymous ones', async () => {
    const { api, sent } = setup([ok('1'), ok(null)]);
    await api.call('closeOrder', { orderId: '1', token: 'TOKEN' });
    await api.call('sendMail', { email: 'a@b.co', type: '1', locale: 'en' });
    expect(sent[0]?.headers.Authorization).toBe('Bearer TOKEN');
    expect(sent[1]?.headers.Authorization).toBeUndefined();
  });

  it('sends multipart string fields as JSON blobs and files as files', async () => {
    const { api, sent } = setup([ok(null)]);
    const avatar = new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' });
    await api.call('infoSubmit', { metaData: JSON.stringify({ nickName: 'Ann' }), avatar });
    const parts = (sent[0]?.body as { multipart: Array<[string, Blob]> }).multipart;
    const meta = parts.find(([n]) => n === 'metaData')?.[1] as Blob;
    expect(meta.type).toBe('application/json');
    expect(JSON.parse(await meta.text())).toEqual({ nickName: 'Ann' });
    expect(parts.find(([n]) => n === 'avatar')?.[1]).toBe(avatar);
  });

  it('supports form encoding', () => {
    expect(encode('form', { a: 1, b: 'x y', c: undefined })).toEqual({
      body: { form: 'a=1&b=x+y' },
      contentType: 'application/x-www-form-urlencoded',
    });
  });

  it('fetches images with the token and caches them per path', async () => {
    globalThis.URL.createObjectURL ??= () => 'blob:fake';
    const img = new Blob(['png'], { type: 'image/png' });
    const { api, sent } = setup([{ status: 200, body: '', blob: img }]);
    const a = await api.image('/upload/avatar/1.png');
    const b = await api.image('/upload/avatar/1.png');
    expect(a).toBeTruthy();
    expect(b).toBe(a);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.Authorization).toBe('Bearer TOKEN');
  });

  it('does not cache a failed image fetch', async () => {
    const { api, sent } = setup([
      { status: 404, body: '' },
      { status: 404, body: '' },
    ]);
    expect(await api.image('/x.png')).toBeUndefined();
    await new Promise((r) => setTimeout(r, 0));
    await api.image('/x.png');
    expect(sent).toHaveLength(2);
  });
});
