/**
 * A deliberately broken server for the conformance kit's own tests: the
 * simulator (the object handed to startSimServer) wrapped so that it
 * misbehaves in documented, switchable ways, on the wire only (replies
 * rewritten, some calls answered without the simulator, channel messages
 * dropped or renumbered). Each breakage names the kit check(s) it must trip,
 * and no two breakages trip the same check, so with all of them on at once
 * each is reported once, as its own failure.
 */
import { contract, isSessionPath, matchCall, type CallName } from '../../../src/api/contract.ts';
import type { ChannelSink } from '../../../src/api/realtime/connectors.ts';
import type { ProductOrderInfo } from '../../../src/api/types/trading.ts';
import type { WireRequest, WireResponse } from '../../../src/api/wire.ts';
import { marketStatusAt } from '../../../src/api/hours.ts';
import type { Simulator } from '../../../src/simulator/server.ts';
import { OPTION_MIN } from '../../../src/simulator/modules/trading/option-config.ts';
import { decodeSensitive } from '../../../src/api/aes-codec.ts';

export interface Breakage {
  id: string;
  /** What the server does wrong. */
  what: string;
  /** The kit checks it must make fail (and nothing else). */
  trips: string[];
}

export const BREAKAGES = [
  {
    id: 'renamed-field',
    what: 'userBalance sends balanceAmount as "balance"',
    trips: ['calls.userBalance'],
  },
  { id: 'number-as-string', what: 'thumb sends price as a string', trips: ['calls.thumb'] },
  {
    id: 'missing-code',
    what: 'a wrong password signs in: code 0 instead of 1108',
    trips: ['codes.wrong-password'],
  },
  {
    id: 'error-in-200',
    what: 'a /waa/ call without a token is answered HTTP 200 with code 401 in the body, not HTTP 401',
    trips: ['tokens.no-token'],
  },
  {
    id: 'seq-out-of-order',
    what: "every third price delta swaps its seq with the next one's",
    trips: ['channels.prices-seq'],
  },
  {
    id: 'no-snapshot',
    what: 'the exchange channel never sends the full order lists, only patches',
    trips: ['channels.exchange-snapshot'],
  },
  {
    id: 'refresh-reuse',
    what: 'a used refresh token is accepted again (the first reply replayed)',
    trips: ['tokens.refresh-reuse'],
  },
  {
    id: 'signout-keeps-token',
    what: 'a password change answers 0 but leaves the sessions alive',
    trips: ['tokens.signout'],
  },
  {
    id: 'no-heartbeat',
    what: 'the exchange channel sends nothing while nothing changes (no empty patches)',
    trips: ['channels.heartbeat'],
  },
  {
    id: 'wrong-code',
    what: 'too little balance is refused with 204 instead of 203',
    trips: ['codes.balance'],
  },
  {
    id: 'quote-far-from-clock',
    what: 'thumb stamps quotes (lastUpdate) ten minutes in the past',
    trips: ['time.quote-stamps'],
  },
  {
    id: 'list-missing-field',
    what: 'systemConfig\'s entries lack "enable"',
    trips: ['calls.systemConfig'],
  },
  {
    id: 'lot-below-min',
    what: "an order below the product's minCount is accepted",
    trips: ['codes.lot-below-min'],
  },
  {
    id: 'lot-above-max',
    what: "an order above the product's maxCount is accepted",
    trips: ['codes.lot-above-max'],
  },
  {
    id: 'forged-token',
    what: 'a token with a forged signature is accepted',
    trips: ['tokens.forged-token'],
  },
  {
    id: 'price-precision',
    what: "productList's bid prices carry more decimals than their pricePrecision",
    trips: ['calls.productList'],
  },
  {
    id: 'kline-order',
    what: 'klineHistory sends its bars newest first',
    trips: ['calls.klineHistory'],
  },
  {
    id: 'closed-market',
    what: 'an order on a product whose market is closed is accepted',
    trips: ['codes.closed-market'],
  },
  {
    id: 'time-backwards',
    what: 'every third price delta is stamped a second before the one before it',
    trips: ['channels.prices-order'],
  },
  {
    id: 'card-still-listed',
    what: 'deleteUserBankCard answers 0 but the card stays listed',
    trips: ['calls.deleteUserBankCard'],
  },
  {
    id: 'card-edit-ignored',
    what: 'editUserBankCard answers 0 but the card keeps its old fields',
    trips: ['calls.editUserBankCard'],
  },
  {
    id: 'option-below-min',
    what: "an option stake below the term's minimum is accepted",
    trips: ['codes.option-below-min'],
  },
  {
    id: 'deposit-approval-no-credit',
    what: "the operator's approval of a deposit answers 0 but moves no money",
    trips: ['calls.userDeposit'],
  },
  {
    id: 'wallet-address-plain',
    what: "userWallet sends the saved address in plain text, not encoded with the session's aesKey",
    trips: ['calls.addUserWallet'],
  },
] as const satisfies readonly Breakage[];

export type BreakageId = (typeof BREAKAGES)[number]['id'];

type Json = Record<string, unknown>;
const reply = (body: unknown, status = 200): WireResponse => ({
  status,
  body: JSON.stringify(body),
});
const ok = (data: unknown) => reply({ code: 0, msg: 'success', data });

const payloadOf = (token: string): Json | undefined => {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Json;
  } catch {
    return undefined;
  }
};

/** The simulator, broken in the ways switched on. */
export function breakSimulator(sim: Simulator, on: ReadonlySet<BreakageId>): Simulator {
  /** The last good token per user (from sign-in and refresh replies), for a forged one to pass as. */
  const tokenOf = new Map<string, string>();
  /** refresh replies by the refresh token they used. */
  const refreshed = new Map<string, WireResponse>();
  let fake = 900_000_000;

  const infos = async (auth: string): Promise<Record<string, ProductOrderInfo>> => {
    const r = await sim.handle({
      root: 'api',
      method: 'POST',
      path: contract.productOrderInfo.path,
      headers: { Authorization: auth },
      body: {},
    });
    return ((JSON.parse(r.body) as Json).data ?? {}) as Record<string, ProductOrderInfo>;
  };

  /** Answered here, without the simulator (the server skips a rule). */
  async function instead(
    name: CallName,
    req: WireRequest,
    body: Json,
  ): Promise<WireResponse | undefined> {
    const auth = req.headers.Authorization;
    if (on.has('error-in-200') && isSessionPath(contract[name]) && !auth)
      return reply({ code: 401, msg: 'Unauthorized', data: null });
    if (on.has('refresh-reuse') && name === 'refresh') {
      const hit = refreshed.get(String(body.refreshToken));
      if (hit) return hit;
    }
    if (
      on.has('signout-keeps-token') &&
      name === 'passwordSubmit' &&
      body.oldPassword === body.newPassword
    )
      return ok(null);
    if (on.has('card-still-listed') && name === 'deleteUserBankCard') return ok(null);
    if (on.has('card-edit-ignored') && name === 'editUserBankCard') return ok(null);
    if (
      on.has('option-below-min') &&
      (name === 'addOrderOption' || name === 'addOrderOptionMock') &&
      Number(body.amount) < OPTION_MIN
    )
      return ok({ uid: String(fake++), beginTime: Date.now() });
    if ((name === 'addOrder' || name === 'addOrderMock') && auth) {
      const p = (await infos(auth))[String(body.tradePair)];
      const qty = Number(body.orderQuantity);
      if (p) {
        const closed =
          marketStatusAt({ start: p.marketStartTime, close: p.marketCloseTime }, Date.now()) !==
          'open';
        if (
          (on.has('lot-below-min') && qty < p.minCount) ||
          (on.has('lot-above-max') && qty > p.maxCount) ||
          (on.has('closed-market') && closed)
        )
          return ok(String(fake++));
      }
    }
    return undefined;
  }

  /** The request as the simulator gets it (a forged token swapped for its user's real one). */
  async function request(req: WireRequest): Promise<WireRequest> {
    const auth = req.headers.Authorization;
    if (!on.has('forged-token') || !auth?.startsWith('Bearer ')) return req;
    const token = auth.slice(7);
    const claims = payloadOf(token);
    const live = typeof claims?.exp === 'number' && claims.exp * 1000 > Date.now();
    if (!live || (await sim.ctx.tokens.signedClaims(token, 0))) return req;
    const real = tokenOf.get(String(claims?.uid));
    return real ? { ...req, headers: { ...req.headers, Authorization: `Bearer ${real}` } } : req;
  }

  /** The simulator's reply, rewritten. */
  function rewrite(name: CallName, body: Json, res: WireResponse): WireResponse {
    let r: Json;
    try {
      r = JSON.parse(res.body) as Json;
    } catch {
      return res;
    }
    const data = r.data as Json | null;
    if (
      (name === 'login' || name === 'refresh') &&
      r.code === 0 &&
      typeof data?.token === 'string'
    ) {
      const uid = payloadOf(data.token)?.uid;
      if (uid !== undefined) tokenOf.set(String(uid), data.token);
      if (name === 'refresh') refreshed.set(String(body.refreshToken), res);
    }
    if (on.has('missing-code') && name === 'login' && r.code === 1108)
      r = { code: 0, msg: 'success', data: {} };
    if (on.has('wrong-code') && r.code === 203) r.code = 204;
    if (r.code === 0 && data) {
      if (on.has('renamed-field') && name === 'userBalance') {
        data.balance = data.balanceAmount;
        delete data.balanceAmount;
      }
      if (on.has('number-as-string') && name === 'thumb') data.price = String(data.price);
      if (on.has('quote-far-from-clock') && name === 'thumb')
        data.lastUpdate = Number(data.lastUpdate) - 600_000;
      if (on.has('list-missing-field') && name === 'systemConfig')
        for (const e of (data.systemConfigs ?? []) as Json[]) delete e.enable;
      if (on.has('price-precision') && name === 'productList')
        for (const e of Object.values(data) as Json[])
          e.bidPrice = Number((Number(e.bidPrice) + 1e-7).toFixed(9));
      if (on.has('kline-order') && name === 'klineHistory' && Array.isArray(data)) data.reverse();
    }
    return { ...res, body: JSON.stringify(r) };
  }

  /** A channel's messages, broken. */
  function sinkOf(sink: ChannelSink): ChannelSink {
    let deltas = 0;
    let held: Json | undefined;
    let lastTime = 0;
    return {
      closed: (reason, code) => sink.closed(reason, code),
      message(msg) {
        const m = msg as unknown as Json;
        if ('ordertype' in m) {
          if (on.has('no-snapshot') && 'data' in m) return;
          if (on.has('no-heartbeat') && Array.isArray(m.patch) && m.patch.length === 0) return;
          return sink.message(msg);
        }
        if (m.topic === 'prices' && 'patch' in m) {
          const out = { ...m };
          deltas++;
          if (on.has('time-backwards') && deltas % 3 === 0) out.time = lastTime - 1_000;
          lastTime = Number(m.time);
          if (on.has('seq-out-of-order')) {
            if (deltas % 3 === 1 && !held) {
              held = out;
              return;
            }
            if (held) {
              // Both go out in their order, each with the other's number.
              const first = held;
              held = undefined;
              sink.message({ ...first, seq: out.seq } as never);
              return sink.message({ ...out, seq: first.seq } as never);
            }
          }
          return sink.message(out as never);
        }
        sink.message(msg);
      },
    };
  }

  /** userWallet's addresses decoded (sent in plain text). */
  async function plainAddresses(req: WireRequest, res: WireResponse): Promise<WireResponse> {
    const key = payloadOf(req.headers.Authorization?.slice(7) ?? '')?.aesKey;
    const r = JSON.parse(res.body) as { data?: { list?: Json[] } };
    for (const a of r.data?.list ?? [])
      a.cryptocurrencyAddress = await decodeSensitive(String(key), String(a.cryptocurrencyAddress));
    return { ...res, body: JSON.stringify(r) };
  }

  const broken: Simulator = Object.create(sim) as Simulator;
  broken.handle = async (req) => {
    const hit = matchCall(req.root, req.path);
    if (!hit) return sim.handle(req);
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Json;
    const early = await instead(hit.name, req, body);
    if (early) return early;
    const res = rewrite(hit.name, body, await sim.handle(await request(req)));
    return hit.name === 'userWallet' && on.has('wallet-address-plain')
      ? plainAddresses(req, res)
      : res;
  };
  broken.connect = (name, sink, opts) => sim.connect(name, sinkOf(sink), opts);
  broken.admit = (name) => sim.admit(name);
  return broken;
}

/** The simulator as its operator API sees it, its back office broken in the ways switched on. */
export function breakOperator(sim: Simulator, on: ReadonlySet<BreakageId>): Simulator {
  const backOffice = Object.create(sim.backOffice) as Simulator['backOffice'];
  if (on.has('deposit-approval-no-credit')) backOffice.approveDeposit = () => undefined;
  const broken = Object.create(sim) as Simulator;
  Object.defineProperty(broken, 'backOffice', { value: backOffice });
  return broken;
}
