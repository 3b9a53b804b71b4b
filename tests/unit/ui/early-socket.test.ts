import { describe, expect, it } from 'vitest';
import { createChannel, type Connector } from '../../../src/api/realtime/channel.ts';
import { openEarlyMarket, PRICES_SUB, withEarlySocket } from '../../../src/ui/boot/early-socket.ts';
import { chartSymbolOf, earlySub, handshakeUrl } from '../../../src/ui/boot/market-head.ts';
import { findRoute } from '../../../src/machines/routes.ts';

const URL_ = 'ws://127.0.0.1:1/ws/market';
const live = { backend: 'live', live: { ws: { market: URL_ } } };

/** A WebSocket stand-in: the test opens it and pushes frames. */
class FakeWs {
  static made: FakeWs[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: ((e: Event) => void) | null = null;
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  readonly OPEN = 1;
  constructor(readonly url: string) {
    FakeWs.made.push(this);
  }
  send(s: string) {
    this.sent.push(s);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  frame(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}
const Ws = FakeWs as unknown as typeof WebSocket;
const tick = (seq: number) => ({ topic: 'prices', seq, data: {} });

function fallback(): { connector: Connector; calls: number } {
  const f = {
    calls: 0,
    connector: (() => {
      f.calls++;
      return { send() {}, close() {} };
    }) as Connector,
  };
  return f;
}

describe('the early market socket', () => {
  it('is the socket the app’s market channel uses, with what it received, subscribed once', async () => {
    FakeWs.made = [];
    openEarlyMarket(live, { Ws });
    expect(FakeWs.made).toHaveLength(1);
    const ws = FakeWs.made[0] as FakeWs;
    ws.open();
    expect(ws.sent).toEqual([JSON.stringify(PRICES_SUB)]);
    ws.frame(tick(1));
    ws.frame(tick(2));

    const f = fallback();
    const channel = createChannel('market', withEarlySocket(URL_, f.connector));
    const got: number[] = [];
    channel.subscribe(PRICES_SUB, (m) => got.push((m as { seq: number }).seq));
    let opened = 0;
    channel.connect({ open: () => opened++, message() {}, closed() {} });
    await Promise.resolve();
    expect(f.calls).toBe(0);
    expect(opened).toBe(1);
    expect(got).toEqual([1, 2]);
    // The channel's replay of its subscription on open was not sent twice.
    expect(ws.sent).toEqual([JSON.stringify(PRICES_SUB)]);
    ws.frame(tick(3));
    expect(got).toEqual([1, 2, 3]);
    // A resubscription (a gap in the deltas) is sent.
    channel.resubscribe(PRICES_SUB);
    expect(ws.sent).toHaveLength(2);
    // A reconnect opens a socket of its own.
    channel.connect({ open() {}, message() {}, closed() {} });
    expect(f.calls).toBe(1);
  });

  it('still opening when taken: the channel subscribes itself on open', () => {
    FakeWs.made = [];
    openEarlyMarket(live, { Ws });
    const ws = FakeWs.made[0] as FakeWs;
    const f = fallback();
    const channel = createChannel('market', withEarlySocket(URL_, f.connector));
    channel.subscribe(PRICES_SUB, () => {});
    channel.connect({ open() {}, message() {}, closed() {} });
    ws.open();
    expect(f.calls).toBe(0);
    expect(ws.sent).toEqual([JSON.stringify(PRICES_SUB)]);
  });

  it('on a chart, brings that product’s quote alone, and ends that once the channel subscribes to every price', async () => {
    FakeWs.made = [];
    openEarlyMarket(live, { symbol: 'BTCUSDT', Ws });
    const ws = FakeWs.made[0] as FakeWs;
    ws.open();
    const priceSub = { op: 'sub', topic: 'price', symbol: 'BTCUSDT' };
    expect(ws.sent).toEqual([JSON.stringify(priceSub)]);
    const quote = { topic: 'price', symbol: 'BTCUSDT', data: { name: 'BTCUSDT', bidPrice: 1 } };
    ws.frame(quote);

    const channel = createChannel('market', withEarlySocket(URL_, fallback().connector));
    const prices: unknown[] = [];
    const all: unknown[] = [];
    channel.subscribe(PRICES_SUB, (m) => prices.push(m));
    channel.onMessage((m) => all.push(m));
    channel.connect({ open() {}, message() {}, closed() {} });
    await Promise.resolve();
    // The quote reaches the app; every price is asked for now; the chart's alone is ended.
    expect(all).toEqual([quote]);
    expect(prices).toEqual([]);
    expect(ws.sent.slice(1).map((c) => JSON.parse(c) as unknown)).toEqual([
      PRICES_SUB,
      { ...priceSub, op: 'unsub' },
    ]);
    ws.frame(tick(0));
    expect(prices).toEqual([tick(0)]);
  });

  it('takes the socket index.html opened for the same URL, with its frames; closes one for another', async () => {
    FakeWs.made = [];
    const head = new FakeWs(URL_);
    head.open();
    const sub = JSON.stringify(PRICES_SUB);
    head.sent.push(sub);
    const frames = [JSON.stringify({ ...tick(0), data: { AUDUSD: { name: 'AUDUSD' } } })];
    const h = (ws: FakeWs) => ({
      url: ws.url,
      ws: ws as unknown as WebSocket,
      frames: [...frames],
      sent: [sub],
      paint: () => {},
      timer: setTimeout(() => {}, 0),
    });
    openEarlyMarket(live, { Ws, head: h(head) });
    expect(FakeWs.made).toHaveLength(1);
    head.frame(tick(1));
    const channel = createChannel('market', withEarlySocket(URL_, fallback().connector));
    const got: number[] = [];
    channel.subscribe(PRICES_SUB, (m) => got.push((m as { seq: number }).seq));
    channel.connect({ open() {}, message() {}, closed() {} });
    await Promise.resolve();
    expect(got).toEqual([0, 1]);
    expect(head.sent).toEqual([sub]);

    const other = new FakeWs('ws://elsewhere/ws/market');
    openEarlyMarket(live, { Ws, head: h(other) });
    expect(other.readyState).toBe(3);
    // Its own socket subscribes in the handshake (a server that knows `?sub=` streams at once).
    expect(FakeWs.made.at(-1)?.url).toBe(`${URL_}?sub=${encodeURIComponent(sub)}`);
    expect(handshakeUrl(URL_, PRICES_SUB)).toBe(FakeWs.made.at(-1)?.url);
    expect(handshakeUrl(URL_, earlySub('BTCUSDT'))).toBe(URL_);
  });

  it('is not opened for a simulator site, nor used for another URL', () => {
    FakeWs.made = [];
    openEarlyMarket({ backend: 'simulator' }, { Ws });
    expect(FakeWs.made).toHaveLength(0);
    openEarlyMarket(live, { Ws });
    const f = fallback();
    createChannel('market', withEarlySocket('ws://elsewhere/ws/market', f.connector)).connect({
      open() {},
      message() {},
      closed() {},
    });
    expect(f.calls).toBe(1);
  });
});

describe("index.html's chart route", () => {
  it('names the symbol the router does', () => {
    for (const path of [
      '/chart/BTCUSDT',
      '/EURUSD/chart',
      '/',
      '/position',
      '/chart',
      '/a/b/chart',
    ])
      expect(chartSymbolOf(path), path).toBe(
        ['chart', 'chartAlt'].includes(findRoute(path)?.route.name ?? '')
          ? findRoute(path)?.params.symbol
          : undefined,
      );
  });
});
