/** Payload schemas of the trading calls: lists, market data and the exchange root (trading.md §7). */
import * as v from 'valibot';
import type { CallName } from '../../api/contract.ts';
import { ident, none, numeric, payload, period, text, token } from './fields.ts';
import type { CallSchema } from './schema.ts';

const page = { page: numeric, limit: numeric };
const kline = payload({ symbol: ident, period, limit: numeric, from: numeric, to: numeric });
const order = payload({
  tradePair: ident,
  price: numeric,
  stopPrice: numeric,
  takeProfitPprice: numeric,
  // Machines and older clients spell it right; the handler reads both.
  takeProfitPrice: numeric,
  orderQuantity: numeric,
  multiple: numeric,
  orderType: numeric,
  buyPoint: numeric,
  token,
});
const option = payload({
  tradePair: ident,
  optionsProductId: ident,
  price: numeric,
  timeLong: numeric,
  btime: numeric,
  rate: numeric,
  amount: numeric,
  orderType: numeric,
  token,
});
const orderId = payload({ orderId: ident, token });
const orders = payload({
  ...page,
  positionStatus: numeric,
  columns: v.pipe(v.array(ident), v.maxLength(10)),
});

export const tradingSchemas = {
  findOptionsProduct: payload({ ...page, productCode: ident }),
  productSearch: payload({ search: text }),
  productOrderInfo: payload({ productCode: ident }),
  userBalance: none,
  switchUser: none,
  resetUser: none,
  unreadCount: none,
  userOrder: orders,
  userOrderMock: orders,
  userOptionHistory: payload({ ...page, positionStatus: numeric }),
  userOptionDetail: payload({ uid: ident }),
  checkOptionCompletion: payload({ uid: ident }),
  klineHistory: kline,
  klineHistoryLimit: kline,
  thumb: payload({ symbol: ident }),
  marketStatus: payload({ symbol: ident }),
  addOrder: order,
  addOrderMock: order,
  closeOrder: orderId,
  closeOrderMock: orderId,
  cancelOrder: orderId,
  cancelOrderMock: orderId,
  addOrderOption: option,
  addOrderOptionMock: option,
} satisfies Partial<Record<CallName, CallSchema>>;
