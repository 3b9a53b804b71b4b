/**
 * Pseudo-locales for development (issue 28 item 3): English made to show what
 * a real translation would break, before one exists.
 * - `xa`: every letter accented and each text 40 % longer, in brackets, so a
 *   truncated label, a text that is not translated (it stays plain) and a
 *   string built by hand stand out;
 * - `xb`: the same, right to left (the page's direction and each text's), to
 *   find what does not mirror.
 * Placeholders ({{name}}) and markup (<1>…</1>) are kept as they are.
 * Chosen with `?pseudo=xa` or `?pseudo=xb` on the development server (kept for
 * the tab's session); a production build ignores it.
 */
export type Pseudo = 'xa' | 'xb';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
/** Right-to-left override and pop: the text runs right to left whatever its letters. */
const RLO = '\u202e';
const PDF = '\u202c';
/** What is kept as written: placeholders and markup. */
const KEPT = /(\{\{[^}]*\}\}|<[^>]+>)/;

/** One text, pseudo-translated. */
export function pseudoText(s: string, kind: Pseudo): string {
  const body = s
    .split(KEPT)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c)))
    .join('');
  // 40 % longer, counted on the letters a reader sees.
  const visible = s.replace(new RegExp(KEPT.source, 'g'), '').length;
  const pad = '~'.repeat(Math.ceil(visible * 0.4));
  const text = `[${body}${pad ? ` ${pad}` : ''}]`;
  return kind === 'xb' ? `${RLO}${text}${PDF}` : text;
}

type Tree = { [k: string]: unknown };

/** A whole locale file, pseudo-translated. */
export function pseudoLocale(tree: Tree, kind: Pseudo): Tree {
  return Object.fromEntries(
    Object.entries(tree).map(([k, v]) => [
      k,
      typeof v === 'string'
        ? pseudoText(v, kind)
        : v && typeof v === 'object'
          ? pseudoLocale(v as Tree, kind)
          : v,
    ]),
  );
}

const KEY = 'pseudo-locale';

/** The pseudo-locale asked for in development (`?pseudo=xa|xb`, kept for the session), else none. */
export function pseudoWanted(): Pseudo | undefined {
  if (!import.meta.env.DEV || typeof location === 'undefined') return undefined;
  const asked = new URLSearchParams(location.search).get('pseudo');
  try {
    if (asked === 'xa' || asked === 'xb') sessionStorage.setItem(KEY, asked);
    else if (asked === 'off') sessionStorage.removeItem(KEY);
    const kept = sessionStorage.getItem(KEY);
    return kept === 'xa' || kept === 'xb' ? kept : undefined;
  } catch {
    return asked === 'xa' || asked === 'xb' ? asked : undefined;
  }
}
