/**
 * The trading calls of trading.md §7. The token decides the book: a real
 * token (virtualStatus '0') trades the real account, any other the demo one.
 * The Mock variants are the same handlers: a Mock call with a real token
 * works on the real book and a plain call with a demo token on the demo book,
 * as the token is what a server can trust, not the path the client chose.
 *
 * Exchange calls also carry the token in the payload; when it is there and is
 * not the bearer token's user (or not a valid token), the answer is 401
 * (User ID error).
 */
import type { TokenPayload } from '../../../api/types/trading.ts';
import { fail, ok, type CallInfo, type Handlers } from '../../module.ts';
import { familyOf, signedInAtOf, tokenFor } from '../../users.ts';
import { balanceOf, resetDemo, switchAccount } from './accounts.ts';
import { Refusal, refuse, userOf } from './guards.ts';
import { orderList, optionList } from './lists.ts';
import { cancelOrder, closeOrder } from './manage.ts';
import { optionProduct, optionProductId } from './option-config.ts';
import { placeOption, settleDue } from './options.ts';
import { placeOrder } from './orders.ts';
import { flush } from './publish.ts';
import { bookOf, runtime, type Book, type TradingContext } from './state.ts';
import { optionView } from './views.ts';

type Payload = Record<string, unknown>;
type Answer<D> = { code: number; msg?: string; data: D | null };
interface Caller {
  uid: string;
  book: Book;
  now: number;
}

/** The trading module's handlers, bound to one simulator's context. */
export function tradingHandlers(ctx: TradingContext): Handlers {
  const rt = runtime(ctx);

  /** Run a handler body: refusals become their codes; changes are published. */
  const run = <D>(info: CallInfo, body: (c: Caller) => D): Answer<D> => {
    const s = info.session as TokenPayload;
    const c = { uid: s.uid, book: bookOf(s.virtualStatus), now: info.now };
    try {
      settleDue(ctx, rt, c.now);
      return ok(body(c));
    } catch (e) {
      if (e instanceof Refusal)
        return e.data === undefined ? fail(e.code, e.detail) : { code: e.code, data: e.data as D };
      throw e;
    } finally {
      flush(ctx, rt, c.now);
    }
  };

  /** 401 when the payload's token is not the caller's. */
  const sameUser = async (p: Payload, info: CallInfo): Promise<boolean> => {
    const t = p.token;
    if (t === undefined || t === null || t === '' || t === info.token) return true;
    const other = typeof t === 'string' ? await ctx.tokens.verify(t) : undefined;
    return other?.uid === info.session?.uid;
  };
  /** An exchange call: check the payload token, then run. */
  const exchange =
    <D>(body: (p: Payload, c: Caller) => D) =>
    (payload: unknown, info: CallInfo): Answer<D> | Promise<Answer<D>> => {
      const p = (payload ?? {}) as Payload;
      const go = () => run(info, (c) => body(p, c));
      if (p.token === undefined || p.token === info.token) return go();
      return sameUser(p, info).then((same): Answer<D> => (same ? go() : fail(401)));
    };

  const addOrder = exchange((p, c) => placeOrder(ctx, rt, c.uid, c.book, p, c.now).id);
  const close = exchange((p, c): null => {
    closeOrder(ctx, rt, c.uid, c.book, p.orderId, c.now);
    return null;
  });
  const cancel = exchange((p, c): null => {
    cancelOrder(ctx, rt, c.uid, c.book, p.orderId, c.now);
    return null;
  });
  const addOption = exchange((p, c) => {
    const o = placeOption(ctx, rt, c.uid, c.book, p, c.now);
    return { uid: o.id, beginTime: o.beginTime };
  });
  const userOrder = (p: Payload, info: CallInfo) =>
    run(info, (c) => orderList(ctx, rt, c.uid, c.book, p, c.now));

  /** The caller's option by its key (the uid addOrderOption returned). */
  const option = (p: Payload, c: Caller) => {
    if (p.uid === undefined || p.uid === null || p.uid === '') refuse(501);
    const o = ctx.state.trading.options[String(p.uid)] ?? refuse(402);
    if (o.uid !== c.uid) refuse(403);
    if (o.book !== c.book) refuse(402);
    return o;
  };

  const handlers: Handlers = {
    userBalance: (_p, info) =>
      run(info, (c) => {
        userOf(ctx, c.uid);
        return balanceOf(ctx, c.uid, c.book);
      }),
    switchUser: async (_p, info) => {
      const r = run(info, (c) => switchAccount(ctx, c.uid, c.book));
      if (r.code !== 0 || !info.session) return fail(r.code, r.msg);
      // The new token stays in the session's family (a revoked family takes it along).
      const user = userOf(ctx, info.session.uid);
      return ok({
        token: await tokenFor(ctx, user, familyOf(info.token), signedInAtOf(info.token)),
      });
    },
    resetUser: (_p, info) =>
      run(info, (c): null => {
        resetDemo(ctx, rt, c.uid, c.book, c.now);
        return null;
      }),
    userOrder: (p, info) => userOrder(p as unknown as Payload, info),
    userOrderMock: (p, info) => userOrder(p as unknown as Payload, info),
    addOrder,
    addOrderMock: addOrder,
    closeOrder: close,
    closeOrderMock: close,
    cancelOrder: cancel,
    cancelOrderMock: cancel,
    addOrderOption: addOption,
    addOrderOptionMock: addOption,
    findOptionsProduct: (p) => {
      const page = Math.max(1, Number(p?.page) || 1);
      const limit = Math.max(1, Number(p?.limit) || 20);
      const defs = ctx.products.all().filter((d) => !p?.productCode || d.symbol === p.productCode);
      const slice = defs.slice((page - 1) * limit, page * limit);
      return ok({
        optionsProducts: slice.map((d) =>
          optionProduct(ctx, d, optionProductId(ctx, d.symbol) as string),
        ),
      });
    },
    userOptionHistory: (p, info) =>
      run(info, (c) => optionList(ctx, c.uid, c.book, p as unknown as Payload, c.now)),
    userOptionDetail: (p, info) =>
      run(info, (c) => optionView(ctx, option(p as unknown as Payload, c))),
    checkOptionCompletion: (p, info) =>
      run(info, (c) => ({ completed: option(p as unknown as Payload, c).positionStatus === 1 })),
  };
  return handlers;
}
