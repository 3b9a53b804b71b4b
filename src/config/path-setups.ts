/**
 * Where a QA plan's path starts, as data (issue 27): the users it needs, the
 * flags, the money, and what those users have already done. One source for
 * two readers:
 * - the console's Paths tab "Start" (src/ui/console/start-path.ts) makes it so,
 *   in either host: it removes the set-up's users if they exist, puts every
 *   flag back to its default then the set-up's, clears armed faults, seeds
 *   the users through the back office, and does the rest as those users over
 *   the public API (the same validated edge as the app);
 * - the plan writer (tests/paths/words/common.ts `startPath`) writes the
 *   path's preconditions from it, so a plan never says what the button does
 *   not do.
 *
 * A path started this way depends on nothing an earlier path left behind.
 */

/** A user a set-up makes. The first of a set-up's users is the one who signs in. */
export interface SetupUser {
  /** Who signs in: an e-mail, or a phone number with its country code (digits) … */
  email?: string;
  phone?: string;
  /** … whose country code is this (the sign-in form's country code list). */
  dial?: string;
  password: string;
  /** USD credited to the real account (a deposit the back office makes). */
  deposit?: number;
  /** Saved crypto wallets: coin network id (coins.ts) and address. */
  wallets?: ReadonlyArray<{ coinNetId: string; address: string }>;
  /** Saved bank cards (phone and address as the card form takes them). */
  cards?: ReadonlyArray<{
    bankName: string;
    name: string;
    account: string;
    phoneNumber?: string;
    address?: string;
  }>;
  /**
   * A loan application made by this user, with another of the set-up's users
   * (by key) as the guarantor, and what the back office did with it.
   */
  loan?: {
    amount: number;
    days: number;
    guarantor: string;
    remark: string;
    then: 'review' | 'approved' | 'rejected' | 'overdue';
  };
}

export interface PathSetup {
  /** The machine whose plan uses it (tests/flows/<machine>). */
  machine: string;
  /** Flags the path needs; every other flag is at its default. */
  flags: Readonly<Record<string, boolean>>;
  /** The users, by a short key; the first signs in. */
  users: Readonly<Record<string, SetupUser>>;
}

const PASSWORD = 'secret123';

const WITHDRAW_USER = 'payout@example.com';

/** The loan plan's users: the borrower and the guarantor whose UID the application names. */
const loanUsers = (
  loan: SetupUser['loan'],
  borrower: Partial<SetupUser> = { email: 'lea@example.com' },
): Record<string, SetupUser> => ({
  borrower: { ...borrower, password: PASSWORD, ...(loan ? { loan } : {}) },
  gus: { email: 'gus@example.com', password: PASSWORD },
});
const FIRST_LOAN = { amount: 60_000, days: 10, guarantor: 'gus', remark: 'first' } as const;
/** The loan plan's start with a first application the back office left in `then`. */
const loanAfter = (then: NonNullable<SetupUser['loan']>['then']): PathSetup => ({
  machine: 'loan',
  flags: { 'user-loan': true },
  users: loanUsers({ ...FIRST_LOAN, then }),
});

/** The card the bank-card plan's paths start with (tests/flows/bankCard SEED). */
export const SEED_CARD = {
  bankName: 'Seed Bank',
  name: 'Ann Lee',
  account: 'GB29NWBK60161331926819',
  phoneNumber: '14155552671',
  address: '1 Main St',
} as const;
/** The address the crypto-address plan's paths start with (tests/flows/cryptoAddress SEEDED). */
export const SEED_ADDRESS = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSA';

/** Every set-up, by id (`<machine>` or `<machine>.<variant>`). */
export const PATH_SETUPS = {
  withdraw: {
    machine: 'withdraw',
    flags: { 'user/bankCard': true, NO_WALLET_WITHDRAW: false },
    users: {
      payout: {
        email: WITHDRAW_USER,
        password: PASSWORD,
        deposit: 2000,
        wallets: [
          { coinNetId: '101', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
          { coinNetId: '103', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
        ],
        cards: [{ bankName: 'Bank of Test', name: 'Ann Lee', account: 'GB29NWBK60161331926819' }],
      },
    },
  },
  'withdraw.noWallets': {
    machine: 'withdraw',
    flags: { NO_WALLET_WITHDRAW: true, 'user/bankCard': false },
    users: { payout: { email: WITHDRAW_USER, password: PASSWORD, deposit: 2000 } },
  },
  loan: { machine: 'loan', flags: { 'user-loan': true }, users: loanUsers(undefined) },
  'loan.phone': {
    machine: 'loan',
    flags: { 'user-loan': true, PHONE_REGISTER: true },
    users: loanUsers(undefined, { phone: '14155552671', dial: '1' }),
  },
  bankCard: {
    machine: 'bankCard',
    flags: { 'user/bankCard': true, bankInfo: false },
    users: { bea: { email: 'bea@example.com', password: PASSWORD, cards: [SEED_CARD] } },
  },
  cryptoAddress: {
    machine: 'cryptoAddress',
    flags: { NO_WALLET_WITHDRAW: false },
    users: {
      cara: {
        email: 'cara@example.com',
        password: PASSWORD,
        // USDT TRC20 (coins.ts).
        wallets: [{ coinNetId: '101', address: SEED_ADDRESS }],
      },
    },
  },
  'loan.review': loanAfter('review'),
  'loan.rejected': loanAfter('rejected'),
  'loan.active': loanAfter('approved'),
  'loan.overdue': loanAfter('overdue'),
} as const satisfies Record<string, PathSetup>;

export type SetupId = keyof typeof PATH_SETUPS;

export const SETUP_IDS = Object.keys(PATH_SETUPS) as SetupId[];

/** The reason the back office gives when a set-up's loan is rejected. */
export const SETUP_REJECT_REASON = 'not now';

/** A phone user's number without its country code, as the sign-in form takes it. */
export const localOf = (u: SetupUser): string => (u.phone ?? '').slice((u.dial ?? '').length);

/** A set-up's user who signs in, and the name they sign in with. */
export function signInUser(setup: PathSetup): { user: SetupUser; login: string } {
  const user = Object.values(setup.users)[0];
  if (!user) throw new Error('a set-up has at least one user');
  return { user, login: user.email ?? `+${user.phone ?? ''}` };
}
