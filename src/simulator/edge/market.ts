/**
 * Payload schemas of the calls the early modules answer (market data, site
 * config). The payload-less ones are checked in the worker's first chunk
 * without them (refusal.ts); these load with the other calls' schemas.
 */
import type { CallName } from '../../api/contract.ts';
import { ident, none, numeric, payload, period, text } from './fields.ts';
import type { CallSchema } from './schema.ts';

const kline = payload({ symbol: ident, period, limit: numeric, from: numeric, to: numeric });

export const marketSchemas = {
  bannerList: none,
  productList: none,
  systemConfig: none,
  customerLink: none,
  productSearch: payload({ search: text }),
  productOrderInfo: payload({ productCode: ident }),
  klineHistory: kline,
  klineHistoryLimit: kline,
  thumb: payload({ symbol: ident }),
  marketStatus: payload({ symbol: ident }),
} satisfies Partial<Record<CallName, CallSchema>>;
