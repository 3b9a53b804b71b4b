/** Number formatting for prices and percentages. */

const seen = new Map<string, number>();

/** Decimals to show for a symbol: the most seen so far in its prices (server-rounded). */
export function decimalsOf(symbol: string, ...values: number[]): number {
  let d = seen.get(symbol) ?? 0;
  for (const v of values) {
    const s = String(v);
    const i = s.indexOf('.');
    if (i >= 0 && !s.includes('e')) d = Math.max(d, s.length - i - 1);
  }
  seen.set(symbol, d);
  return d;
}

export const formatPrice = (v: number, decimals: number): string => v.toFixed(decimals);

export const formatPercent = (v: number): string => `${v > 0 ? '+' : ''}${v.toFixed(2)}%`;

export const trendClass = (changePercent: number): string => (changePercent >= 0 ? 'up' : 'down');
