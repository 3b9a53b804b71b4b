/** Payload schemas of the trading calls: lists and the exchange root (trading.md §7); market data's are in market.ts. */
import * as v from 'valibot';
import type { CallName } from '../../api/contract.ts';
import { ident, none, numeric, payload, token } from './fields.ts';
import type { CallSchema } from './schema.ts';

const page = { page: numeric, limit: numeric };
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
  userBalance: none,
  switchUser: none,
  resetUser: none,
  unreadCount: none,
  userOrder: orders,
  userOrderMock: orders,
  userOptionHistory: payload({ ...page, positionStatus: numeric }),
  userOptionDetail: payload({ uid: ident }),
  checkOptionCompletion: payload({ uid: ident }),
  addOrder: order,
  addOrderMock: order,
  closeOrder: orderId,
  closeOrderMock: orderId,
  cancelOrder: orderId,
  cancelOrderMock: orderId,
  addOrderOption: option,
  addOrderOptionMock: option,
} satisfies Partial<Record<CallName, CallSchema>>;
