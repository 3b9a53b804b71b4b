/**
 * The edge's size limits, without the schema library: the worker's first
 * chunk checks the plain payloads of the first screen's calls with them
 * (refusal.ts), and the schemas (fields.ts) use the same numbers.
 */

/** Longest free text (names, addresses, encoded bank fields); handlers apply the spec's 140. */
export const TEXT_MAX = 1024;
/** Longest identifier (ids, symbols, codes, locales). */
export const IDENT_MAX = 128;
/** Longest number written as text. */
export const NUMERIC_MAX = 64;
/** Longest token (JWTs are a few hundred characters). */
export const TOKEN_MAX = 4096;
/** Longest JSON text field (multipart metaData). */
export const JSON_MAX = 16 * 1024;
/** Most ids in one list (a notification page is at most 1000). */
export const LIST_MAX = 1000;

/** Keys an object check skips, as the schemas do (valibot's _isValidObjectKey). */
const SKIPPED = new Set(['__proto__', 'prototype', 'constructor']);

/** A plain value a payload may carry under any key: bounded text, a finite number, a boolean, null, a file. */
const plainValue = (x: unknown): boolean =>
  typeof x === 'string'
    ? x.length <= TEXT_MAX
    : typeof x === 'number'
      ? Number.isFinite(x)
      : typeof x === 'boolean' || x === null || x instanceof Blob;

/**
 * What fields.ts's `none` accepts, without the schema library: an object
 * whose every own key holds a plain value. A unit test holds the two equal.
 */
export const plainPayload = (p: Record<string, unknown>): boolean =>
  Object.keys(p).every((k) => SKIPPED.has(k) || plainValue(p[k]));
