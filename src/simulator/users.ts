/**
 * Users: the records every module reads. Identity (sign-up, sign-in, tokens)
 * creates and changes them; trading and the user centre read them.
 * Passwords are stored as salted PBKDF2 hashes.
 */
import type Big from 'big.js';
import type { AccountType } from '../api/types/trading.ts';
import { acct } from './ledger.ts';
import type { SimContext } from './module.ts';
import { nextId } from './state.ts';

/** Demo account's starting balance in USD. */
export const DEMO_BALANCE = '100000';

export interface UserRecord {
  uid: string;
  email?: string;
  /** Digits only, country code first, no plus. */
  phone?: string;
  registerType: AccountType;
  passwordHash: string;
  salt: string;
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
}

declare module './state.ts' {
  interface SimState {
    users: Record<string, UserRecord>;
    /**
     * Users removed by the back office, by uid (epoch ms of removal). Their
     * tokens still pass the signature check, as on a real server, so calls
     * reach the handlers, which answer 1002 (user not found).
     */
    deletedUsers?: Record<string, number>;
  }
}

const toHex = (buf: ArrayBuffer) =>
  [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function hashPassword(password: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(password),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new TextEncoder().encode(salt), iterations: 10_000 },
    key,
    256,
  );
  return toHex(bits);
}

export async function checkPassword(u: UserRecord, password: string): Promise<boolean> {
  return (await hashPassword(password, u.salt)) === u.passwordHash;
}

const randomHex = (ctx: SimContext, n: number) =>
  Array.from({ length: n }, () => ctx.rng.int(0, 15).toString(16)).join('');

export interface NewUser {
  email?: string;
  phone?: string;
  password: string;
  nick?: string;
  invitedBy?: string;
  twoFactor?: boolean;
}

/** Create a user with an empty real account and a funded demo account. */
export async function createUser(ctx: SimContext, input: NewUser): Promise<UserRecord> {
  ctx.state.users ??= {};
  const uid = String(100000 + Number(nextId(ctx.state)));
  const salt = randomHex(ctx, 16);
  const user: UserRecord = {
    uid,
    ...(input.email ? { email: input.email } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    registerType: input.email ? 'E' : 'P',
    passwordHash: await hashPassword(input.password, salt),
    salt,
    nick: input.nick ?? (input.email ? (input.email.split('@')[0] ?? uid) : `user${uid}`),
    inviteCode: randomHex(ctx, 6).toUpperCase(),
    ...(input.invitedBy ? { invitedBy: input.invitedBy } : {}),
    createdAt: ctx.clock.now(),
    twoFactor: input.twoFactor ?? false,
    aesKey: randomHex(ctx, 32),
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

export const findUser = (ctx: SimContext, uid: string): UserRecord | undefined =>
  ctx.state.users?.[uid];

export const findByLogin = (ctx: SimContext, username: string): UserRecord | undefined =>
  Object.values(ctx.state.users ?? {}).find((u) => u.email === username || u.phone === username);

/** Total money the user has deposited (USD), from the ledger. */
export const totalDeposit = (ctx: SimContext, uid: string): Big =>
  ctx.ledger.balance(acct.deposits(uid)).neg();

/** Was this uid removed by the back office (its tokens then reach handlers, which answer 1002)? */
export const isDeletedUser = (ctx: SimContext, uid: string): boolean =>
  !!ctx.state.deletedUsers?.[uid];

/**
 * A session token for a user on the account they are on now. It carries the
 * user's session generation (`sg`), so ending all sessions is one increment.
 */
export const tokenFor = (ctx: SimContext, u: UserRecord): Promise<string> => {
  const claims = {
    uid: u.uid,
    virtualStatus: u.virtualStatus,
    aesKey: u.aesKey,
    sg: u.sessionGen ?? 0,
  };
  return ctx.tokens.sign(claims);
};
