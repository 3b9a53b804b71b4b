/** The trader's own reality-check interval follows the account, not the token (state/responsible.ts). */
import { describe, expect, it } from 'vitest';
import {
  noteRealityMinutes,
  ownRealityMinutes,
  responsible,
} from '../../../src/state/responsible.ts';
import { fakeToken } from '../../support/token.ts';

const token = fakeToken;

describe('own reality-check minutes', () => {
  it('hold for a refreshed token of the same account, not for another account or book', () => {
    noteRealityMinutes(token('1', '0', 100), 30);
    expect(ownRealityMinutes(responsible, token('1', '0', 100))).toBe(30);
    // The session machine refreshes the token 5 minutes before it expires.
    expect(ownRealityMinutes(responsible, token('1', '0', 200))).toBe(30);
    expect(ownRealityMinutes(responsible, token('1', '1', 100))).toBeUndefined();
    expect(ownRealityMinutes(responsible, token('2', '0', 100))).toBeUndefined();
    expect(ownRealityMinutes(responsible, undefined)).toBeUndefined();
  });
});
