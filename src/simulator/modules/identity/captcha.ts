/**
 * Image captchas for phone registration without SMS: four glyphs, each
 * rotated, shifted, sized and coloured at random, over noise curves and dots,
 * as an SVG data URL. Drawn from the seeded generator, so a seed reproduces
 * them. Registration sends the uuid and the typed text (case-insensitive).
 */
import type { SimContext } from '../../module.ts';
import { CAPTCHA_TTL_MS, uuid } from './state.ts';

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/l). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CAPTCHA_LENGTH = 4;
const W = 120;
const H = 40;

function svg(ctx: SimContext, text: string): string {
  const r = (a: number, b: number) => ctx.rng.int(a, b);
  const colour = () => `hsl(${r(0, 359)},${r(45, 75)}%,${r(25, 45)}%)`;
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="hsl(${r(0, 359)},40%,94%)"/>`];
  for (let i = 0; i < 4; i++) {
    parts.push(
      `<path d="M${r(0, 20)} ${r(5, 35)} C${r(20, 50)} ${r(0, 40)},${r(60, 90)} ${r(0, 40)},${r(100, 120)} ${r(5, 35)}" ` +
        `stroke="${colour()}" stroke-width="${r(1, 2)}" fill="none" opacity=".7"/>`,
    );
  }
  [...text].forEach((ch, i) => {
    const x = 12 + i * 26 + r(-3, 3);
    const y = 28 + r(-4, 4);
    parts.push(
      `<text x="${x}" y="${y}" font-family="monospace" font-weight="700" font-size="${r(22, 28)}" ` +
        `fill="${colour()}" transform="rotate(${r(-25, 25)} ${x + 7} ${y - 8}) skewX(${r(-12, 12)})">${ch}</text>`,
    );
  });
  for (let i = 0; i < 30; i++)
    parts.push(`<circle cx="${r(0, W)}" cy="${r(0, H)}" r="1" fill="${colour()}"/>`);
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

/** Make a captcha; returns the image (data URL) and its uuid. */
export function newCaptcha(ctx: SimContext): { image: string; uuid: string } {
  const text = Array.from({ length: CAPTCHA_LENGTH }, () => ctx.rng.pick([...ALPHABET])).join('');
  const id = uuid(ctx);
  const now = ctx.clock.now();
  const all = ctx.state.identity.captchas;
  // Forget expired captchas so the state does not grow with every refresh.
  for (const [k, c] of Object.entries(all)) if (c.expiresAt <= now) delete all[k];
  all[id] = { text, expiresAt: now + CAPTCHA_TTL_MS, attempts: 0 };
  return { image: svg(ctx, text), uuid: id };
}

/**
 * Check a typed captcha: 23554 unknown (never issued, used, or burnt after
 * five wrong tries), 23555 expired, 23556 wrong; 0 when right (it is used up).
 */
export function checkCaptcha(ctx: SimContext, id: string, typed: string): number {
  const all = ctx.state.identity.captchas;
  const c = all[id];
  if (!c) return 23554;
  if (c.expiresAt <= ctx.clock.now()) {
    delete all[id];
    return 23555;
  }
  if (c.text !== typed.trim().toUpperCase()) {
    c.attempts += 1;
    if (c.attempts >= 5) delete all[id];
    return 23556;
  }
  delete all[id];
  return 0;
}
