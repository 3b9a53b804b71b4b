/**
 * The digits-level core of src/ui/format.ts, free of any store, so the boot
 * shell's painter (boot/shell-paint.ts, inlined in index.html before any
 * module runs) writes a number exactly as the app will.
 */

/** Fixed decimals, and never "-0.00". */
export function fixed(n: number, decimals: number): string {
  const s = n.toFixed(decimals);
  return /^-0(\.0+)?$/.test(s) ? s.slice(1) : s;
}

/** A change in percent: 2 decimals and a sign ("+1.25", "-0.40"). */
export function signedPercent(n: number): string {
  const s = fixed(n, 2);
  return n > 0 && s !== '0.00' ? `+${s}` : s;
}
