/**
 * Order-form rules of trading.md §5 "Market order" and "Option order", and the
 * option product encoding of §3. Checks return the spec's message key, or
 * undefined when the value is fine; the volume's clamps return the value to keep.
 * Money goes through big.js (no float arithmetic on amounts).
 *
 * The rules live in the sibling files by topic; this module re-exports them
 * so importers keep one entry point.
 */
export {
  applyProduct,
  closedOf,
  loadFailure,
  quoteOf,
  type ProductLoad,
  type ProductState,
  type Quote,
} from './product-load.ts';
export { contractSizeOf, leverageOf, pipOf, precisionOf } from './product-info.ts';
export {
  settleVolume,
  typeVolume,
  volumePrecision,
  type Checked,
  type VolumeKey,
} from './volume.ts';
export { checkPendingPrice, entryPrice, pendingRange, type PriceRange } from './order-price.ts';
export {
  checkStopLoss,
  checkStopSide,
  checkTakeProfit,
  stopPreview,
  stopReference,
  type StopPreview,
} from './stops.ts';
export { checkBalance, costOf, feeOf, marginOf, pnlAt, usdRateOf } from './margin.ts';
export {
  checkAmount,
  checkDelivery,
  optionLoadFailure,
  optionProductOf,
  optionTradable,
  parseDeliveryTime,
  parseDeliveryTimes,
  payoutRate,
  type DeliveryTime,
  type OptionLoad,
} from './options.ts';
