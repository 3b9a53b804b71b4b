/**
 * QR codes for deposit addresses: a small encoder of our own (byte mode,
 * error correction M, versions 1–6, up to 106 bytes) drawn as SVG, so no
 * package is added. Longer text shows the caller's fallback.
 */
import { useMemo, type ReactNode } from 'react';

// ---- QR code (byte mode, error correction M, versions 1–6: up to 106 bytes)
// A small encoder of our own, so no package is added; longer text shows the fallback.

/** Per version 1..6 (ECC M): data codewords, EC codewords per block, blocks. */
const QR_SPEC = [
  [16, 10, 1],
  [28, 16, 1],
  [44, 26, 1],
  [64, 18, 2],
  [86, 24, 2],
  [108, 16, 4],
] as const;

function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsRemainder(data: number[], degree: number): number[] {
  const div = new Array<number>(degree).fill(0);
  div[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      div[j] = gfMul(div[j]!, root) ^ (j + 1 < degree ? div[j + 1]! : 0);
    }
    root = gfMul(root, 2);
  }
  const rem = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ rem.shift()!;
    rem.push(0);
    div.forEach((coef, i) => (rem[i]! ^= gfMul(coef, factor)));
  }
  return rem;
}

/** The codewords of `bytes` in the smallest version that holds them, or undefined. */
function qrCodewords(bytes: Uint8Array): { version: number; words: number[] } | undefined {
  const v = QR_SPEC.findIndex(([data]) => bytes.length <= data - 2);
  if (v < 0) return undefined;
  const [dataLen, ecLen, blocks] = QR_SPEC[v]!;
  const bits: number[] = [];
  const put = (value: number, n: number) => {
    for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, 8);
  bytes.forEach((b) => put(b, 8));
  put(0, Math.min(4, dataLen * 8 - bits.length));
  while (bits.length % 8) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(parseInt(bits.slice(i, i + 8).join(''), 2));
  for (let pad = 0xec; data.length < dataLen; pad ^= 0xec ^ 0x11) data.push(pad);
  const per = dataLen / blocks;
  const chunks = Array.from({ length: blocks }, (_, i) => data.slice(i * per, (i + 1) * per));
  const ecs = chunks.map((c) => rsRemainder(c, ecLen));
  const words: number[] = [];
  for (let i = 0; i < per; i++) chunks.forEach((c) => words.push(c[i]!));
  for (let i = 0; i < ecLen; i++) ecs.forEach((e) => words.push(e[i]!));
  return { version: v + 1, words };
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** A simplified penalty (runs, 2×2 blocks, balance) to choose the mask. */
function penalty(m: boolean[][]): number {
  const n = m.length;
  let score = 0;
  let dark = 0;
  for (let a = 0; a < n; a++) {
    for (const horizontal of [true, false]) {
      let run = 1;
      for (let b = 1; b <= n; b++) {
        const same = b < n && (horizontal ? m[a]![b] === m[a]![b - 1] : m[b]![a] === m[b - 1]![a]);
        if (same) run++;
        else {
          if (run >= 5) score += run - 2;
          run = 1;
        }
      }
    }
    for (let b = 0; b < n; b++) {
      if (m[a]![b]) dark++;
      if (a + 1 < n && b + 1 < n) {
        const c = m[a]![b];
        if (c === m[a]![b + 1] && c === m[a + 1]![b] && c === m[a + 1]![b + 1]) score += 3;
      }
    }
  }
  return score + 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
}

/** The QR matrix of a text (true = dark), or undefined when it is too long. */
export function qrMatrix(text: string): boolean[][] | undefined {
  const cw = qrCodewords(new TextEncoder().encode(text));
  if (!cw) return undefined;
  const size = 17 + 4 * cw.version;
  const base = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  const set = (x: number, y: number, dark: boolean) => {
    base[y]![x] = dark;
    fixed[y]![x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const d = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, d !== 2 && d !== 4);
      }
    }
  }
  if (cw.version > 1) {
    const p = size - 7;
    for (let dy = -2; dy <= 2; dy++) {
      for (let dx = -2; dx <= 2; dx++)
        set(p + dx, p + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }
  }
  const format = (mask: number, m: boolean[][] | undefined) => {
    let rem = mask; // ECC M is 00
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((mask << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    const put = (x: number, y: number, v: boolean) => (m ? (m[y]![x] = v) : set(x, y, v));
    for (let i = 0; i <= 5; i++) put(8, i, bit(i));
    put(8, 7, bit(6));
    put(8, 8, bit(7));
    put(7, 8, bit(8));
    for (let i = 9; i < 15; i++) put(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) put(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) put(8, size - 15 + i, bit(i));
    put(8, size - 8, true);
  };
  format(0, undefined);
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vert : vert;
        if (fixed[y]![x] || i >= cw.words.length * 8) continue;
        base[y]![x] = ((cw.words[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
  let best: boolean[][] | undefined;
  let bestScore = Infinity;
  MASKS.forEach((fn, mask) => {
    const m = base.map((row, y) => row.map((v, x) => (fixed[y]![x] ? v : v !== fn(x, y))));
    format(mask, m);
    const s = penalty(m);
    if (s < bestScore) [best, bestScore] = [m, s];
  });
  return best;
}

/** A QR code as an SVG image, with a 4-module quiet zone. */
export function QrCode({
  text,
  label,
  fallback,
}: {
  text: string;
  label: string;
  fallback: ReactNode;
}) {
  const m = useMemo(() => qrMatrix(text), [text]);
  if (!m) return <>{fallback}</>;
  const n = m.length + 8;
  let d = '';
  m.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x + 4} ${y + 4}h1v1h-1z`;
    }),
  );
  return (
    <svg
      className="qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${n} ${n}`}
      width={180}
      height={180}
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
