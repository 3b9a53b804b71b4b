/**
 * Bank cards: list, one, add, edit, delete. name, account, address,
 * idNumber and phoneNumber travel encoded with the session's aesKey (both
 * ways) and are kept sealed (AES-GCM under the state's vault key), never in
 * plain text; a card saved plain by an older version is sealed when listed.
 *
 * Codes: 23523 demo session or cards switched off (user/bankCard), 1016 a
 * field that cannot be decoded, is over 140 characters, an account that is
 * not 4 to 34 letters/digits, or a phone that is not 6 to 15 digits,
 * 1001 no bank name, payee name or account, 23558 illegal characters,
 * 1008 not one of the caller's cards, 23552 deleting a card a withdrawal
 * in review is paying to.
 */
import {
  CodecError,
  decodeFields,
  encodeFields,
  SENSITIVE_BANK_FIELDS,
} from '../../../api/aes-codec.ts';
import type { BankCard, BankCardInput } from '../../../api/types/user.ts';
import { mapSealed, seal, unseal } from '../../auth/vault.ts';
import { fail, ok, type CallInfo, type Handlers } from '../../module.ts';
import { nextId } from '../../core-state.ts';
import type { UserRecord } from '../../users.ts';
import { hasIllegal, isPhone, MAX_FIELD, normalisePhone, str } from '../identity/validate.ts';
import { isFailure, me, realUser, type Failure } from './guard.ts';
import { mine, type CardRecord, type AccountContext } from './state.ts';

/** Bank cards one user may save: the list's size (user-centre.md §9, "up to 1000"). */
export const MAX_SAVED_CARDS = 1000;

const FIELDS = [
  'bankName',
  'bankCode',
  'bankAddress',
  'swiftCode',
  'branchCode',
  'bankCountry',
  'name',
  'account',
  'address',
  'postCode',
  'idNumber',
  'phoneNumber',
  'accountType',
  'insNum',
  'traNum',
] as const satisfies ReadonlyArray<keyof BankCardInput>;

/** Decode and check a card form; the clean fields or a failure. */
async function readCard(
  aesKey: string,
  p: Record<string, unknown>,
): Promise<BankCardInput | Failure> {
  const raw: Record<string, string> = {};
  for (const k of FIELDS) {
    const v = str(p[k]);
    if (v !== undefined) raw[k] = v;
  }
  let plain: Record<string, string>;
  try {
    plain = await decodeFields(aesKey, raw, SENSITIVE_BANK_FIELDS);
  } catch (e) {
    if (e instanceof CodecError) return fail(1016);
    throw e;
  }
  const card: Record<string, string> = {};
  for (const [k, v] of Object.entries(plain)) if (v.trim() !== '') card[k] = v.trim();
  if (!card.bankName || !card.name || !card.account) return fail(1001);
  if (hasIllegal(...Object.values(card))) return fail(23558);
  if (Object.values(card).some((v) => v.length > MAX_FIELD)) return fail(1016);
  if (!/^[A-Za-z0-9 -]{4,34}$/.test(card.account)) return fail(1016);
  if (card.phoneNumber !== undefined) {
    card.phoneNumber = normalisePhone(card.phoneNumber);
    if (!isPhone(card.phoneNumber)) return fail(1016);
  }
  return card as unknown as BankCardInput;
}

/** The bank-card calls; the sensitive fields are sealed at rest. */
export const cardHandlers = (ctx: AccountContext): Handlers => {
  const vault = () => ctx.state.vaultKey;
  /** A record to keep: the sensitive fields sealed. */
  const sealed = async (c: Omit<CardRecord, 'sealed'>): Promise<CardRecord> => ({
    ...(await mapSealed(vault(), c, SENSITIVE_BANK_FIELDS, seal)),
    sealed: true,
  });
  /** A record as the wire wants it: unsealed, then encoded with the session's aesKey. */
  const view = async (aesKey: string, c: CardRecord): Promise<BankCard> => {
    const { uid: _uid, createdAt: _at, sealed: isSealed, ...card } = c;
    const plain = isSealed ? await mapSealed(vault(), card, SENSITIVE_BANK_FIELDS, unseal) : card;
    return encodeFields(aesKey, plain, SENSITIVE_BANK_FIELDS);
  };
  /** The caller on the real account with cards switched on, and their aesKey. */
  const caller = (info: CallInfo): { u: UserRecord; key: string } | Failure => {
    const u = realUser(ctx, info);
    if (isFailure(u)) return u;
    if (ctx.state.flags['user/bankCard'] === false) return fail(23523);
    return { u, key: info.session?.aesKey ?? '' };
  };
  const own = (uid: string, id: unknown) => {
    const c = ctx.state.account.cards[String(id)];
    return c && c.uid === uid ? c : undefined;
  };
  return {
    userBankCardList: async (_p, info) => {
      const u = me(ctx, info);
      if (isFailure(u)) return u;
      const cards = mine(ctx.state.account.cards, u.uid).sort((a, b) => a.createdAt - b.createdAt);
      for (const c of cards) {
        if (c.sealed) continue;
        const done = await sealed(c);
        // Only if nothing replaced it meanwhile (a list is not serialised with edits).
        if (ctx.state.account.cards[c.id] === c) ctx.state.account.cards[c.id] = done;
      }
      return ok({ list: await Promise.all(cards.map((c) => view(info.session?.aesKey ?? '', c))) });
    },
    userBankCard: async (p, info) => {
      const u = me(ctx, info);
      if (isFailure(u)) return u;
      const c = own(u.uid, p?.id);
      return c ? ok({ dto: await view(info.session?.aesKey ?? '', c) }) : fail(1008);
    },
    addUserBankCard: async (p, info) => {
      const who = caller(info);
      if (isFailure(who)) return who;
      // The list shows at most MAX_SAVED_CARDS (user-centre.md §9): one more could never be seen.
      if (mine(ctx.state.account.cards, who.u.uid).length >= MAX_SAVED_CARDS) return fail(1016);
      const card = await readCard(who.key, (p ?? {}) as unknown as Record<string, unknown>);
      if (isFailure(card)) return card;
      const id = nextId(ctx.state);
      ctx.state.account.cards[id] = await sealed({
        ...card,
        id,
        uid: who.u.uid,
        createdAt: ctx.clock.now(),
      });
      return ok(null);
    },
    editUserBankCard: async (p, info) => {
      const who = caller(info);
      if (isFailure(who)) return who;
      const c = own(who.u.uid, p?.id);
      if (!c) return fail(1008);
      const card = await readCard(who.key, (p ?? {}) as unknown as Record<string, unknown>);
      if (isFailure(card)) return card;
      ctx.state.account.cards[c.id] = await sealed({
        ...card,
        id: c.id,
        uid: c.uid,
        createdAt: c.createdAt,
      });
      return ok(null);
    },
    deleteUserBankCard: (p, info) => {
      const u = me(ctx, info);
      if (isFailure(u)) return u;
      const c = own(u.uid, p?.id);
      if (!c) return fail(1008);
      const paying = mine(ctx.state.account.walletRequests, u.uid).some(
        (r) => r.payState === 0 && r.target?.kind === 'bank' && r.target.cardId === c.id,
      );
      if (paying) return fail(23552);
      delete ctx.state.account.cards[c.id];
      return ok(null);
    },
  };
};
