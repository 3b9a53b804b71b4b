/**
 * The user-centre calls the kit can do and undo itself (a saved withdrawal
 * address, a bank card: added, read, edited, deleted; the sensitive fields
 * encoded with the session's aesKey as the app sends and reads them,
 * src/api/aes-codec.ts), and those that need an operator (operator.ts):
 * a deposit approved (the balance rises), a withdrawal approved (it falls),
 * a verification approved, a loan request rejected. Whatever a check adds
 * it removes; what a failed check leaves behind is removed at the end of
 * the run (Kit.later).
 */
import {
  decodeSensitive,
  encodeFields,
  encodeSensitive,
  SENSITIVE_BANK_FIELDS,
} from '../../api/aes-codec.ts';
import type {
  BankCard,
  BankCardInput,
  CoinNet,
  Loan,
  Notification,
  SavedCryptoAddress,
  VerificationRecord,
} from '../../api/types/user.ts';
import { CheckFailure, jwtPayload, Skip, sleep, type Account, type Kit } from '../kit.ts';

/** The real book's token of an account (a sign-in opens the book last switched to). */
export const realOf = async (kit: Kit, a: Account) => (await kit.booksOf(a)).real;

/** A fresh real-book token, for undoing at the end (the run's sessions may have ended). */
async function freshReal(kit: Kit, a: Account): Promise<string> {
  const s = await kit.signIn(a);
  if (String(jwtPayload(s.token)?.virtualStatus ?? '0') === '0') return s.token;
  const other = (await kit.loose('switchUser', undefined, s.token)) as { token?: string };
  // Back on the book it was on: the switch was only to get this token.
  await kit.call('switchUser', undefined, other.token);
  return String(other.token);
}

/** Decode, or say why not. */
async function decoded(key: string, v: unknown): Promise<string | { error: string }> {
  if (typeof v !== 'string') return { error: `not a string (${JSON.stringify(v)})` };
  try {
    return await decodeSensitive(key, v);
  } catch {
    return {
      error: `"${v.length > 60 ? `${v.slice(0, 60)}…` : v}" does not decode with the session's aesKey`,
    };
  }
}

const unique = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4).toString(36)}`.toUpperCase();

// ---- saved withdrawal addresses

async function savedAddresses(kit: Kit, token: string): Promise<SavedCryptoAddress[]> {
  const r = (await kit.loose('userWallet', { pageNum: 1, pageSize: 100 }, token)) as {
    list?: SavedCryptoAddress[];
  };
  return r?.list ?? [];
}

/** A coin network (USDT first; `usdt`: only USDT) the account has no address saved on (one per network). */
async function freeNetwork(kit: Kit, token: string, usdt = false): Promise<CoinNet> {
  const nets = (await kit.loose('currencySimpleCoinNet', undefined, token)) as {
    dtoList?: CoinNet[];
  };
  const saved = await savedAddresses(kit, token);
  const free = (nets?.dtoList ?? []).filter(
    (n) => n.currency !== 'USD' && !saved.some((s) => s.currencyId === n.id),
  );
  const pick = free.find((n) => n.currency === 'USDT') ?? (usdt ? undefined : free[0]);
  if (!pick)
    throw new Skip(
      `every ${usdt ? 'USDT ' : ''}coin network already has an address saved (one per network)`,
    );
  return pick;
}

export interface KitAddress {
  walletId: string;
  net: CoinNet;
  address: string;
  entry: SavedCryptoAddress;
}

/**
 * Save a new address on a free network (`subject`: the check's call, its
 * reply checked), found again in userWallet by its network; removed at the
 * end of the run if a check leaves it.
 */
export async function saveAddress(
  kit: Kit,
  a: Account,
  token: string,
  subject: boolean,
  usdt = false,
): Promise<KitAddress> {
  const net = await freeNetwork(kit, token, usdt);
  const address = `CONF${unique()}${'0'.repeat(16)}`.slice(0, 32);
  const payload = {
    currencyId: net.id,
    cryptocurrencyAddress: await encodeSensitive(kit.aesKeyOf(token), address),
  };
  if (subject) await kit.ok('addUserWallet', payload, token);
  else await kit.loose('addUserWallet', payload, token);
  const entry = (await savedAddresses(kit, token)).find((s) => s.currencyId === net.id);
  if (!entry)
    throw new CheckFailure(
      `userWallet to list the address just saved on network ${net.id}`,
      kit.last,
      'not listed',
    );
  kit.later(async () =>
    kit.call('deleteUserWallet', { walletId: entry.walletId }, await freshReal(kit, a)),
  );
  return { walletId: entry.walletId, net, address, entry };
}

export async function addUserWallet(kit: Kit): Promise<void> {
  const a = kit.anyAccount;
  const token = await realOf(kit, a);
  const w = await saveAddress(kit, a, token, true);
  const got = await decoded(kit.aesKeyOf(token), w.entry.cryptocurrencyAddress);
  await kit.loose('deleteUserWallet', { walletId: w.walletId }, token);
  if (got !== w.address)
    throw new CheckFailure(
      "userWallet's cryptocurrencyAddress encoded with the session's aesKey, decoding to the address saved",
      undefined,
      typeof got === 'string' ? `decodes to "${got}", sent "${w.address}"` : got.error,
    );
}

export async function deleteUserWallet(kit: Kit): Promise<void> {
  const a = kit.anyAccount;
  const token = await realOf(kit, a);
  const w = await saveAddress(kit, a, token, false);
  await kit.ok('deleteUserWallet', { walletId: w.walletId }, token);
  if ((await savedAddresses(kit, token)).some((s) => s.walletId === w.walletId))
    throw new CheckFailure(
      'the deleted address no longer listed by userWallet',
      kit.last,
      `walletId ${w.walletId} still listed`,
    );
}

// ---- bank cards

const cardFields = (): BankCardInput => ({
  bankName: 'Conformance Test Bank',
  bankCode: 'CONF',
  swiftCode: 'CONFUS00',
  bankCountry: 'US',
  name: 'Conformance Kit',
  account: `CONF${unique()}`,
  address: '1 Test Street',
  postCode: '00000',
  idNumber: 'X1234567',
  phoneNumber: '15550100',
});

async function cards(kit: Kit, token: string): Promise<BankCard[]> {
  const r = (await kit.loose('userBankCardList', { pageNum: 1, pageSize: 100 }, token)) as {
    list?: BankCard[];
  };
  return r?.list ?? [];
}

/** A card as it came against the fields sent: sensitive ones encoded, the rest plain. */
async function sameCard(
  kit: Kit,
  key: string,
  card: BankCard,
  sent: BankCardInput,
  what: string,
): Promise<void> {
  const sensitive = new Set<string>(SENSITIVE_BANK_FIELDS);
  for (const [k, v] of Object.entries(sent)) {
    const came = (card as unknown as Record<string, unknown>)[k];
    if (!sensitive.has(k)) {
      if (came !== v)
        throw new CheckFailure(
          `${what}: ${k} as sent`,
          kit.last,
          `${JSON.stringify(came)}, sent ${JSON.stringify(v)}`,
        );
      continue;
    }
    const got = await decoded(key, came);
    if (got !== v)
      throw new CheckFailure(
        `${what}: ${k} encoded with the session's aesKey, decoding to what was sent`,
        kit.last,
        typeof got === 'string' ? `decodes to "${got}", sent "${v}"` : got.error,
      );
  }
}

/** Add a card with every field (`subject`: the check's call), found again by its account; removed at the end if left. */
async function addCard(
  kit: Kit,
  a: Account,
  token: string,
  subject: boolean,
): Promise<{ card: BankCard; sent: BankCardInput }> {
  const key = kit.aesKeyOf(token);
  const sent = cardFields();
  const wire = await encodeFields(key, sent, SENSITIVE_BANK_FIELDS);
  if (subject) await kit.ok('addUserBankCard', wire, token);
  else await kit.loose('addUserBankCard', wire, token);
  let card: BankCard | undefined;
  for (const c of await cards(kit, token))
    if ((await decoded(key, c.account)) === sent.account) card = c;
  if (!card)
    throw new CheckFailure(
      `userBankCardList to list the card just added (account ${sent.account}, decoded with the session's aesKey)`,
      kit.last,
      'not listed',
    );
  const id = card.id;
  kit.later(async () => kit.call('deleteUserBankCard', { id }, await freshReal(kit, a)));
  return { card, sent };
}

export async function addUserBankCard(kit: Kit): Promise<void> {
  const a = kit.anyAccount;
  const token = await realOf(kit, a);
  const { card, sent } = await addCard(kit, a, token, true);
  try {
    await sameCard(kit, kit.aesKeyOf(token), card, sent, 'the added card in userBankCardList');
  } finally {
    await kit.loose('deleteUserBankCard', { id: card.id }, token);
  }
}

export async function userBankCard(kit: Kit): Promise<void> {
  const a = kit.anyAccount;
  const token = await realOf(kit, a);
  const { card, sent } = await addCard(kit, a, token, false);
  try {
    const r = await kit.ok('userBankCard', { id: card.id }, token);
    await sameCard(
      kit,
      kit.aesKeyOf(token),
      (r.data as { dto: BankCard }).dto,
      sent,
      'userBankCard',
    );
  } finally {
    await kit.loose('deleteUserBankCard', { id: card.id }, token);
  }
}

export async function editUserBankCard(kit: Kit): Promise<void> {
  const a = kit.anyAccount;
  const token = await realOf(kit, a);
  const key = kit.aesKeyOf(token);
  const { card, sent } = await addCard(kit, a, token, false);
  try {
    const edited: BankCardInput = {
      ...sent,
      name: 'Conformance Kit Edited',
      bankName: 'Conformance Other Bank',
      phoneNumber: '15550199',
    };
    await kit.ok(
      'editUserBankCard',
      { id: card.id, ...(await encodeFields(key, edited, SENSITIVE_BANK_FIELDS)) },
      token,
    );
    const r = await kit.loose('userBankCard', { id: card.id }, token);
    await sameCard(
      kit,
      key,
      (r as { dto: BankCard }).dto,
      edited,
      'the edited card (userBankCard)',
    );
  } finally {
    await kit.loose('deleteUserBankCard', { id: card.id }, token);
  }
}

export async function deleteUserBankCard(kit: Kit): Promise<void> {
  const a = kit.anyAccount;
  const token = await realOf(kit, a);
  const { card } = await addCard(kit, a, token, false);
  await kit.ok('deleteUserBankCard', { id: card.id }, token);
  if ((await cards(kit, token)).some((c) => c.id === card.id))
    throw new CheckFailure(
      'the deleted card no longer listed by userBankCardList',
      kit.last,
      `card ${card.id} still listed`,
    );
}

// ---- with an operator

/** A 1×1 PNG: the proof and identity images the kit sends. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const png = () => new Blob([PNG], { type: 'image/png' });

/** The deposit the kit makes and the withdrawal it takes back: USD of a USDT network. */
export const DEPOSIT_AMOUNT = 1000;
export const WITHDRAW_AMOUNT = 100;

/**
 * The real book's balance: userBalance's balanceAmount, or, when it gives
 * none (calls.userBalance reports that), the wallet's USD row (the trading
 * account), so one wrong field is not reported again here.
 */
async function balanceOf(kit: Kit, token: string): Promise<number> {
  const b = (await kit.loose('userBalance', undefined, token)) as { balanceAmount?: unknown };
  if (typeof b?.balanceAmount === 'number') return b.balanceAmount;
  const w = (await kit.loose('myWalletBalance', undefined, token)) as {
    list?: Array<{ currency: string; balance: string }>;
  };
  return Number(w?.list?.find((r) => r.currency === 'USD')?.balance);
}

/** Wait until the balance differs from `before` (an approval may take a moment to land). */
async function balanceAfter(kit: Kit, token: string, before: number): Promise<number> {
  const end = Date.now() + 5_000 * kit.slack;
  let now = await balanceOf(kit, token);
  while (now === before && Date.now() < end) {
    await sleep(200);
    now = await balanceOf(kit, token);
  }
  return now;
}

/** The newest of the account's items of `kind` waiting for the operator. */
async function pendingOf(kit: Kit, uid: string, kind: string, what: string): Promise<string> {
  const items = await kit.operate(`list what waits for review`, (op) => op.pending(uid));
  const item = items.filter((i) => i.kind === kind).at(-1);
  if (!item)
    throw new CheckFailure(
      `${what} waiting for the operator's review`,
      kit.last,
      `no ${kind} in review for ${uid}`,
    );
  return item.id;
}

const usdtNet = async (kit: Kit, token: string): Promise<CoinNet> => {
  const nets = (await kit.loose('currencySimpleCoinNet', undefined, token)) as {
    dtoList?: CoinNet[];
  };
  const net = nets?.dtoList?.find((n) => n.currency === 'USDT');
  if (!net) throw new Skip('the server lists no USDT network (the kit deposits USDT)');
  return net;
};

export async function userDeposit(kit: Kit): Promise<void> {
  kit.needOperator();
  const a = kit.needFunded();
  const token = await realOf(kit, a);
  const uid = await kit.operate('find the funded account', (op) => op.accountId(a.email));
  const net = await usdtNet(kit, token);
  const before = await balanceOf(kit, token);
  await kit.ok(
    'userDeposit',
    {
      metaData: JSON.stringify({
        coinId: net.id,
        amt: String(DEPOSIT_AMOUNT),
        said: '',
        locale: 'en',
      }),
      depositProof: png(),
    },
    token,
  );
  const id = await pendingOf(kit, uid, 'deposit', `the deposit of ${DEPOSIT_AMOUNT} USDT`);
  await kit.operate(`approve deposit ${id}`, (op) => op.approveDeposit(id));
  const after = await balanceAfter(kit, token, before);
  if (!(after > before))
    throw new CheckFailure(
      `the real book's balance to rise once the operator approved the deposit of ${DEPOSIT_AMOUNT} USDT`,
      kit.last,
      `${before} before, ${after} after`,
    );
}

export async function userWithdraw(kit: Kit): Promise<void> {
  kit.needOperator();
  const a = kit.needFunded();
  const token = await realOf(kit, a);
  const uid = await kit.operate('find the funded account', (op) => op.accountId(a.email));
  // The operator gives what the kit then takes out, so the account does not drain run after run.
  const start = await balanceOf(kit, token);
  await kit.operate(`give ${WITHDRAW_AMOUNT} USD`, (op) => op.giveFunds(uid, WITHDRAW_AMOUNT));
  const before = await balanceAfter(kit, token, start);
  if (Math.abs(before - start - WITHDRAW_AMOUNT) > 0.005)
    throw new CheckFailure(
      `the balance to rise by the ${WITHDRAW_AMOUNT} USD the operator gave`,
      kit.last,
      `${start} before, ${before} after`,
    );
  // USDT only: the kit withdraws 100 of the coin, about 100 USD.
  const w = await saveAddress(kit, a, token, false, true);
  try {
    const fee = (await kit.loose(
      'withdrawWalletCalculate',
      { currencyId: w.walletId, num: String(WITHDRAW_AMOUNT) },
      token,
    )) as { practical?: string };
    await kit.ok(
      'userWithdraw',
      {
        num: String(WITHDRAW_AMOUNT),
        practicalNum: String(fee?.practical),
        currencyId: w.walletId,
        locale: 'en',
      },
      token,
    );
    const id = await pendingOf(kit, uid, 'withdrawal', `the withdrawal of ${WITHDRAW_AMOUNT}`);
    await kit.operate(`approve withdrawal ${id}`, (op) => op.approveWithdrawal(id));
    const r = await kit.loose('uesrRecharge', { pageNum: 1, pageSize: 10, type: 1 }, token);
    const rec = (r as { list?: Array<{ id: string; payState: number }> })?.list?.find(
      (x) => x.id === id,
    );
    if (rec && rec.payState !== 1)
      throw new CheckFailure(
        'the approved withdrawal listed with payState 1',
        kit.last,
        `payState ${rec.payState}`,
      );
    const after = await balanceOf(kit, token);
    if (!(after < before))
      throw new CheckFailure(
        `the balance below ${before} once the withdrawal of ${WITHDRAW_AMOUNT} is made`,
        kit.last,
        `${after}`,
      );
  } finally {
    await kit.loose('deleteUserWallet', { walletId: w.walletId }, token);
  }
}

/** authSubmit / juniorAuthSubmit, then the operator approves (a verified account: 1014 on submitting again). */
export async function verification(kit: Kit, junior: boolean): Promise<void> {
  kit.needOperator();
  const a = kit.needFunded();
  const token = await realOf(kit, a);
  const read = junior ? 'juniorAuth' : 'auth';
  const submit = junior ? 'juniorAuthSubmit' : 'authSubmit';
  const status = async () =>
    ((await kit.loose(read, undefined, token)) as VerificationRecord)?.verifiedStatus;
  const form = {
    metaData: JSON.stringify({
      realName: 'Conformance Kit',
      idCard: 'X1234567',
      idType: '0',
      locale: 'en',
    }),
    ...(junior ? {} : { cardImgFront: png(), cardImgReverse: png(), cardImgAvatar: png() }),
  };
  const was = await status();
  if (was === 2) {
    await kit.refused(submit, form, token, [1014], 'an account verified already submitting again');
    return;
  }
  const uid = await kit.operate('find the funded account', (op) => op.accountId(a.email));
  if (was === 1)
    await kit.operate('reject the review left by a past run', (op) =>
      op.rejectKyc(uid, 'conformance kit: left by a past run', junior),
    );
  await kit.ok(submit, form, token);
  const review = await status();
  if (review !== 1)
    throw new CheckFailure(
      `${read} verifiedStatus 1 (in review) after ${submit}`,
      kit.last,
      `${review}`,
    );
  await kit.operate(`approve the verification of ${uid}`, (op) => op.approveKyc(uid, junior));
  const done = await status();
  if (done !== 2)
    throw new CheckFailure(
      `${read} verifiedStatus 2 once the operator approved`,
      kit.last,
      `${done}`,
    );
}

/** When the kit's rejection notified the account (userUpdateNotification marks that one read). */
export const notified = new WeakMap<Kit, { account: Account; at: number }>();

/** A loan request with the other account as guarantor, rejected by the operator. */
export async function addUserLoan(kit: Kit): Promise<void> {
  kit.needOperator();
  const a = kit.needFunded();
  const other = kit.opts.accounts.find((x) => x.email !== a.email);
  if (!other) throw new Skip('a loan needs a guarantor: a second account in the account file');
  const token = await realOf(kit, a);
  const guarantor = (await kit.loose('userInfo', undefined, await realOf(kit, other))) as {
    uid?: string;
  };
  const uid = await kit.operate('find the funded account', (op) => op.accountId(a.email));
  const now = (await kit.loose('userLoanCheck', undefined, token)) as { dto?: Loan | null };
  if (now?.dto?.status === 0) {
    // Left in review by a run that stopped half-way: rejected, as the kit does.
    const left = await pendingOf(kit, uid, 'loan', 'the loan request left in review');
    await kit.operate(`reject loan ${left}`, (op) =>
      op.rejectLoan(left, 'conformance kit: left by a past run'),
    );
  } else if (now?.dto && [1, 4].includes(Number(now.dto.status)))
    throw new Skip(`the funded account has a running loan (status ${now.dto.status})`);
  await kit.ok(
    'addUserLoan',
    { amount: 50_000, days: 7, guarantor: String(guarantor?.uid), remark: 'conformance kit' },
    token,
  );
  const id = await pendingOf(kit, uid, 'loan', 'the loan request');
  const at = Date.now();
  await kit.operate(`reject loan ${id}`, (op) =>
    op.rejectLoan(id, 'conformance kit: a test request'),
  );
  notified.set(kit, { account: a, at });
  const after = (await kit.loose('userLoanCheck', undefined, token)) as { dto?: Loan | null };
  if (after?.dto?.status !== 2)
    throw new CheckFailure(
      'userLoanCheck dto.status 2 (rejected) once the operator rejected it',
      kit.last,
      `${after?.dto?.status}`,
    );
}

/** Mark read a notification: one read already, or the one the kit's rejection caused. */
export async function userUpdateNotification(kit: Kit): Promise<void> {
  const list = async (token: string) =>
    (
      (await kit.loose('userNotification', { page: 1, limit: 50 }, token)) as {
        list?: Notification[];
      }
    )?.list ?? [];
  const token = await realOf(kit, kit.anyAccount);
  const seen = (await list(token)).find((n) => n.readStatus === 1);
  if (seen) {
    await kit.ok('userUpdateNotification', { ids: [seen.id] }, token);
    return;
  }
  const mine = notified.get(kit);
  if (!mine)
    throw new Skip(
      "the account has no read notification, and no operator rejected something of the kit's (marking an unread one would change it)",
    );
  const t = await realOf(kit, mine.account);
  const fresh = (await list(t)).find(
    (n) => n.readStatus === 0 && n.timeStamp >= mine.at - kit.toleranceMs,
  );
  if (!fresh)
    throw new CheckFailure(
      'a notification of the loan the operator rejected',
      kit.last,
      'none unread since',
    );
  await kit.ok('userUpdateNotification', { ids: [fresh.id] }, t);
  const again = (await list(t)).find((n) => n.id === fresh.id);
  if (again?.readStatus !== 1)
    throw new CheckFailure(
      `notification ${fresh.id} listed with readStatus 1 once marked`,
      kit.last,
      `${again?.readStatus}`,
    );
}

/** The repayments of the kit's (or the account's) loan. */
export async function userLoanRepay(kit: Kit): Promise<void> {
  for (const a of [kit.funded, kit.anyAccount]) {
    if (!a) continue;
    const token = await realOf(kit, a);
    const loan = (await kit.loose('userLoanCheck', undefined, token)) as { dto?: Loan | null };
    if (!loan?.dto) continue;
    await kit.ok('userLoanRepay', { loanId: loan.dto.id, loanUid: loan.dto.uid }, token);
    return;
  }
  throw new Skip(`the accounts have no loan (the kit asks for one only with an operator)`);
}
