/**
 * Users: the records every module reads. Identity (sign-up, sign-in, tokens)
 * creates and changes them; trading and the user centre read them.
 * Passwords are stored as salted PBKDF2 hashes (auth/passwords.ts); every
 * secret here (salt, aes key, invite code) comes from the CSPRNG.
 */
import type Big from 'big.js';
import { decodeJwt } from 'jose';
import type { AccountType } from '../api/types/trading.ts';
import { webCryptoHasher, type PasswordHasher, type StoredPassword } from './auth/passwords.ts';
import { acct } from './ledger.ts';
import type { SimContext } from './module.ts';
import { secureHex } from './secure-random.ts';
import { nextId } from './core-state.ts';

/** Demo account's starting balance in USD. */
export const DEMO_BALANCE = '100000';

export interface UserRecord extends StoredPassword {
  uid: string;
  /** The proved e-mail: a sign-in name (the address an e-mail account registered with, or a bound one proved). */
  email?: string;
  /** An e-mail bound but not proved yet (bindEmailConfirm): shown as bound, never a sign-in name. */
  emailPending?: string;
  /** Digits only, country code first, no plus. */
  phone?: string;
  registerType: AccountType;
  nick: string;
  inviteCode: string;
  invitedBy?: string;
  createdAt: number;
  /** Second factor required at sign-in. */
  twoFactor: boolean;
  /** Key for the spec's encoded fields; travels in the token. */
  aesKey: string;
  /** Cannot sign in (1044). */
  blocked: boolean;
  /** Cannot trade (405). */
  tradeBanned: boolean;
  /** '0' real, '1' demo: the account the user is on now. */
  virtualStatus: '0' | '1';
  /** The demo reset has been used (a second one answers 701). */
  demoResetUsed: boolean;
  /** A reference into the upload area (`upload:<id>`). */
  avatar?: string;
  /** 1: deposits from self wallets. */
  walletType?: number;
  /**
   * Session generation: tokens carry the value they were issued under (claim
   * `sg`); raising it (password change, forced log-out) ends every older session.
   */
  sessionGen?: number;
  /** Self-excluded until then (epoch ms; responsible trading): sign-in answers 1123. */
  selfExcludedUntil?: number;
}

/** The users' section of the state (state.ts composes it). */
export interface UsersSlice {
  users: Record<string, UserRecord>;
  /**
   * Users removed by the back office, by uid (epoch ms of removal). Their
   * tokens still pass the signature check, as on a real server, so calls
   * reach the handlers, which answer 1002 (user not found).
   */
  deletedUsers?: Record<string, number>;
}

/** What the users' helpers need: the users' section. */
type UsersContext = SimContext<UsersSlice>;

const hashers = new WeakMap<object, PasswordHasher>();

/** The simulator's password hasher: the host's, else PBKDF2 through WebCrypto at its cost. */
export function hasher(ctx: UsersContext): PasswordHasher {
  let h = ctx.passwordHasher ?? hashers.get(ctx);
  if (!h) hashers.set(ctx, (h = webCryptoHasher(ctx.passwordIterations)));
  return h;
}

/** The fields of a user record that hold its password hash. */
const storedOf = (u: StoredPassword): StoredPassword => ({
  passwordHash: u.passwordHash,
  salt: u.salt,
  ...(u.passwordIterations !== undefined ? { passwordIterations: u.passwordIterations } : {}),
  ...(u.passwordAlgo !== undefined ? { passwordAlgo: u.passwordAlgo } : {}),
});

/** Put a hash in a user record (every field, so one of another kind leaves nothing behind). */
function putHash(u: UserRecord, h: StoredPassword): void {
  delete u.passwordIterations;
  delete u.passwordAlgo;
  Object.assign(u, h);
}

/** Set a new password (sign-up, change, reset): a fresh salt at the simulator's cost. */
export async function setPassword(
  ctx: UsersContext,
  u: UserRecord,
  password: string,
): Promise<void> {
  putHash(u, await hasher(ctx).hash(password));
  ctx.persist();
}

/**
 * Check a password; a right one hashed at another kind or cost (an older
 * save, or a changed setting) is hashed again at the current one. Sign-in
 * does not wait behind the account's other calls, so the hash may change
 * while this one is worked out (a reset, a change): then the check no longer
 * speaks for the account and answers false, and a rehash never overwrites a
 * newer password.
 */
export async function checkPassword(
  ctx: UsersContext,
  u: UserRecord,
  password: string,
): Promise<boolean> {
  const h = hasher(ctx);
  const stored = storedOf(u);
  if (!(await h.verify(stored, password))) return false;
  if (u.passwordHash !== stored.passwordHash) return false;
  if (!h.needsRehash(stored)) return true;
  const fresh = await h.hash(password);
  if (u.passwordHash !== stored.passwordHash) return u.passwordHash === fresh.passwordHash;
  putHash(u, fresh);
  ctx.persist();
  return true;
}

const dummies = new WeakMap<object, Promise<StoredPassword>>();

/**
 * Check a password against no account, at the cost of a real check: sign-in
 * of an unknown account takes as long as a wrong password of a known one.
 * Always false.
 */
export async function checkNoPassword(ctx: UsersContext, password: string): Promise<false> {
  let dummy = dummies.get(ctx);
  if (!dummy) {
    dummy = hasher(ctx).hash(secureHex(16));
    dummies.set(ctx, dummy);
    // A refused hash (a busy pool) is not kept: the next unknown sign-in makes one again.
    dummy.catch(() => dummies.delete(ctx));
  }
  await hasher(ctx).verify(await dummy, password);
  return false;
}

export interface NewUser {
  email?: string;
  phone?: string;
  password: string;
  nick?: string;
  invitedBy?: string;
  twoFactor?: boolean;
}

/** Create a user with an empty real account and a funded demo account. */
export async function createUser(ctx: UsersContext, input: NewUser): Promise<UserRecord> {
  ctx.state.users ??= {};
  const uid = String(100000 + Number(nextId(ctx.state)));
  const user: UserRecord = {
    uid,
    ...(input.email ? { email: input.email } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    registerType: input.email ? 'E' : 'P',
    ...(await hasher(ctx).hash(input.password)),
    nick: input.nick ?? (input.email ? (input.email.split('@')[0] ?? uid) : `user${uid}`),
    inviteCode: secureHex(6).toUpperCase(),
    ...(input.invitedBy ? { invitedBy: input.invitedBy } : {}),
    createdAt: ctx.clock.now(),
    twoFactor: input.twoFactor ?? false,
    aesKey: secureHex(32),
    blocked: false,
    tradeBanned: false,
    virtualStatus: '0',
    demoResetUsed: false,
  };
  ctx.state.users[uid] = user;
  ctx.ledger.transfer(acct.demoFaucet(), acct.cash(uid, 'demo'), DEMO_BALANCE);
  ctx.persist();
  return user;
}

/** A user by uid, if there is one (removed users are gone). */
export const findUser = (ctx: UsersContext, uid: string): UserRecord | undefined =>
  ctx.state.users?.[uid];

/**
 * The user whose sign-in name (a proved e-mail, or the phone) this is. Every
 * user is looked at, found or not, so the time taken does not tell whether,
 * or where, there is one.
 */
export function findByLogin(ctx: UsersContext, username: string): UserRecord | undefined {
  let found: UserRecord | undefined;
  for (const u of Object.values(ctx.state.users ?? {}))
    if ((u.email === username || u.phone === username) && !found) found = u;
  return found;
}

/** Total money the user has deposited (USD), from the ledger. */
export const totalDeposit = (ctx: UsersContext, uid: string): Big =>
  ctx.ledger.balance(acct.deposits(uid)).neg();

/** Was this uid removed by the back office (its tokens then reach handlers, which answer 1002)? */
export const isDeletedUser = (ctx: UsersContext, uid: string): boolean =>
  !!ctx.state.deletedUsers?.[uid];

/**
 * A session token for a user on the account they are on now. It carries the
 * user's session generation (`sg`), so ending all sessions is one increment,
 * and its session family (`fam`), so a stolen refresh token's family can be
 * revoked as a whole, and when the session signed in (`sia`, epoch ms;
 * refreshes and account switches keep it), for the session time limit.
 */
export const tokenFor = (
  ctx: UsersContext,
  u: UserRecord,
  family?: string,
  signedInAt?: number,
): Promise<string> => {
  const claims = {
    uid: u.uid,
    virtualStatus: u.virtualStatus,
    aesKey: u.aesKey,
    sg: u.sessionGen ?? 0,
    ...(family !== undefined ? { fam: family } : {}),
    ...(signedInAt !== undefined ? { sia: signedInAt } : {}),
  };
  return ctx.tokens.sign(claims);
};

/** When a token's session signed in (claim `sia`, epoch ms), if it says. */
export function signedInAtOf(token: string | undefined): number | undefined {
  if (!token) return undefined;
  try {
    const sia = decodeJwt(token).sia;
    return typeof sia === 'number' ? sia : undefined;
  } catch {
    return undefined;
  }
}

/** The session family of a token (claim `fam`), if it has one. */
export function familyOf(token: string | undefined): string | undefined {
  if (!token) return undefined;
  try {
    const fam = decodeJwt(token).fam;
    return typeof fam === 'string' ? fam : undefined;
  } catch {
    return undefined;
  }
}
