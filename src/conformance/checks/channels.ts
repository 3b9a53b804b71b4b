/**
 * The real-time channels as the app uses them (src/api/realtime/, the
 * messages of src/api/types/realtime.ts): a numbered prices subscription
 * starts with every product, then deltas numbered one by one, stamped in
 * order; subscribing again (or reconnecting) starts over with every product;
 * the exchange channel answers `auth` with both order lists in full, then
 * patches, and keeps talking (the app drops a channel silent for 10 s).
 */
import { CHANNEL_SCHEMAS, channelKind, schemaIssues } from '../schemas.ts';
import { CheckFailure, type Check, type Kit, type Socket } from '../kit.ts';
import { SPEC } from './spec.ts';
import { openProduct, pendingBuy, quotes } from './market-data.ts';

const ch = (id: string, spec: string, title: string, run: (kit: Kit) => Promise<void>): Check => ({
  id: `channels.${id}`,
  area: 'channels',
  spec,
  title,
  run,
});

type Msg = Record<string, unknown>;
const prices = (s: Socket) => s.got.filter((g) => (g.msg as Msg | undefined)?.topic === 'prices');
const isFull = (m: unknown): boolean => typeof m === 'object' && m !== null && 'data' in m;
const show = (m: unknown) => {
  const s = JSON.stringify(m) ?? String(m);
  return s.length > 300 ? `${s.slice(0, 300)}…` : s;
};

/** A message against its schema; a failure names the field. */
function valid(m: unknown, what: string): void {
  const kind = channelKind(m);
  if (!kind) throw new CheckFailure(`${what}: a message of a known shape`, undefined, show(m));
  const issues = schemaIssues(CHANNEL_SCHEMAS[kind], m, 'message');
  if (issues)
    throw new CheckFailure(
      `${what} as types/realtime.ts types it`,
      undefined,
      `${issues.join('; ')} in ${show(m)}`,
    );
}

/** A market socket subscribed to numbered prices, with its first message in. */
async function subscribed(kit: Kit): Promise<Socket> {
  const s = await kit.open(kit.opts.wsMarket);
  s.send({ op: 'sub', topic: 'prices', delta: true });
  await s.until(() => prices(s).length > 0, 5_000, 'a prices message after subscribing');
  return s;
}

const WAIT = 5_000;

export const channelChecks: Check[] = [
  ch(
    'prices-snapshot',
    SPEC.topics,
    'subscribing to prices (numbered): the first message holds every product, with its number',
    async (kit) => {
      const s = await subscribed(kit);
      const first = prices(s)[0]?.msg as Msg;
      if (!isFull(first))
        throw new CheckFailure(
          'the first prices message with every product (data), not a delta',
          undefined,
          show(first),
        );
      valid(first, 'the first prices message');
      if (typeof first.seq !== 'number')
        throw new CheckFailure(
          'the first message numbered (seq) for a delta subscription',
          undefined,
          show(first),
        );
      const known = Object.keys(await quotes(kit));
      const data = first.data as Record<string, unknown>;
      const missing = known.filter((k) => !(k in data));
      if (missing.length)
        throw new CheckFailure(
          'every product of productList in the first message',
          undefined,
          `missing ${missing.slice(0, 5).join(', ')}`,
        );
      s.close();
    },
  ),
  ch(
    'prices-seq',
    SPEC.topics,
    'then deltas, each numbered one more than the message before',
    async (kit) => {
      const s = await subscribed(kit);
      await s.until(() => prices(s).length >= 6, WAIT, 'five prices messages after the first');
      const got = prices(s)
        .slice(0, 6)
        .map((g) => g.msg as Msg);
      for (const m of got.slice(1)) valid(m, 'a prices message');
      for (let i = 1; i < got.length; i++) {
        const a = got[i - 1]?.seq as number;
        const b = got[i]?.seq as number;
        if (b !== a + 1)
          throw new CheckFailure(
            'seq one more than the message before',
            undefined,
            `seq ${b} after seq ${a}`,
          );
      }
      s.close();
    },
  ),
  ch(
    'prices-order',
    SPEC.topics,
    "deltas stamped in the order they come (time never goes back), none before the first message's quotes",
    async (kit) => {
      const s = await subscribed(kit);
      await s.until(() => prices(s).length >= 6, WAIT, 'five prices messages after the first');
      const got = prices(s)
        .slice(0, 6)
        .map((g) => g.msg as Msg);
      const first = got[0] as Msg;
      let last = isFull(first)
        ? Math.max(
            ...Object.values(first.data as Record<string, { lastUpdate?: number }>).map(
              (e) => Number(e?.lastUpdate) || 0,
            ),
          )
        : 0;
      for (const m of got.slice(1)) {
        if (isFull(m)) continue;
        const t = Number(m.time);
        if (!(t >= last))
          throw new CheckFailure(
            "each delta's time at or after the message before",
            undefined,
            `seq ${String(m.seq)} time ${t} after ${last}`,
          );
        last = t;
      }
      s.close();
    },
  ),
  ch(
    'resubscribe',
    SPEC.realtime,
    'subscribing again, and on a new connection, starts over with every product',
    async (kit) => {
      const s = await subscribed(kit);
      await s.until(() => prices(s).length >= 2, WAIT, 'a second prices message');
      const before = prices(s).length;
      s.send({ op: 'sub', topic: 'prices', delta: true });
      await s.until(
        () =>
          prices(s)
            .slice(before)
            .some((g) => isFull(g.msg)),
        WAIT,
        'every product again after subscribing again',
      );
      s.close();
      const again = await subscribed(kit);
      const first = prices(again)[0]?.msg;
      if (!isFull(first))
        throw new CheckFailure(
          'the first prices message of a new connection with every product',
          undefined,
          show(first),
        );
      again.close();
    },
  ),
  ch(
    'price-topic',
    SPEC.topics,
    "a price subscription sends the symbol's price entries",
    async (kit) => {
      const { info } = await openProduct(kit);
      const s = await kit.open(kit.opts.wsMarket);
      s.send({ op: 'sub', topic: 'price', symbol: info.productCode });
      const mine = () => s.got.filter((g) => (g.msg as Msg | undefined)?.topic === 'price');
      await s.until(() => mine().length > 0, WAIT, `a price message for ${info.productCode}`);
      valid(mine()[0]?.msg, 'a price message');
      s.close();
    },
  ),
  ch('kline-topic', SPEC.topics, 'a kline subscription sends the current bar', async (kit) => {
    const { info } = await openProduct(kit);
    const s = await kit.open(kit.opts.wsMarket);
    s.send({ op: 'sub', topic: 'kline', symbol: info.productCode, period: '1min' });
    const mine = () => s.got.filter((g) => (g.msg as Msg | undefined)?.topic === 'kline');
    await s.until(() => mine().length > 0, WAIT, `a kline message for ${info.productCode}`);
    valid(mine()[0]?.msg, 'a kline message');
    s.close();
  }),
  ch(
    'exchange-snapshot',
    SPEC.topics,
    "auth on the exchange channel: both order lists in full (with the kit's pending demo order), then patches",
    async (kit) => {
      const token = (await kit.booksOf(kit.anyAccount)).demo;
      const orderId = await pendingBuy(kit, token, true);
      const s = await kit.open(kit.opts.wsExchange);
      try {
        s.send({ op: 'auth', token, delta: true });
        const lists = () => s.got.filter((g) => isFull(g.msg));
        await s.until(
          () => new Set(lists().map((g) => (g.msg as Msg).ordertype)).size === 2,
          WAIT,
          'the holding and pending lists in full after auth',
        );
        for (const type of ['holding', 'pending']) {
          const at = s.got.findIndex((g) => (g.msg as Msg | undefined)?.ordertype === type);
          const m = s.got[at]?.msg;
          if (!isFull(m))
            throw new CheckFailure(
              `the first ${type} message a full list (data), not a patch`,
              undefined,
              show(m),
            );
          valid(m, `the ${type} list`);
        }
        const pending = (lists().find((g) => (g.msg as Msg).ordertype === 'pending')?.msg as Msg)
          .data as Array<{ id: string }>;
        if (!pending.some((o) => o.id === orderId))
          throw new CheckFailure(
            `the pending list to hold the kit's order ${orderId}`,
            undefined,
            show(pending),
          );
        for (const g of s.got) valid(g.msg, 'an exchange message');
      } finally {
        s.close();
        await kit.call('cancelOrderMock', { orderId, token }, token);
      }
    },
  ),
  ch(
    'heartbeat',
    SPEC.realtime,
    'the exchange channel, signed in as the app is (the book the account is on), keeps talking after auth (a message at least every 5 s: the app reconnects after 10 s of silence), and answers a WebSocket ping',
    async (kit) => {
      const { token } = await kit.signIn(kit.anyAccount);
      const s = await kit.open(kit.opts.wsExchange);
      s.send({ op: 'auth', token, delta: true });
      await s.until(() => s.got.length > 0, WAIT, 'a first message after auth');
      const pong = new Promise<boolean>((resolve) => {
        s.ws.once('pong', () => resolve(true));
        setTimeout(() => resolve(false), 3_000 * kit.slack);
      });
      s.ws.ping();
      s.send({ op: 'ping' });
      if (!(await pong)) throw new CheckFailure('a pong to a WebSocket ping within 3 s');
      const start = Date.now();
      let lastAt = s.got[s.got.length - 1]?.at ?? start;
      while (Date.now() - start < 5_500 * kit.slack) {
        await new Promise((r) => setTimeout(r, 100));
        lastAt = s.got[s.got.length - 1]?.at ?? lastAt;
        if (Date.now() - lastAt > 5_000 * kit.slack)
          throw new CheckFailure(
            'a message at least every 5 s on the exchange channel',
            undefined,
            `${Date.now() - lastAt} ms of silence after ${s.got.length} message(s)`,
          );
      }
      s.close();
    },
  ),
];
