/**
 * What several checks need to know about the server's products, read once per
 * run without their schemas (a check's set-up, not its subject): the order
 * info, the quotes, an open product and a closed one.
 */
import { marketStatusAt } from '../../api/hours.ts';
import type { AddOrderPayload, PriceEntry, ProductOrderInfo } from '../../api/types/trading.ts';
import { CheckFailure, Skip, type Kit } from '../kit.ts';

export async function orderInfo(kit: Kit): Promise<Record<string, ProductOrderInfo>> {
  return kit.once('orderInfo', async () => {
    const s = await kit.session(kit.anyAccount);
    return (await kit.loose('productOrderInfo', {}, s.token)) as Record<string, ProductOrderInfo>;
  });
}

export async function quotes(kit: Kit): Promise<Record<string, PriceEntry>> {
  return kit.once(
    'quotes',
    async () => (await kit.loose('productList')) as Record<string, PriceEntry>,
  );
}

const statusNow = (p: ProductOrderInfo) =>
  marketStatusAt({ start: p.marketStartTime, close: p.marketCloseTime }, Date.now());

/** A tradable product whose market is open now (by its hours), with its current quote. */
export async function openProduct(
  kit: Kit,
): Promise<{ info: ProductOrderInfo; quote: PriceEntry }> {
  return kit.once('openProduct', async () => {
    const infos = await orderInfo(kit);
    const q = await quotes(kit);
    const open = Object.values(infos).filter(
      (p) => p.tradeStatus === 1 && q[p.productCode]?.tradeStatus === 1 && statusNow(p) === 'open',
    );
    // Crypto first: open every day, no forex permission (320) on most servers.
    const pick = open.find((p) => p.type === '1') ?? open[0];
    if (!pick) throw new Skip('no product is open for trading now');
    return { info: pick, quote: q[pick.productCode] as PriceEntry };
  });
}

/** A tradable product whose market is closed now (its hours), or a skip. */
export async function closedProduct(kit: Kit): Promise<ProductOrderInfo> {
  const infos = await orderInfo(kit);
  const pick = Object.values(infos).find((p) => p.tradeStatus === 1 && statusNow(p) === 'closed');
  if (!pick) throw new Skip('no product has its market closed now (by its hours)');
  return pick;
}

/** Round to a product's price decimals. */
export const atPrecision = (x: number, dp: number) =>
  Number(x.toFixed(Math.max(0, Math.min(10, dp))));

/** The demo and real orders the kit places: a pending buy far below the market, never filled. */
export async function pendingPayload(kit: Kit, token: string): Promise<AddOrderPayload> {
  const { info, quote } = await openProduct(kit);
  return {
    tradePair: info.productCode,
    price: atPrecision(quote.bidPrice * 0.5, info.pricePrecision),
    stopPrice: null,
    takeProfitPprice: null,
    orderQuantity: info.minCount,
    multiple: info.multiple,
    orderType: 0 as const,
    buyPoint: 1 as const,
    token,
  };
}

/** Place {@link pendingPayload}'s order as a check's set-up; its id. */
export async function pendingBuy(kit: Kit, token: string, mock: boolean): Promise<string> {
  const payload = await pendingPayload(kit, token);
  const name = mock ? 'addOrderMock' : 'addOrder';
  const r = await kit.call(name, payload, token);
  if (r.ex.status !== 200 || r.code !== 0 || typeof r.data !== 'string')
    throw new CheckFailure(
      `${name} of the smallest lot, a pending buy at half the bid, to be placed (set-up)`,
      r.ex,
    );
  return r.data;
}
