/**
 * A QA set-up (src/config/path-setups.ts) in the app's words: the console's
 * Paths list shows it, and the plan writer quotes the same text, so a plan
 * names exactly what the tester sees in the list.
 */
import { signInUser, type PathSetup, type SetupUser } from '../../config/path-setups.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The screen a set-up's machine is about (its title in the app). */
const TITLE: Record<string, string> = {
  withdraw: 'my.withdraw',
  loan: 'my.loan',
  bankCard: 'my.bankCards',
  cryptoAddress: 'my.cryptoWallets',
};

const LOAN_STATE = {
  review: 'cards.loan.status_0',
  approved: 'cards.loan.status_1',
  overdue: 'cards.loan.status_4',
  rejected: 'console.setupRejected',
} as const;

/** What a user of a set-up has: money, wallets, cards, a loan. */
export function userParts(t: T, u: SetupUser): string[] {
  return [
    ...(u.deposit ? [t('console.usd', { amount: u.deposit })] : []),
    ...(u.wallets?.length ? [`${t('my.cryptoWallets')} ${u.wallets.length}`] : []),
    ...(u.cards?.length ? [`${t('my.bankCards')} ${u.cards.length}`] : []),
    ...(u.loan ? [`${t('my.loan')} (${t(LOAN_STATE[u.loan.then])})`] : []),
  ];
}

/** A set-up in one line: the screen, who signs in, and what sets it apart. */
export function setupLabel(t: T, s: PathSetup): string {
  const { user, login } = signInUser(s);
  return `${t(TITLE[s.machine] ?? s.machine)}: ${[login, ...userParts(t, user)].join(', ')}`;
}
