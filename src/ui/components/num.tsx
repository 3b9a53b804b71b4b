/**
 * A number a user reads, in the page: its text from src/ui/format.ts by what
 * it belongs to (a product's symbol or a currency), and the marks a test or
 * the walker reads (README "Numbers on screen"):
 * - `data-num`: price | amount | volume | percent | rate | pnl | fee | margin | other;
 * - `data-unit`: the product's symbol (price, volume) or the currency (amount,
 *   pnl, fee, margin); none for percent and rate;
 * - `data-figure`: a stable key, the same wherever the same figure shows.
 * The element holds the sign and the number only (isolated left to right, for
 * right-to-left pages); units and labels are its siblings. A figure not known yet shows "—" without the marks.
 *
 * A price or volume re-renders when its product's digits become known
 * (state/products.ts): it reads only its own symbol's entry.
 */
import { useSyncExternalStore, type HTMLAttributes } from 'react';
import { subscribe } from 'valtio/vanilla';
import { productDigits } from '../../state/products.ts';
import { numText, type NumKind } from '../format.ts';

type Value = number | string | null | undefined;

export interface NumProps extends Omit<HTMLAttributes<HTMLElement>, 'children'> {
  kind: NumKind;
  /** The product's symbol (price, volume) or the currency (amount, pnl, fee, margin). */
  unit?: string | undefined;
  value: Value;
  /** A stable key for a figure shown in more than one place. */
  figure?: string | undefined;
  /** The element: a span unless a table cell or a list value must carry the marks itself. */
  as?: 'span' | 'b' | 'td' | 'dd' | 'div' | 'strong';
}

const MISSING = '—';

const onDigits = (fn: () => void) => subscribe(productDigits, fn);

/** One product's price or volume digits, followed: the text re-renders when they change. */
export function useDigits(kind: NumKind, unit: string | undefined): number | undefined {
  const read = () =>
    (kind === 'price' || kind === 'volume') && unit
      ? productDigits.bySymbol[unit]?.[kind]
      : undefined;
  return useSyncExternalStore(onDigits, read, read);
}

export function Num({ kind, unit, value, figure, as: Tag = 'span', ...rest }: NumProps) {
  useDigits(kind, unit);
  const text = numText(kind, unit, value);
  if (text === MISSING) return <Tag {...rest}>{MISSING}</Tag>;
  const withUnit = kind !== 'percent' && kind !== 'rate' && kind !== 'other';
  return (
    <Tag
      {...rest}
      data-num={kind}
      {...(withUnit && unit ? { 'data-unit': unit } : {})}
      {...(figure ? { 'data-figure': figure } : {})}
    >
      {/* Left to right in every language: a sign and its digits keep their order on a
          right-to-left page, where the element itself still aligns as its line does. */}
      <bdi dir="ltr">{text}</bdi>
    </Tag>
  );
}

/** A P&L in USD, coloured by its sign (`up` at zero and above, else `down`). */
export function Pnl({ className, value, ...rest }: Omit<NumProps, 'kind' | 'unit'>) {
  const trend = Number(value ?? 0) >= 0 ? 'up' : 'down';
  return (
    <Num
      {...rest}
      kind="pnl"
      unit="USD"
      value={value}
      className={className ? `${className} ${trend}` : trend}
    />
  );
}

/** A number followed by its unit ("25 USDT"), or "—" when there is none yet. */
export function NumUnit(props: NumProps & { unit: string }) {
  if (props.value === undefined || props.value === null || props.value === '') return MISSING;
  return (
    <>
      <Num {...props} /> {props.unit}
    </>
  );
}
