/**
 * A small stroke font for the image captcha: each glyph of the captcha's
 * alphabet as polylines on an 8 × 12 grid (y down). Drawn as SVG paths, so
 * the picture holds no text a script could read off the markup.
 */

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/l). */
export const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const GLYPH_W = 8;
export const GLYPH_H = 12;

/** Strokes of each glyph: a stroke is "x,y x,y …". */
export const GLYPHS: Readonly<Record<string, readonly string[]>> = {
  A: ['0,12 4,0 8,12', '1.5,8 6.5,8'],
  B: ['0,6 0,0 5,0 7,1 7,4 5,6 0,6 0,12 5,12 8,10 8,8 5,6'],
  C: ['8,2 6,0 2,0 0,3 0,9 2,12 6,12 8,10'],
  D: ['0,0 0,12 4,12 7,10 8,6 7,2 4,0 0,0'],
  E: ['8,0 0,0 0,12 8,12', '0,6 6,6'],
  F: ['8,0 0,0 0,12', '0,6 6,6'],
  G: ['8,2 6,0 2,0 0,3 0,9 2,12 6,12 8,10 8,7 5,7'],
  H: ['0,0 0,12', '8,0 8,12', '0,6 8,6'],
  J: ['8,0 8,9 6,12 2,12 0,9'],
  K: ['0,0 0,12', '8,0 0,7', '3,5 8,12'],
  L: ['0,0 0,12 8,12'],
  M: ['0,12 0,0 4,7 8,0 8,12'],
  N: ['0,12 0,0 8,12 8,0'],
  P: ['0,12 0,0 6,0 8,2 8,4 6,6 0,6'],
  Q: ['2,0 6,0 8,3 8,9 6,12 2,12 0,9 0,3 2,0', '5,9 8,13'],
  R: ['0,12 0,0 6,0 8,2 8,4 6,6 0,6', '4,6 8,12'],
  S: ['8,2 6,0 2,0 0,2 0,4 2,6 6,6 8,8 8,10 6,12 2,12 0,10'],
  T: ['0,0 8,0', '4,0 4,12'],
  U: ['0,0 0,9 2,12 6,12 8,9 8,0'],
  V: ['0,0 4,12 8,0'],
  W: ['0,0 2,12 4,5 6,12 8,0'],
  X: ['0,0 8,12', '8,0 0,12'],
  Y: ['0,0 4,6 8,0', '4,6 4,12'],
  Z: ['0,0 8,0 0,12 8,12'],
  '2': ['0,3 2,0 6,0 8,2 8,5 0,12 8,12'],
  '3': ['0,1 2,0 6,0 8,2 8,4 6,6 3,6', '6,6 8,8 8,10 6,12 2,12 0,11'],
  '4': ['6,12 6,0 0,8 8,8'],
  '5': ['8,0 1,0 0,6 5,5 8,7 8,10 6,12 2,12 0,10'],
  '6': ['7,0 3,0 0,4 0,10 2,12 6,12 8,10 8,7 6,5 2,5 0,7'],
  '7': ['0,0 8,0 3,12'],
  '8': ['2,0 6,0 8,2 8,4 6,6 2,6 0,4 0,2 2,0', '2,6 6,6 8,8 8,10 6,12 2,12 0,10 0,8 2,6'],
  '9': ['8,5 6,7 2,7 0,5 0,2 2,0 6,0 8,2 8,8 5,12 1,12'],
};

/** A glyph's strokes as point lists. */
export const strokesOf = (ch: string): Array<Array<[number, number]>> =>
  (GLYPHS[ch] ?? []).map((s) =>
    s.split(' ').map((p) => p.split(',').map(Number) as [number, number]),
  );
