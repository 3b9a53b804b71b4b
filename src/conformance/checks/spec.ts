/** The spec sections checks cite (headings of ../shared/spec/trading.md and user-centre.md). */
export const SPEC = {
  calls: 'trading.md §7 The calls it makes',
  payloads: 'trading.md §7 Payloads and responses',
  topics: 'trading.md §7 Real-time topics',
  session: 'trading.md §4 States and transitions (Session)',
  realtime: 'trading.md §4 States and transitions (Real-time connections)',
  market: 'trading.md §4 States and transitions (Market open or closed)',
  demo: 'trading.md §4 States and transitions (Demo / real)',
  entities: 'trading.md §3 Entities and their fields',
  validation: 'trading.md §5 Validation rules',
  generic: 'trading.md §8 The error catalogue (Transport and generic)',
  tradeCodes: 'trading.md §8 The error catalogue (Trade codes)',
  signInCodes: 'trading.md §8 The error catalogue (Sign-in, registration and session codes)',
  ucCalls: 'user-centre.md §7 The calls it makes',
  extension: 'src/api/contract.ts (an extension beyond the specs)',
} as const;

/** What needs an operator (a mailed code, a review) is listed, not run. */
export const NO_OPERATOR = 'not checked without an operator';
