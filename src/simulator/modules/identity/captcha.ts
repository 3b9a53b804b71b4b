/**
 * Image captchas for phone registration without SMS: four glyphs of a
 * stroke font (captcha-font.ts) as an SVG data URL with no text in it. Text,
 * uuid and drawing all come from the CSPRNG, never the seed. Registration
 * sends the uuid and the typed text (case-insensitive).
 *
 * A script solved the earlier picture 40 times out of 40 from the paths'
 * geometry alone: each glyph was one path whose points were the font's
 * points through an affine map, so fitting each path to each glyph named it.
 * Now nothing in the markup follows a glyph: every stroke is bent by a
 * random smooth warp, cut into short pieces, each piece its own path with
 * its own colour, width and direction, and shuffled among decoy pieces of
 * other glyphs drawn the same way; the glyphs are close enough to touch.
 * To a person the pieces join into letters; to a script that reads the
 * markup they are a heap of short strokes to regroup first (the test's
 * solvers, which read the earlier picture, read none of these).
 *
 * A picture is never a strong proof (a model that reads pixels solves
 * either): what bounds sign-ups is the throttle behind it, where wrong
 * answers count against their source (lockout.ts), the 1042 burst limit, and
 * {@link MAX_LIVE_CAPTCHAS}.
 */
import { secureBetween as r, securePick, secureUuid } from '../../secure-random.ts';
import { ALPHABET, GLYPH_H, GLYPH_W, strokesOf } from './captcha-font.ts';
import { CAPTCHA_TTL_MS, type IdentityContext } from './state.ts';

export const CAPTCHA_LENGTH = 4;
/**
 * Captchas alive at once, all visitors together; beyond it the oldest are
 * dropped (at the next sweep: at most {@link SWEEP_EVERY} more live between two).
 */
export const MAX_LIVE_CAPTCHAS = 10_000;
/**
 * Expired and surplus captchas are swept once per this many new ones: a
 * sweep lists every live one, and at 10,000 live that cost 10 ms a picture.
 */
export const SWEEP_EVERY = 64;
/** New captchas until the next sweep, per captcha record (a reloaded state sweeps first). */
const untilSweep = new WeakMap<object, number>();
const W = 120;
const H = 40;
/** Longest step along a stroke before it is cut (px): pieces are two to four steps. */
const STEP = 2.5;
/** Decoy glyphs whose pieces are scattered among the real ones. */
const DECOYS = 2;

type Pt = [number, number];

const colour = (hue = r(0, 359)) => `hsl(${hue},${r(45, 75)}%,${r(25, 45)}%)`;
/** A hue near a glyph's own: its pieces look alike to a person, never the same to a script. */
const near = (hue: number) => (hue + r(-18, 18) + 360) % 360;
const n = (v: number) => v.toFixed(1);
/** A random offset in ±`max`, in tenths. */
const jitter = (max: number) => r(-max * 10, max * 10) / 10;

/** A smooth random bend of the whole picture: two crossed sine waves. */
function warp(): (p: Pt) => Pt {
  const ax = r(12, 22) / 10;
  const ay = r(12, 22) / 10;
  const lx = r(22, 38);
  const ly = r(30, 50);
  const px = r(0, 628) / 100;
  const py = r(0, 628) / 100;
  return ([x, y]) => [
    x + ax * Math.sin((2 * Math.PI * y) / lx + px),
    y + ay * Math.sin((2 * Math.PI * x) / ly + py),
  ];
}

/** A glyph's strokes through a random affine map around (cx, cy), every point jittered. */
function placed(ch: string, cx: number, cy: number): Pt[][] {
  const scale = r(19, 24) / 10;
  const angle = (r(-25, 25) * Math.PI) / 180;
  const skew = r(-20, 20) / 100;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return strokesOf(ch).map((stroke) =>
    stroke.map(([gx, gy]): Pt => {
      const x = (gx - GLYPH_W / 2 + jitter(0.4)) * scale;
      const y = (gy - GLYPH_H / 2 + jitter(0.4)) * scale;
      const sx = x + skew * y;
      return [cx + sx * cos - y * sin, cy + sx * sin + y * cos];
    }),
  );
}

/** A stroke with points no more than {@link STEP} apart, so a warp bends it and cuts fall anywhere. */
function densify(stroke: Pt[]): Pt[] {
  const out: Pt[] = [];
  stroke.forEach((p, i) => {
    const q = stroke[i + 1];
    out.push(p);
    if (!q) return;
    const k = Math.ceil(Math.hypot(q[0] - p[0], q[1] - p[1]) / STEP);
    for (let j = 1; j < k; j++)
      out.push([p[0] + ((q[0] - p[0]) * j) / k, p[1] + ((q[1] - p[1]) * j) / k]);
  });
  return out;
}

/** Cut a stroke into pieces of two to four steps that share their ends (drawn, they join). */
function pieces(stroke: Pt[]): Pt[][] {
  const out: Pt[][] = [];
  for (let i = 0; i < stroke.length - 1;) {
    const len = r(2, 4);
    const piece = stroke.slice(i, i + len + 1);
    out.push(r(0, 1) ? piece : piece.reverse());
    i += len;
  }
  return out;
}

/** One piece as a path of its own look (a shade of `hue`). */
const piecePath = (pts: Pt[], warpOf: (p: Pt) => Pt, hue: number) =>
  `<path d="${pts
    .map((p, k) => {
      const [x, y] = warpOf(p);
      return `${k === 0 ? 'M' : 'L'}${n(x + jitter(0.3))} ${n(y + jitter(0.3))}`;
    })
    .join('')}" stroke="${colour(near(hue))}" stroke-width="${r(20, 28) / 10}" fill="none" ` +
  `stroke-linecap="round" stroke-linejoin="round"/>`;

function svg(text: string): string {
  const bend = warp();
  const hues = [...text].map(() => r(0, 359));
  const glyphs = [...text].flatMap((ch, i) =>
    placed(ch, 19 + i * 27 + r(-3, 3), H / 2 + r(-3, 3))
      .flatMap((s) => pieces(densify(s)))
      .map((p) => piecePath(p, bend, hues[i] as number)),
  );
  // Decoys: a third of other glyphs' pieces, in the real glyphs' shades, anywhere on the picture.
  const decoys = Array.from({ length: DECOYS }, () =>
    placed(securePick([...ALPHABET]), r(10, W - 10), r(8, H - 8))
      .flatMap((s) => pieces(densify(s)))
      .filter(() => r(0, 2) === 0)
      .map((p) => piecePath(p, bend, securePick(hues))),
  ).flat();
  const all = [...glyphs, ...decoys];
  // Markup order says nothing: every piece, real or decoy, in random order.
  for (let i = all.length - 1; i > 0; i--) {
    const j = r(0, i);
    [all[i], all[j]] = [all[j] as string, all[i] as string];
  }
  const parts: string[] = [`<rect width="${W}" height="${H}" fill="hsl(${r(0, 359)},40%,94%)"/>`];
  for (let i = 0; i < 4; i++)
    parts.push(
      `<path d="M${r(0, 20)} ${r(5, 35)} C${r(20, 50)} ${r(0, 40)},${r(60, 90)} ${r(0, 40)},${r(100, 120)} ${r(5, 35)}" ` +
        `stroke="${colour()}" stroke-width="${r(1, 2)}" fill="none" opacity=".7"/>`,
    );
  parts.push(...all);
  for (let i = 0; i < 30; i++)
    parts.push(`<circle cx="${r(0, W)}" cy="${r(0, H)}" r="1" fill="${colour()}"/>`);
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join('')}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(body)}`;
}

/** Make a captcha; returns the image (data URL) and its uuid. */
export function newCaptcha(ctx: IdentityContext): { image: string; uuid: string } {
  const text = Array.from({ length: CAPTCHA_LENGTH }, () => securePick([...ALPHABET])).join('');
  const id = secureUuid();
  const now = ctx.clock.now();
  const all = ctx.state.identity.captchas;
  const due = untilSweep.get(all) ?? 0;
  untilSweep.set(all, due > 0 ? due - 1 : SWEEP_EVERY - 1);
  if (due === 0) {
    // Forget expired captchas so the state does not grow with every refresh.
    for (const [k, c] of Object.entries(all)) if (c.expiresAt <= now) delete all[k];
    // A flood of refreshes inside the TTL must not grow the state without bound:
    // the oldest live captchas (insertion order) give way first.
    const ids = Object.keys(all);
    for (let i = 0; i <= ids.length - MAX_LIVE_CAPTCHAS; i++) delete all[ids[i] as string];
  }
  all[id] = { text, expiresAt: now + CAPTCHA_TTL_MS, attempts: 0 };
  return { image: svg(text), uuid: id };
}

/**
 * Check a typed captcha: 23554 unknown (never issued, used, or burnt after
 * five wrong tries), 23555 expired, 23556 wrong; 0 when right (it is used up).
 */
export function checkCaptcha(ctx: IdentityContext, id: string, typed: string): number {
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
