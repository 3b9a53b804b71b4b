/**
 * The user area's menu against user-centre.md §2 (items, order, desktop and
 * phone differences) and the spec's flag defaults.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE, flagOn } from '../../../src/config/site.ts';
import { DEFAULT_FLAGS } from '../../../src/simulator/core-state.ts';
import {
  accountMenu,
  juniorOffered,
  type MenuInput,
} from '../../../src/ui/screens/user/account-menu.ts';

const names = (i: Partial<MenuInput>) =>
  accountMenu({
    desktop: true,
    demo: false,
    flags: DEFAULT_FLAGS,
    verification: 'full',
    registerType: 'P',
    withdrawTypes: ['crypto', 'bank_card'],
    ...i,
  }).map((m) => m.name);

describe('flag defaults', () => {
  it('privacy is on when the site does not set it, off only when turned off (§2)', () => {
    expect(flagOn({}, 'user/privacy')).toBe(true);
    expect(flagOn({ 'user/privacy': false }, 'user/privacy')).toBe(false);
    expect(flagOn(DEFAULT_SITE.flags, 'user/privacy')).toBe(true);
  });
  it('standards and other flags are off when absent', () => {
    expect(flagOn({}, 'standards')).toBe(false);
    expect(flagOn({}, 'user/bindEmail')).toBe(false);
    expect(flagOn({ standards: true }, 'standards')).toBe(true);
  });
});

describe('account menu (§2 order)', () => {
  it('desktop, default flags: §2 order without the hidden routes', () => {
    expect(names({})).toEqual([
      'account',
      'myWallet',
      'verified',
      'juniorVerified',
      'crypto',
      'bankCard',
      'deposit',
      'withdraw',
      'loan',
      'transactionList',
      'depositList',
      'notification',
      'bindEmail',
    ]);
  });
  it('phone: change password and privacy in their place; deposit and withdraw are the buttons above', () => {
    expect(names({ desktop: false, flags: { ...DEFAULT_FLAGS, standards: true } })).toEqual([
      'account',
      'myWallet',
      'changePassword',
      'privacy',
      'verified',
      'juniorVerified',
      'crypto',
      'bankCard',
      'loan',
      'transactionList',
      'depositList',
      'standards',
      'notification',
      'bindEmail',
    ]);
  });
  it('crypto wallets only while crypto withdraw is on: not with NO_WALLET_WITHDRAW, nor on a site without crypto withdrawals (user-centre §2)', () => {
    expect(names({})).toContain('crypto');
    expect(names({ flags: { ...DEFAULT_FLAGS, NO_WALLET_WITHDRAW: true } })).not.toContain(
      'crypto',
    );
    expect(names({ withdrawTypes: ['bank_card'] })).not.toContain('crypto');
    expect(names({ desktop: false, withdrawTypes: ['bank_card'] })).not.toContain('crypto');
  });
  it('junior verification is reachable with the default flags and off without two-type verification', () => {
    expect(juniorOffered(DEFAULT_FLAGS, 'full')).toBe(true);
    expect(juniorOffered({ twoTypeVerified: false }, 'full')).toBe(false);
    expect(juniorOffered({ twoTypeVerified: false }, 'two-type')).toBe(true);
    expect(names({ flags: { ...DEFAULT_FLAGS, twoTypeVerified: false } })).not.toContain(
      'juniorVerified',
    );
  });
  it('a demo account sees no wallet, bank card, deposit, withdraw, loan or records of money', () => {
    expect(names({ demo: true })).toEqual([
      'account',
      'verified',
      'transactionList',
      'notification',
      'bindEmail',
    ]);
  });
  it('wallet, junior verification, loan and standards: per flag and only for a real account (trading §6)', () => {
    const flags = { ...DEFAULT_FLAGS, standards: true };
    for (const desktop of [true, false]) {
      const real = names({ desktop, flags });
      for (const n of ['myWallet', 'juniorVerified', 'loan', 'standards']) {
        expect(real).toContain(n);
        expect(names({ desktop, flags, demo: true })).not.toContain(n);
      }
      expect(names({ desktop, flags: { ...flags, standards: false } })).not.toContain('standards');
    }
  });
  it('bind e-mail only for phone-registered users with the flag; privacy can be turned off', () => {
    expect(names({ registerType: 'E' })).not.toContain('bindEmail');
    expect(names({ flags: { ...DEFAULT_FLAGS, 'user/bindEmail': false } })).not.toContain(
      'bindEmail',
    );
    expect(names({ desktop: false, flags: {} })).toContain('privacy');
    expect(names({ desktop: false, flags: { 'user/privacy': false } })).not.toContain('privacy');
  });
  it('responsible trading only where the site offers it (its capability), after the rest', () => {
    expect(names({})).not.toContain('responsible');
    expect(names({ responsible: false })).not.toContain('responsible');
    expect(names({ responsible: true }).at(-1)).toBe('responsible');
    expect(names({ responsible: true, desktop: false, demo: true })).toContain('responsible');
  });
});
