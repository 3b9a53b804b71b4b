/**
 * The user area's menu, in the order of user-centre.md §2 ("Desktop account
 * dialog menu order"), with each route's availability from the route table:
 *
 *   my account, my wallet, change password, privacy, verified, junior
 *   verification, crypto wallet, bank card, (add crypto, delete crypto, add
 *   bank card, edit bank card), deposit, withdraw, loan, (deposit agreement),
 *   transactions, deposit and withdrawal records, standards, notification,
 *   bind e-mail; then responsible trading (issue 28 item 2), where the site
 *   offers it.
 *
 * The bracketed routes are "hidden from menu" (they need a card, an address
 * or the deposit's step two). Change password and privacy are "hidden from
 * the desktop menu"; the phone shows them in their place. Deposit and
 * withdraw are the buttons above the phone's menu, so only the desktop menu
 * lists them again. A demo account sees no wallet, bank card, deposit,
 * withdraw or loan item (§1).
 */
import { cryptoWithdrawOn, flagOn } from '../../../config/site.ts';

export interface MenuEntry {
  /** The route's name in the route table. */
  name: string;
  to: string;
  /** i18n key of the label. */
  label: string;
}

export interface MenuInput {
  desktop: boolean;
  demo: boolean;
  flags: Readonly<Record<string, boolean>>;
  /** The site's verification: 'two-type' offers the junior variant. */
  verification: 'full' | 'two-type';
  /** 'P': registered by phone (bind e-mail is for them). */
  registerType: string | undefined;
  /** The site's withdraw methods (no 'crypto': no crypto wallets). */
  withdrawTypes: readonly string[];
  /** The site's capability `responsibleTrading` (config/site.ts responsibleOn). */
  responsible?: boolean;
}

/**
 * Junior verification is offered with "two-type verification" (§2 route
 * table: flag twoTypeVerified, on in the default flags), with the site-level
 * 'junior-verify' flag, or on a two-type site.
 */
export const juniorOffered = (
  flags: Readonly<Record<string, boolean>>,
  verification: 'full' | 'two-type',
): boolean =>
  flagOn(flags, 'twoTypeVerified') || flagOn(flags, 'junior-verify') || verification === 'two-type';

const ALL: ReadonlyArray<MenuEntry & { when: (i: MenuInput) => boolean }> = [
  { name: 'account', to: '/user/account', label: 'my.account', when: () => true },
  {
    name: 'myWallet',
    to: '/user/myWallet',
    label: 'my.wallet',
    when: (i) => !i.demo && flagOn(i.flags, 'multi-wallet'),
  },
  {
    name: 'changePassword',
    to: '/user/changePassword',
    label: 'profile.changePassword',
    when: (i) => !i.desktop,
  },
  {
    name: 'privacy',
    to: '/user/privacy',
    label: 'profile.privacy',
    when: (i) => !i.desktop && flagOn(i.flags, 'user/privacy'),
  },
  { name: 'verified', to: '/user/verified', label: 'my.verification', when: () => true },
  {
    name: 'juniorVerified',
    to: '/user/juniorVerified',
    label: 'verified.juniorTitle',
    // trading.md §6: wallet, junior verification, loan and standards only for a real account.
    when: (i) => !i.demo && juniorOffered(i.flags, i.verification),
  },
  {
    name: 'crypto',
    to: '/user/wallet/crypto',
    label: 'my.cryptoWallets',
    when: (i) => !i.demo && cryptoWithdrawOn(i.flags, i.withdrawTypes),
  },
  {
    name: 'bankCard',
    to: '/user/wallet/bankCard',
    label: 'my.bankCards',
    when: (i) => !i.demo && flagOn(i.flags, 'user/bankCard'),
  },
  {
    name: 'deposit',
    to: '/user/deposit',
    label: 'my.deposit',
    when: (i) => i.desktop && !i.demo && !flagOn(i.flags, 'depositDisabled'),
  },
  {
    name: 'withdraw',
    to: '/user/withdraw',
    label: 'my.withdraw',
    when: (i) => i.desktop && !i.demo,
  },
  {
    name: 'loan',
    to: '/user/loan',
    label: 'my.loan',
    when: (i) => !i.demo && flagOn(i.flags, 'user-loan'),
  },
  {
    name: 'transactionList',
    to: '/user/wallet/transactionList',
    label: 'my.tradeRecords',
    when: () => true,
  },
  {
    name: 'depositList',
    to: '/user/wallet/depositList',
    label: 'my.depositRecords',
    when: (i) => !i.demo,
  },
  {
    name: 'standards',
    to: '/user/standards',
    label: 'standardsPage.title',
    when: (i) => !i.demo && flagOn(i.flags, 'standards'),
  },
  { name: 'notification', to: '/user/notification', label: 'my.notifications', when: () => true },
  {
    name: 'bindEmail',
    to: '/user/bindEmail',
    label: 'profile.bindEmail',
    when: (i) => flagOn(i.flags, 'user/bindEmail') && i.registerType === 'P',
  },
  {
    name: 'responsible',
    to: '/user/responsible',
    label: 'responsible.title',
    when: (i) => i.responsible === true,
  },
];

/** The menu entries this user sees, in §2's order. */
export function accountMenu(input: MenuInput): MenuEntry[] {
  return ALL.filter((e) => e.when(input)).map(({ name, to, label }) => ({ name, to, label }));
}
