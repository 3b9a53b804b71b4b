/**
 * The field kinds the edge checks payloads with. They check the *kind* and a
 * gross size of each value (a string where a string belongs, a number or
 * numeric text where a number belongs, never an object where a string
 * belongs, nothing megabytes long); the meaning of each value (an e-mail's
 * shape, an amount's decimals, a nickname's 140 characters) stays with the
 * handlers, which answer the specific code the spec gives for it.
 *
 * Every field is optional and may be null: a missing field is the handler's
 * to refuse with its own code (1001 mostly), and the real client sends null
 * for "no stop price". What is never accepted is a value of the wrong kind.
 */
import * as v from 'valibot';
import { PERIODS } from '../../api/wire.ts';

/** Marks an issue as "illegal characters" (23558) rather than a malformed parameter. */
export const ILLEGAL_MESSAGE = 'illegal-characters';

// Markup, quotes, backslash and control characters: what injection attempts
// are made of (the same set as the identity module's hasIllegal).
// eslint-disable-next-line no-control-regex -- control characters are the point
const ILLEGAL = /[<>"'`\\\u0000-\u001f\u007f]/;

import { IDENT_MAX, JSON_MAX, LIST_MAX, NUMERIC_MAX, TEXT_MAX, TOKEN_MAX } from './limits.ts';

export { IDENT_MAX, JSON_MAX, LIST_MAX, NUMERIC_MAX, TEXT_MAX, TOKEN_MAX };

const finite = v.pipe(v.number(), v.finite());

/** Free text of bounded length. */
export const text = v.pipe(v.string(), v.maxLength(TEXT_MAX));

/** An id, symbol, code or locale: short, and no markup (23558). */
export const ident = v.union([
  v.pipe(
    v.string(),
    v.maxLength(IDENT_MAX),
    v.check((s) => !ILLEGAL.test(s), ILLEGAL_MESSAGE),
  ),
  v.pipe(finite, v.integer()),
]);

/**
 * A number, or a number written as text (query strings and the wallet's
 * string amounts). Text with an exponent of four or more digits is refused:
 * '1e999999' parses as a decimal whose plain notation is a million digits.
 */
export const numeric = v.union([
  finite,
  v.pipe(
    v.string(),
    v.maxLength(NUMERIC_MAX),
    v.check((s) => !/e[+-]?\d{4,}/i.test(s)),
  ),
]);

/** A bearer token carried in a payload. */
export const token = v.pipe(v.string(), v.maxLength(TOKEN_MAX));

const isPlain = (x: unknown) =>
  Object.getPrototypeOf(x) === Object.prototype || Object.getPrototypeOf(x) === null;

/** A JSON text field (multipart string fields arrive as text), or the object itself in-process. */
export const jsonText = v.union([
  v.pipe(v.string(), v.maxLength(JSON_MAX)),
  // Plain objects only (a Blob is an object too); checked before record() copies it.
  v.pipe(
    v.custom<object>(isPlain),
    v.record(v.string(), v.union([v.pipe(v.string(), v.maxLength(TEXT_MAX)), finite, v.null()])),
  ),
]);

/** An uploaded file (the handlers check its type and its 10 MB). */
export const file = v.instance(Blob);

/** A list of ids. */
export const idList = v.pipe(v.array(ident), v.maxLength(LIST_MAX));

/** A kline period of the spec; empty means the default (1min). */
export const period = v.picklist([...PERIODS, '']);

type Field = v.GenericSchema;

// Keys a payload may carry beyond the ones its call reads: plain values only.
const extra = v.union([
  v.pipe(v.string(), v.maxLength(TEXT_MAX)),
  finite,
  v.boolean(),
  v.null(),
  file,
]);

/**
 * A payload object whose named fields have the given kinds (each optional,
 * each may be null) and whose other keys hold plain values only.
 */
export function payload<E extends Record<string, Field>>(entries: E) {
  const loose = Object.fromEntries(
    Object.entries(entries).map(([k, s]) => [k, v.optional(v.nullable(s))]),
  ) as { [K in keyof E]: v.OptionalSchema<v.NullableSchema<E[K], undefined>, undefined> };
  return v.objectWithRest(loose, extra);
}

/** A call that takes no payload: any object of plain values. */
export const none = payload({});
