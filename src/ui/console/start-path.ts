/**
 * The console's "Start this path" (issue 27): make a QA set-up
 * (src/simulator/path-setups.ts) true in the simulator the app talks to, the
 * worker's or `sim:server`'s, so a tester can follow a plan path without
 * building its start by hand and without what earlier paths left behind.
 *
 * The back office resets and seeds; what a user would have done (saving
 * wallets and cards, applying for a loan) is done as that user over the
 * public API, through the same validated edge as the app's own calls.
 */
import { encodeFields, encodeSensitive, SENSITIVE_BANK_FIELDS } from '../../api/aes-codec.ts';
import type { ApiClient, CallResult } from '../../api/client.ts';
import type { CallName } from '../../api/contract.ts';
import { decodeToken } from '../../state/session.ts';
import {
  SETUP_REJECT_REASON,
  signInUser,
  type PathSetup,
  type SetupUser,
} from '../../config/path-setups.ts';
import type { RemoteBackOffice } from './use-back-office.ts';

type SetupOps =
  | 'clearScenarios'
  | 'resetFlags'
  | 'setFlag'
  | 'userByLogin'
  | 'deleteUser'
  | 'seedUser'
  | 'reviews'
  | 'approveLoan'
  | 'rejectLoan'
  | 'makeLoanOverdue';

export interface StartDeps {
  bo: Pick<RemoteBackOffice, SetupOps>;
  /** An API client that calls as the holder of `token`. */
  asUser(token: string): Pick<ApiClient, 'call'>;
}

/** Who to sign in as once the set-up is made, and every user's UID (a loan names its guarantor's). */
export interface Started {
  login: string;
  password: string;
  users: Array<{ login: string; uid: string }>;
}

const loginOf = (u: SetupUser) => u.email ?? u.phone ?? '';

/** A call made for the set-up must succeed; otherwise the set-up stops with the call's name and code. */
async function must<K extends CallName>(name: K, r: Promise<CallResult<K>>): Promise<void> {
  const { code, message } = await r;
  if (code !== 0) throw new Error(`${name}: ${message || `code ${code}`}`);
}

export async function startPath(setup: PathSetup, { bo, asUser }: StartDeps): Promise<Started> {
  await bo.clearScenarios();
  await bo.resetFlags();
  for (const [name, on] of Object.entries(setup.flags)) await bo.setFlag(name, on);
  // Fresh users: whoever signs in with a set-up's name now is removed first.
  for (const u of Object.values(setup.users)) {
    const old = await bo.userByLogin(loginOf(u));
    if (old) await bo.deleteUser(old);
  }
  const uids: Record<string, string> = {};
  const tokens: Record<string, string> = {};
  for (const [key, u] of Object.entries(setup.users)) {
    const seeded = await bo.seedUser({
      ...(u.email ? { email: u.email } : { phone: u.phone ?? '' }),
      password: u.password,
      ...(u.deposit ? { deposit: u.deposit } : {}),
    });
    uids[key] = seeded.uid;
    tokens[key] = seeded.token;
  }
  for (const [key, u] of Object.entries(setup.users)) {
    const token = tokens[key] ?? '';
    const api = asUser(token);
    const aesKey = decodeToken(token)?.aesKey ?? '';
    for (const w of u.wallets ?? [])
      await must(
        'addUserWallet',
        api.call('addUserWallet', {
          currencyId: w.coinNetId,
          cryptocurrencyAddress: await encodeSensitive(aesKey, w.address),
        }),
      );
    for (const c of u.cards ?? [])
      await must(
        'addUserBankCard',
        api.call('addUserBankCard', await encodeFields(aesKey, c, SENSITIVE_BANK_FIELDS)),
      );
    if (u.loan) await makeLoan(u.loan, uids[key] ?? '', uids[u.loan.guarantor] ?? '', api, bo);
  }
  const { user, login } = signInUser(setup);
  const users = Object.entries(setup.users).map(([key, u]) => ({
    login: u.email ?? `+${u.phone ?? ''}`,
    uid: uids[key] ?? '',
  }));
  return { login, password: user.password, users };
}

async function makeLoan(
  loan: NonNullable<SetupUser['loan']>,
  uid: string,
  guarantor: string,
  api: Pick<ApiClient, 'call'>,
  bo: StartDeps['bo'],
): Promise<void> {
  await must(
    'addUserLoan',
    api.call('addUserLoan', {
      amount: loan.amount,
      days: loan.days,
      guarantor,
      remark: loan.remark,
    }),
  );
  if (loan.then === 'review') return;
  const item = (await bo.reviews()).find((i) => i.kind === 'loan' && i.uid === uid);
  if (!item) throw new Error('the loan application is not in review');
  if (loan.then === 'rejected') return bo.rejectLoan(item.id, SETUP_REJECT_REASON);
  await bo.approveLoan(item.id);
  if (loan.then === 'overdue') await bo.makeLoanOverdue(item.id);
}
