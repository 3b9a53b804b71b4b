/**
 * The image captcha against scripts that read the SVG's geometry (issue 24,
 * item 7: the earlier picture was solved 40 times out of 40 that way).
 *
 * Two simple solvers: one fits every path to every glyph of the font by a
 * least-squares affine map (what solved the earlier picture: one path per
 * glyph, its points the font's points moved); one regroups all strokes into
 * four columns and matches each column's shape to the glyphs. The control
 * is a picture drawn the earlier way, which the first solver reads; the
 * simulator's captchas must defeat both.
 */
import { describe, expect, it } from 'vitest';
import { newCaptcha } from '../../../../src/simulator/modules/identity/captcha.ts';
import {
  ALPHABET,
  GLYPH_H,
  GLYPH_W,
  strokesOf,
} from '../../../../src/simulator/modules/identity/captcha-font.ts';
import type { IdentityContext } from '../../../../src/simulator/modules/identity/state.ts';
import { slow } from '../../../support/time-scale.ts';

type Pt = [number, number];
const ROUNDS = Number(process.env.CAPTCHA_ROUNDS ?? 40);

/**
 * The control's pictures and texts come from a seeded generator (mulberry32):
 * with Math.random it read 38 of 40 once in a clean-clone run and failed on
 * chance. The simulator's own captchas stay on its CSPRNG.
 */
let state = 0;
const reseed = (seed: number) => {
  state = seed >>> 0;
};
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Round-capped paths (the glyph-like ones) as lists of strokes. */
function paths(svg: string): Pt[][][] {
  const out: Pt[][][] = [];
  for (const m of svg.matchAll(/<path d="([^"]+)"[^>]*stroke-linecap="round"/g)) {
    const strokes: Pt[][] = [];
    for (const c of (m[1] as string).matchAll(/([ML])([\d.-]+) ([\d.-]+)/g)) {
      if (c[1] === 'M') strokes.push([]);
      strokes.at(-1)?.push([Number(c[2]), Number(c[3])]);
    }
    out.push(strokes);
  }
  return out;
}

/**
 * Least-squares affine map from a to b (same length); the RMS of what it
 * leaves, or Infinity for a map no captcha draws (mirrored, far off the
 * glyph scale, turned past 35°): any three points fit any three exactly.
 */
function affineResidual(a: Pt[], b: Pt[]): number {
  // Normal equations for x' = p·[x y 1] and y' = q·[x y 1].
  const m = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const vx = [0, 0, 0];
  const vy = [0, 0, 0];
  a.forEach(([x, y], i) => {
    const row = [x, y, 1];
    const [bx, by] = b[i] as Pt;
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) (m[r] as number[])[c]! += (row[r] as number) * (row[c] as number);
      vx[r]! += (row[r] as number) * bx;
      vy[r]! += (row[r] as number) * by;
    }
  });
  const solve = (v: number[]) => {
    const A = m.map((row, i) => [...row, v[i] as number]);
    for (let i = 0; i < 3; i++) {
      const p = A.reduce(
        (best, row, r) => (r >= i && Math.abs(row[i]!) > Math.abs(A[best]![i]!) ? r : best),
        i,
      );
      [A[i], A[p]] = [A[p] as number[], A[i] as number[]];
      const piv = A[i]![i]!;
      if (Math.abs(piv) < 1e-9) return undefined;
      for (let r = 0; r < 3; r++)
        if (r !== i) {
          const f = A[r]![i]! / piv;
          for (let c = i; c < 4; c++) A[r]![c]! -= f * A[i]![c]!;
        }
    }
    return A.map((row, i) => row[3]! / row[i]!);
  };
  const p = solve(vx);
  const q = solve(vy);
  if (!p || !q) return Infinity;
  const det = p[0]! * q[1]! - p[1]! * q[0]!;
  const turn = Math.abs(Math.atan2(q[0]!, p[0]!));
  if (det <= 0 || Math.sqrt(det) < 1.5 || Math.sqrt(det) > 3 || turn > (35 * Math.PI) / 180)
    return Infinity;
  let err = 0;
  a.forEach(([x, y], i) => {
    const [bx, by] = b[i] as Pt;
    err += (p[0]! * x + p[1]! * y + p[2]! - bx) ** 2 + (q[0]! * x + q[1]! * y + q[2]! - by) ** 2;
  });
  return Math.sqrt(err / a.length);
}

/** Solver 1: every path against every glyph with the same strokes, by affine fit. */
function solveByFit(svg: string): string | undefined {
  const found: Array<{ ch: string; x: number }> = [];
  for (const p of paths(svg)) {
    let best: { ch: string; err: number } | undefined;
    for (const ch of ALPHABET) {
      const t = strokesOf(ch);
      if (t.length !== p.length || t.some((s, i) => s.length !== p[i]?.length)) continue;
      const err = affineResidual(t.flat(), p.flat());
      if (!best || err < best.err) best = { ch, err };
    }
    const pts = p.flat();
    if (best && best.err < 2)
      found.push({ ch: best.ch, x: pts.reduce((s, q) => s + q[0], 0) / pts.length });
  }
  if (found.length !== 4) return undefined;
  return found
    .sort((a, b) => a.x - b.x)
    .map((f) => f.ch)
    .join('');
}

/** Points normalised to the glyph box (for shape matching). */
function normalise(pts: Pt[]): Pt[] {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return pts.map(([x, y]) => [
    ((x - x0) / (x1 - x0 || 1)) * GLYPH_W,
    ((y - y0) / (y1 - y0 || 1)) * GLYPH_H,
  ]);
}

/** Points every unit along a glyph's strokes. */
function dense(strokes: Pt[][]): Pt[] {
  const out: Pt[] = [];
  for (const s of strokes)
    s.forEach((p, i) => {
      const q = s[i + 1];
      out.push(p);
      if (!q) return;
      const k = Math.ceil(Math.hypot(q[0] - p[0], q[1] - p[1]));
      for (let j = 1; j < k; j++)
        out.push([p[0] + ((q[0] - p[0]) * j) / k, p[1] + ((q[1] - p[1]) * j) / k]);
    });
  return out;
}

const chamfer = (a: Pt[], b: Pt[]) =>
  a.reduce((s, p) => s + Math.min(...b.map((q) => Math.hypot(p[0] - q[0], p[1] - q[1]))), 0) /
  a.length;

/** Solver 2: strokes regrouped into four columns by position, each matched by shape. */
function solveByRegrouping(svg: string): string {
  const strokes = paths(svg).flat();
  const mid = (s: Pt[]) => s.reduce((t, p) => t + p[0], 0) / s.length;
  const order = strokes.map(mid).sort((a, b) => a - b);
  let centres = [0.125, 0.375, 0.625, 0.875].map(
    (q) => order[Math.floor(q * (order.length - 1))] ?? 0,
  );
  let groups: Pt[][][] = [];
  for (let it = 0; it < 10; it++) {
    groups = centres.map(() => []);
    for (const s of strokes) {
      const x = mid(s);
      const k = centres.reduce(
        (b, c, i) => (Math.abs(c - x) < Math.abs((centres[b] ?? 0) - x) ? i : b),
        0,
      );
      groups[k]?.push(s);
    }
    centres = groups.map((g, i) =>
      g.length ? g.reduce((t, s) => t + mid(s), 0) / g.length : (centres[i] ?? 0),
    );
  }
  const shapes = [...ALPHABET].map((ch) => ({ ch, pts: normalise(dense(strokesOf(ch))) }));
  return groups
    .map((g) => {
      const pts = normalise(dense(g));
      let best = { ch: '?', d: Infinity };
      for (const s of shapes) {
        const d = chamfer(pts, s.pts) + chamfer(s.pts, pts);
        if (d < best.d) best = { ch: s.ch, d };
      }
      return best.ch;
    })
    .join('');
}

/** A picture drawn the earlier way: one path per glyph, the font's points through a random affine map. */
function earlierPicture(text: string): string {
  const rnd = (a: number, b: number) => a + random() * (b - a);
  const glyphs = [...text].map((ch, i) => {
    const scale = rnd(1.9, 2.4);
    const angle = (rnd(-25, 25) * Math.PI) / 180;
    const skew = rnd(-0.2, 0.2);
    const cx = 17 + i * 28;
    const d = strokesOf(ch)
      .map((stroke) =>
        stroke
          .map(([gx, gy], k) => {
            const x = (gx - GLYPH_W / 2 + rnd(-0.4, 0.4)) * scale;
            const y = (gy - GLYPH_H / 2 + rnd(-0.4, 0.4)) * scale;
            const sx = x + skew * y;
            const px = cx + sx * Math.cos(angle) - y * Math.sin(angle);
            const py = 20 + sx * Math.sin(angle) + y * Math.cos(angle);
            return `${k === 0 ? 'M' : 'L'}${px.toFixed(1)} ${py.toFixed(1)}`;
          })
          .join(''),
      )
      .join('');
    return `<path d="${d}" stroke="#333" stroke-width="2.4" fill="none" stroke-linecap="round"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${glyphs.join('')}</svg>`;
}

function captcha(): { svg: string; text: string } {
  const ctx = {
    clock: { now: () => 0 },
    state: { identity: { captchas: {} } },
  } as unknown as IdentityContext;
  const { image, uuid } = newCaptcha(ctx);
  const text = (ctx.state.identity.captchas[uuid]?.text ?? '') as string;
  return { svg: decodeURIComponent(image.slice('data:image/svg+xml,'.length)), text };
}

const randomText = () =>
  Array.from({ length: 4 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');

describe('the image captcha against geometry solvers', () => {
  it('control: the affine-fit solver reads a picture drawn the earlier way', () => {
    reseed(20261129);
    let solved = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const text = randomText();
      if (solveByFit(earlierPicture(text)) === text) solved += 1;
    }
    expect(solved).toBeGreaterThanOrEqual(ROUNDS - 1);
  });

  it(
    'neither solver reads the simulator’s captchas',
    () => {
      let byFit = 0;
      let byRegrouping = 0;
      for (let i = 0; i < ROUNDS; i++) {
        const { svg, text } = captcha();
        expect(text).toMatch(/^[A-Z2-9]{4}$/);
        if (solveByFit(svg) === text) byFit += 1;
        if (solveByRegrouping(svg) === text) byRegrouping += 1;
      }
      console.log(`captcha solvers: fit ${byFit}, regrouping ${byRegrouping} of ${ROUNDS}`);
      expect(byFit).toBe(0);
      // About 2 % by regrouping (4 of 200 measured), against 40 of 40 before: at most one in
      // eight here, so a random run does not fail on chance (the earlier drawing gives ~100 %).
      expect(byRegrouping).toBeLessThanOrEqual(Math.floor(ROUNDS / 8));
      // Both solvers are CPU-bound (about 8 s alone): room for a busy machine.
    },
    slow(90_000),
  );
});
