/**
 * WCAG contrast for the theme's up/down colours. The white-label config picks
 * any pair of colours; text in them must still reach 4.5:1 on the page (WCAG AA)
 * and white text must reach 4.5:1 on them when they fill a button or pill, so
 * each colour is mixed towards black or white just far enough.
 */

type Rgb = [number, number, number];

function parse(colour: string): Rgb | undefined {
  const c = colour.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(c);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : undefined;
}

const hexOf = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG 2 contrast ratio of two colours (1 to 21); 1 when one cannot be read. */
export function contrastRatio(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) return 1;
  const [hi, lo] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * `colour`, or the nearest mix of it with black (on a light background) or white
 * (on a dark one) that reaches `min` contrast against `background`, as #rrggbb.
 * A colour that already reaches it, or cannot be parsed, is returned unchanged.
 */
export function readableOn(colour: string, background: string, min = 4.5): string {
  const c = parse(colour);
  const bg = parse(background);
  if (!c || !bg || contrastRatio(colour, background) >= min) return colour;
  const target: Rgb = luminance(bg) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  for (let step = 1; step <= 50; step++) {
    const t = step / 50;
    const mixed = hexOf(c.map((v, i) => v + (target[i]! - v) * t) as Rgb);
    if (contrastRatio(mixed, background) >= min) return mixed;
  }
  return hexOf(target);
}
