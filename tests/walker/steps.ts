/**
 * What the walker can do, as data fast-check generates and shrinks: what a
 * person does on the screen in front of them, and what the operator and the
 * network do around them. A step that needs the page (which control, which
 * field) carries a number that picks among what the screen offers when the
 * step runs, so the same walk replays on the same screens.
 */
import fc from 'fast-check';
import { ROUTES } from '../../src/machines/routes.ts';
import { CATALOGUE } from '../../src/simulator/catalogue.ts';

export type Channel = 'market' | 'exchange';

export type Step =
  | { k: 'press'; pick: number }
  | { k: 'type'; pick: number; value: number }
  | { k: 'go'; route: number; symbol: number }
  | { k: 'back' }
  | { k: 'reload' }
  | { k: 'wait'; s: number }
  | { k: 'language'; lng: number }
  | { k: 'review'; approve: boolean }
  | { k: 'force'; code: number }
  | { k: 'delay'; ms: number }
  | { k: 'channel'; ch: Channel; act: 'drop' | 'freeze' | 'thaw' }
  | { k: 'skip'; minutes: number }
  | { k: 'credit'; amount: number }
  | { k: 'restart' };

/** Steps a person takes on the screen (the rest happen around them). */
export const PERSON: ReadonlySet<Step['k']> = new Set([
  'press',
  'type',
  'go',
  'back',
  'reload',
  'language',
]);

/** The languages a person may pick (the site's list). */
export const LANGUAGES = ['en', 'ja', 'zh-cn', 'de', 'ko', 'th'] as const;

/**
 * Replies the operator can force on the next call: the spec's catalogue the
 * client must handle (a generic failure, an expired session, the code that
 * ends a session, a trade refusal, a wallet refusal, a server error).
 */
export const FAULTS: readonly { code?: number; status?: number }[] = [
  { code: 1000 },
  { status: 401 },
  { code: 23519 },
  { code: 305 },
  { code: 1067 },
  { status: 500 },
];

/** Where a person can go by address (a bookmark, a link), from the route registry. */
export const PLACES: readonly string[] = ROUTES.map((r) => r.path).filter(
  (p) => !/Alt$|juniorVerfiy|editBankCard|deleteCrypto/.test(p),
);
export const SYMBOLS = CATALOGUE.map((p) => p.symbol);

/** A route with its symbol filled in. */
export const placeOf = (s: { route: number; symbol: number }): string =>
  (PLACES[s.route % PLACES.length] as string).replace(
    ':symbol',
    SYMBOLS[s.symbol % SYMBOLS.length] as string,
  );

/** What a person types: valid values, the spec's edge cases and garbage, per kind of field. */
export const VALUES: Record<'number' | 'email' | 'password' | 'code' | 'text', readonly string[]> =
  {
    number: [
      '0.1',
      '1',
      '0.01',
      '100',
      '1.23456789',
      '-5',
      '99999999',
      'abc',
      '',
      '0',
      '.5',
      '1,5',
    ],
    email: ['walker@example.com', 'not-an-email', '', 'a@b.c'],
    password: ['secret123', 'x', '', 'Secret1234!'],
    code: ['123456', '12', 'abcdef', '1234567', ''],
    text: ['Walker', '<b>bold</b>', '名前テスト', '', 'x'.repeat(150), 'TRx9Q2Zw7uX4kLm3'],
  };

/** Steps, weighted as a person and the world around them take them. */
export function stepArb(live: boolean): fc.Arbitrary<Step> {
  const pick = fc.nat({ max: 999 });
  const arbs: fc.WeightedArbitrary<Step>[] = [
    { weight: 36, arbitrary: pick.map((p) => ({ k: 'press', pick: p }) as const) },
    {
      weight: 16,
      arbitrary: fc.record({ k: fc.constant('type' as const), pick, value: fc.nat({ max: 99 }) }),
    },
    {
      weight: 10,
      arbitrary: fc.record({
        k: fc.constant('go' as const),
        route: fc.nat({ max: 99 }),
        symbol: fc.nat({ max: 99 }),
      }),
    },
    { weight: 3, arbitrary: fc.constant({ k: 'back' } as const) },
    { weight: 3, arbitrary: fc.constant({ k: 'reload' } as const) },
    {
      weight: 7,
      arbitrary: fc.integer({ min: 1, max: 15 }).map((s) => ({ k: 'wait', s }) as const),
    },
    {
      weight: 2,
      arbitrary: fc
        .nat({ max: LANGUAGES.length - 1 })
        .map((l) => ({ k: 'language', lng: l }) as const),
    },
    { weight: 4, arbitrary: fc.boolean().map((a) => ({ k: 'review', approve: a }) as const) },
    {
      weight: 3,
      arbitrary: fc.nat({ max: FAULTS.length - 1 }).map((c) => ({ k: 'force', code: c }) as const),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(800, 3000, 12000).map((ms) => ({ k: 'delay', ms }) as const),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        k: fc.constant('channel' as const),
        ch: fc.constantFrom<Channel>('market', 'exchange'),
        act: fc.constantFrom('drop' as const, 'freeze' as const, 'thaw' as const),
      }),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(1, 3, 60, 24 * 60)
        .map((m) => ({ k: 'skip', minutes: m }) as const),
    },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(1000, 25_000, 150_000)
        .map((a) => ({ k: 'credit', amount: a }) as const),
    },
  ];
  if (live) arbs.push({ weight: 1, arbitrary: fc.constant({ k: 'restart' } as const) });
  return fc.oneof(...arbs);
}
