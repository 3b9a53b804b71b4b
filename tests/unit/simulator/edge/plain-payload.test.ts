/**
 * The worker's first chunk checks the payload-less calls (product list, site
 * config, banners, support link) without the schema library
 * (edge/limits.ts plainPayload). It must accept and refuse exactly what the
 * schema those calls have everywhere else (fields.ts `none`) does.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { none } from '../../../../src/simulator/edge/fields.ts';
import { plainPayload, TEXT_MAX } from '../../../../src/simulator/edge/limits.ts';
import { CALL_SCHEMAS } from '../../../../src/simulator/edge/index.ts';
import { PLAIN_CALLS } from '../../../../src/simulator/edge/refusal.ts';

const VALUES: unknown[] = [
  '',
  'x',
  'a'.repeat(TEXT_MAX),
  'a'.repeat(TEXT_MAX + 1),
  0,
  -1.5,
  NaN,
  Infinity,
  -Infinity,
  true,
  false,
  null,
  undefined,
  new Blob(['x']),
  {},
  [],
  ['a'],
  { a: 1 },
  () => 1,
  Symbol('s'),
  10n,
  new Date(0),
];

describe("the first chunk's plain-payload check", () => {
  it('agrees with the none schema on every kind of value, under any key', () => {
    const payloads: Record<string, unknown>[] = [{}];
    for (const x of VALUES) {
      payloads.push({ a: x });
      payloads.push({ a: 'ok', b: x });
      payloads.push({ constructor: x });
      payloads.push(JSON.parse(`{"__proto__": 1, "a": 2}`) as Record<string, unknown>);
    }
    for (const p of payloads)
      expect(
        plainPayload(p),
        Object.entries(p)
          .map(([k, x]) => `${k}: ${typeof x}`)
          .join(),
      ).toBe(v.safeParse(none, p).success);
  });

  it('is used only for calls whose schema is none', () => {
    expect(PLAIN_CALLS.size).toBeGreaterThan(0);
    for (const name of PLAIN_CALLS) expect(CALL_SCHEMAS[name], name).toBe(none);
  });
});
