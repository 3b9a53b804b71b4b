/** Shared set-up for the account-side simulator tests: a world, users, images. */
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import type { BankCardInput } from '../../../../src/api/types/user.ts';
import type { NewUser } from '../../../../src/simulator/users.ts';

/** A simulator on a virtual clock (no price ticks: prices are computed from time). */
export const world = (): Promise<TestWorld> => createWorld({ ticking: false });

/** Seed a user through the back office and sign the client in as them. */
export async function seeded(
  w: TestWorld,
  input: Partial<NewUser> & { deposit?: string | number } = {},
): Promise<{ uid: string; token: string }> {
  const n = Object.keys(w.sim.ctx.state.users).length;
  const r = await w.sim.backOffice.seedUser({
    email: `user${n}@example.com`,
    password: 'secret123',
    ...input,
  });
  w.session.token = r.token;
  return r;
}

/** Register by e-mail with the code from the outbox; returns the uid. */
export async function signUp(w: TestWorld, email: string, password = 'secret123'): Promise<string> {
  const sent = await w.api.call('sendMail', { email, type: '1', locale: 'en' });
  if (sent.code !== 0) throw new Error(`sendMail ${sent.code}`);
  const code = w.sim.backOffice.lastCode(email) ?? '';
  const r = await w.api.call('register', {
    username: email,
    password,
    code,
    type: 'E',
    locale: 'en',
  });
  if (r.code !== 0) throw new Error(`register ${r.code}`);
  const u = Object.values(w.sim.ctx.state.users).find((x) => x.email === email);
  return u?.uid ?? '';
}

/** Sign in and keep the token on the client. */
export async function signIn(w: TestWorld, username: string, password = 'secret123') {
  const r = await w.api.call('login', {
    username,
    password,
    type: username.includes('@') ? 'E' : 'P',
  });
  if (r.data?.token) w.session.token = r.data.token;
  return r;
}

/** The smallest valid PNG (1×1), as an upload. */
export const png = (): Blob =>
  new Blob(
    [
      Uint8Array.from(
        atob(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        ),
        (c) => c.charCodeAt(0),
      ),
    ],
    { type: 'image/png' },
  );

/** The ledger's invariants: money is conserved and no user account is negative. */
export function ledgerHolds(w: TestWorld): void {
  const total = w.sim.ctx.ledger.total();
  if (!total.eq(0)) throw new Error(`ledger total ${total.toString()}`);
  for (const [k, v] of w.sim.ctx.ledger.accounts('u:'))
    if (v.lt(0)) throw new Error(`${k} is ${v.toString()}`);
}

/** Submit a USDT (TRC20) deposit through the client; returns the reply code. */
export async function deposit(
  w: TestWorld,
  amt: string,
  extra: Record<string, string> = {},
  proof: Blob | null = png(),
) {
  const metaData = JSON.stringify({ coinId: '101', amt, said: '', locale: 'en', ...extra });
  return (
    await w.api.call('userDeposit', { metaData, ...(proof ? { depositProof: proof } : {}) } as {
      metaData: string;
      depositProof: Blob;
    })
  ).code;
}

/** Deposit through the client and have the back office approve it (USDT is 1:1 with USD). */
export async function funded(w: TestWorld, uid: string, amt: string): Promise<void> {
  const code = await deposit(w, amt);
  if (code !== 0) throw new Error(`deposit ${code}`);
  const [req] = w.sim.backOffice.walletRequests(uid);
  w.sim.backOffice.approveDeposit(req?.id ?? '');
}

/** The user's available real cash, as a string. */
export const cash = (w: TestWorld, uid: string): string =>
  w.sim.ctx.ledger.balance(`u:${uid}:real:USD`).toString();

/** A bank card as the form takes it (before its sensitive fields are encoded). */
export const bankCard = (bankName = 'Bank of Test'): BankCardInput => ({
  bankName,
  swiftCode: 'TESTGB2L',
  name: 'Ann Lee',
  account: 'GB29NWBK60161331926819',
  address: '1 High St',
  idNumber: 'X1234567',
  phoneNumber: '+44 7700 900123',
  bankCountry: 'GB',
});
