/** Product-info numbers an order form reads, with the spec's defaults (trading.md §9). */
import type { ProductOrderInfo } from '../../api/types/trading.ts';
import { DEFAULT_LEVERAGE, DEFAULT_PIP, DEFAULT_PRECISION } from '../../config/constants.ts';

/** Product-info numbers with the spec's defaults (§9: leverage 100, pip 0.01, precision 2). */
export const leverageOf = (info: ProductOrderInfo | null): number =>
  info?.multiple || DEFAULT_LEVERAGE;
export const pipOf = (info: ProductOrderInfo | null): number => info?.pip || DEFAULT_PIP;
export const precisionOf = (info: ProductOrderInfo | null): number =>
  info?.pricePrecision ?? DEFAULT_PRECISION;

/** Units per lot, as the server sends it; one unit when it does not. */
export const contractSizeOf = (info: ProductOrderInfo | null): number => info?.contractSize || 1;
