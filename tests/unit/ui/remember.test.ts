/**
 * Remembered preferences of trading.md §3 that live in src/state/remember.ts
 * (selected country, register account) and the bank card phone's
 * "choose an area code first" (user-centre.md §5).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  recallCountry,
  recallRegisterAccount,
  rememberCountry,
  rememberRegisterAccount,
} from '../../../src/state/remember.ts';
import { checkOptionalPhone } from '../../../src/machines/validation/account.ts';
import { splitPhone } from '../../../src/ui/forms/phone.tsx';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
});

describe('remembered (trading §3)', () => {
  it('the selected country is kept; nonsense is not', () => {
    expect(recallCountry()).toBeUndefined();
    rememberCountry('44');
    expect(recallCountry()).toBe('44');
    rememberCountry('x1');
    expect(recallCountry()).toBe('44');
    // An empty phone field starts on it.
    expect(splitPhone('', recallCountry())).toEqual(['44', '']);
  });
  it('the register account is kept until forgotten', () => {
    rememberRegisterAccount({ type: 'P', value: '+44 7911123456' });
    expect(recallRegisterAccount()).toEqual({ type: 'P', value: '+44 7911123456' });
    rememberRegisterAccount(undefined);
    expect(recallRegisterAccount()).toBeUndefined();
  });
});

describe('bank card phone (user-centre §5)', () => {
  it('a number without an area code asks for one first', () => {
    expect(splitPhone('+ 7911123456', '')).toEqual(['', '7911123456']);
    expect(splitPhone('', '')).toEqual(['', '']);
    expect(checkOptionalPhone('+ 7911123456')).toBe('choose_area_code_first');
    expect(checkOptionalPhone('+ ')).toBeUndefined();
    expect(checkOptionalPhone('')).toBeUndefined();
    expect(checkOptionalPhone('+44 7911123456')).toBeUndefined();
    expect(checkOptionalPhone('+44 12')).toBe('wrong_phone_number');
  });
});
