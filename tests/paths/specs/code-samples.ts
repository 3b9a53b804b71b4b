/**
 * The verification-code samples the code-step specs type (tests/flows/forgot/paths.ts,
 * tests/flows/bindEmail/paths.ts), and which of them a code field holds.
 */

/** Stands for "the code the server sent"; each spec resolves it from the outbox. */
export const RIGHT_CODE = '111111';
export const WRONG_CODE = '000000';
export const SHORT_CODE = '12';
/** A paste of 7 digits: refused, the field keeps what it had. */
export const LONG_PASTE = '1234567';

/** What a code field holds, for a spec's graph: nothing, the wrong code, 6 digits (the sent code), or too few. */
export const codeClass = (code: string): 'empty' | 'wrong' | 'right' | 'short' =>
  code === '' ? 'empty' : code === WRONG_CODE ? 'wrong' : /^\d{6}$/.test(code) ? 'right' : 'short';
