/**
 * Volume rules of trading.md §5 "Market order": decimals, and the clamps to
 * the product's minCount..maxCount while typing and on leaving the field.
 */
import { volumeDecimals } from '../../api/order-rules.ts';
import type { ProductOrderInfo } from '../../api/types/trading.ts';
import { DEFAULT_PRECISION } from '../../config/constants.ts';
import { numberOf } from './number-input.ts';

/** Volume decimals: the books' lot step (api/order-rules.ts); 2 until the product is known. */
export const volumePrecision = (info: ProductOrderInfo | null): number =>
  info ? volumeDecimals(info.minCount) : DEFAULT_PRECISION;

export type VolumeKey = 'volume_empty_rule' | 'volume_max_rule' | 'volume_min_rule';
export interface Checked<K> {
  value: string;
  error?: K;
}

/** While typing: a volume above maxCount is clamped to it at once ("Maximum is"). */
export function typeVolume(value: string, info: ProductOrderInfo | null): Checked<VolumeKey> {
  const n = numberOf(value);
  if (info && n !== undefined && n > info.maxCount)
    return { value: String(info.maxCount), error: 'volume_max_rule' };
  return { value };
}

/**
 * On leaving the field or submitting: empty is volume_empty_rule; below
 * minCount is clamped up ("Minimum is"), above maxCount down ("Maximum is").
 */
export function settleVolume(value: string, info: ProductOrderInfo | null): Checked<VolumeKey> {
  const n = numberOf(value);
  if (n === undefined) return { value: '', error: 'volume_empty_rule' };
  if (!info) return { value };
  if (n < info.minCount) return { value: String(info.minCount), error: 'volume_min_rule' };
  if (n > info.maxCount) return { value: String(info.maxCount), error: 'volume_max_rule' };
  // A dot left with nothing after it (whole lots: "1.") goes once the field is left.
  return { value: value.replace(/\.$/, '') };
}
