/**
 * Image captchas for phone registration without SMS: four glyphs drawn as
 * strokes (captcha-font.ts), each scaled, rotated, skewed and shifted at
 * random with every point jittered, over noise curves, stray strokes and
 * dots, as an SVG data URL with no text in it. Text, uuid and drawing all
 * come from the CSPRNG, never the seed. Registration sends the uuid and the
 * typed text (case-insensitive).
 */
import type { SimContext } from '../../module.ts';
import { secureBetween as r, securePick, secureUuid } from '../../secure-random.ts';
import { ALPHABET, GLYPH_H, GLYPH_W, strokesOf } from './captcha-font.ts';
import { CAPTCHA_TTL_MS } from './state.ts';

export const CAPTCHA_LENGTH = 4;
/** Captchas alive at once, all visitors together; beyond it the oldest is dropped. */
export const MAX_LIVE_CAPTCHAS = 10_000;
const W = 120;
const H = 40;

const colour = () => `hsl(${r(0, 359)},${r(45, 75)}%,${r(25, 45)}%)`;
const n = (v: number) => v.toFixed(1);
/** A random offset in ±`max`, in tenths. */
const jitter = (max: number) => r(-max * 10, max * 10) / 10;

/** One glyph as a path: its strokes through a random affine map, every point jittered. */
function glyph(ch: string, i: number): string {
  const scale = r(19, 24) / 10;
  const angle = (r(-25, 25) * Math.PI) / 180;
  const skew = r(-20, 20) / 100;
  const cx = 17 + i * 28 + r(-3, 3);
  const cy = H / 2 + r(-3, 3);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const d = strokesOf(ch)
    .map((stroke) =>
      stroke
        .map(([gx, gy], k) => {
          const x = (gx - GLYPH_W / 2 + jitter(0.4)) * scale;
          const y = (gy - GLYPH_H / 2 + jitter(0.4)) * scale;
          const sx = x + skew * y;
          return `${k === 0 ? 'M' : 'L'}${n(cx + sx * cos - y * sin)} ${n(cy + sx * sin + y * cos)}`;
        })
        .join(''),
    )
    .join('');
  return (
    `<path d="${d}" stroke="${colour()}" stroke-width="${r(20, 28) / 10}" fill="none" ` +
    `stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function svg(text: string): string {
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="hsl(${r(0, 359)},40%,94%)"/>`];
  const noise: string[] = [];
  for (let i = 0; i < 4; i++) {
    noise.push(
      `<path d="M${r(0, 20)} ${r(5, 35)} C${r(20, 50)} ${r(0, 40)},${r(60, 90)} ${r(0, 40)},${r(100, 120)} ${r(5, 35)}" ` +
        `stroke="${colour()}" stroke-width="${r(1, 2)}" fill="none" opacity=".7"/>`,
    );
  }
  // Stray strokes as thick as the glyphs', so counting strokes does not find the letters.
  for (let i = 0; i < 3; i++) {
    const x = r(0, W - 10);
    const y = r(4, H - 4);
    noise.push(
      `<path d="M${x} ${y}L${x + r(4, 12)} ${y + r(-8, 8)}" stroke="${colour()}" ` +
        `stroke-width="${r(15, 25) / 10}" stroke-linecap="round" fill="none"/>`,
    );
  }
  const glyphs = [...text].map((ch, i) => glyph(ch, i));
  // Markup order says nothing about reading order: glyphs and strays are shuffled together.
  const shuffled = [...glyphs, ...noise.slice(4)];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = r(0, i);
    [shuffled[i], shuffled[j]] = [shuffled[j] as string, shuffled[i] as string];
  }
  parts.push(...noise.slice(0, 4), ...shuffled);
  for (let i = 0; i < 30; i++)
    parts.push(`<circle cx="${r(0, W)}" cy="${r(0, H)}" r="1" fill="${colour()}"/>`);
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

/** Make a captcha; returns the image (data URL) and its uuid. */
export function newCaptcha(ctx: SimContext): { image: string; uuid: string } {
  const text = Array.from({ length: CAPTCHA_LENGTH }, () => securePick([...ALPHABET])).join('');
  const id = secureUuid();
  const now = ctx.clock.now();
  const all = ctx.state.identity.captchas;
  // Forget expired captchas so the state does not grow with every refresh.
  for (const [k, c] of Object.entries(all)) if (c.expiresAt <= now) delete all[k];
  // A flood of refreshes inside the TTL must not grow the state without bound:
  // the oldest live captchas (insertion order) give way first.
  const ids = Object.keys(all);
  for (let i = 0; i <= ids.length - MAX_LIVE_CAPTCHAS; i++) delete all[ids[i] as string];
  all[id] = { text, expiresAt: now + CAPTCHA_TTL_MS, attempts: 0 };
  return { image: svg(text), uuid: id };
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
