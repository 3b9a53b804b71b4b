/**
 * Coin networks, self wallets and saved crypto withdrawal addresses.
 *
 * - currencySimpleCoinNet: the networks offered (deposit address, limits).
 * - userSelfWallet: a wallet-type 1 user's own wallets (set up by the back
 *   office), with `said` the id a deposit names; empty for other users.
 * - userWallet: the caller's saved addresses, the address encoded with the
 *   session's aesKey.
 * - addUserWallet: 23523 demo session or NO_WALLET_WITHDRAW on, 1030 unknown
 *   network, 1049 empty address, 1016 not decodable with the aesKey or not
 *   an address (letters and digits, 20 to 100), 23558 illegal characters,
 *   1031 an address for that network is already saved (one per network).
 * - deleteUserWallet: 1037 not one of the caller's addresses.
 */
import { decodeSensitive, encodeSensitive } from '../../../api/aes-codec.ts';
import type { CoinNet, SavedCryptoAddress } from '../../../api/types/user.ts';
import { fail, ok, type Handlers } from '../../module.ts';
import { nextId } from '../../core-state.ts';
import { hasIllegal, str } from '../identity/validate.ts';
import { COIN_NETS, coinNet, logo, type CoinNetDef } from './coins.ts';
import { isFailure, me, realUser, type Failure } from './guard.ts';
import { mine, type SavedAddress, type AccountContext } from './state.ts';

const limits = (n: CoinNetDef) => ({
  minWithdrawAmount: Number(n.min),
  maxWithdrawAmount: Number(n.max),
});

/** A coin network as the wire shows it; `said` is the self wallet's id, if any. */
export const coinNetView = (n: CoinNetDef, said = ''): CoinNet => ({
  id: n.id,
  currency: n.coin,
  protocol: n.protocol,
  address: n.address,
  said,
  logoUrl: logo(n.coin),
  ...limits(n),
});

/** Decode an encoded address and check it; the plain address or a failure. */
export async function plainAddress(aesKey: string, encoded: unknown): Promise<string | Failure> {
  const given = str(encoded);
  if (!given) return fail(1049);
  let address: string;
  try {
    address = (await decodeSensitive(aesKey, given)).trim();
  } catch {
    return fail(1016);
  }
  if (!address) return fail(1049);
  if (hasIllegal(address)) return fail(23558);
  return /^[A-Za-z0-9]{20,100}$/.test(address) ? address : fail(1016);
}

async function savedView(aesKey: string, a: SavedAddress): Promise<SavedCryptoAddress | undefined> {
  const n = coinNet(a.coinNetId);
  if (!n) return undefined;
  return {
    walletId: a.walletId,
    currencyId: n.id,
    currencyName: n.coin,
    protocol: n.protocol,
    cryptocurrencyAddress: await encodeSensitive(aesKey, a.address),
    logoUrl: logo(n.coin),
    ...limits(n),
  };
}

/** The calls on coin networks and a user's saved withdrawal addresses. */
export const addressHandlers = (ctx: AccountContext): Handlers => ({
  currencySimpleCoinNet: () =>
    ok({
      dtoList: COIN_NETS.filter((n) => !ctx.state.account.disabledCoinNets[n.id]).map((n) =>
        coinNetView(n),
      ),
    }),
  userSelfWallet: (_p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const own = u.walletType === 1 ? mine(ctx.state.account.selfWallets, u.uid) : [];
    const dtoList = own.flatMap((w) => {
      const n = coinNet(w.coinNetId);
      return n ? [{ ...coinNetView(n, w.id), address: w.address }] : [];
    });
    return ok({ dtoList });
  },
  userWallet: async (_p, info) => {
    const u = me(ctx, info);
    if (isFailure(u) || !info.session) return isFailure(u) ? u : fail(1002);
    const key = info.session.aesKey;
    const own = mine(ctx.state.account.addresses, u.uid).sort((a, b) => a.createdAt - b.createdAt);
    const list = (await Promise.all(own.map((a) => savedView(key, a)))).filter(
      (a) => a !== undefined,
    );
    return ok({ list });
  },
  addUserWallet: async (p, info) => {
    const u = realUser(ctx, info);
    if (isFailure(u) || !info.session) return isFailure(u) ? u : fail(1002);
    if (ctx.state.flags.NO_WALLET_WITHDRAW) return fail(23523);
    const n = coinNet(p?.currencyId);
    if (!n || n.coin === 'USD') return fail(1030);
    const address = await plainAddress(info.session.aesKey, p?.cryptocurrencyAddress);
    if (isFailure(address)) return address;
    if (mine(ctx.state.account.addresses, u.uid).some((a) => a.coinNetId === n.id))
      return fail(1031);
    const walletId = nextId(ctx.state);
    ctx.state.account.addresses[walletId] = {
      walletId,
      uid: u.uid,
      coinNetId: n.id,
      address,
      createdAt: ctx.clock.now(),
    };
    return ok(null);
  },
  deleteUserWallet: (p, info) => {
    const u = me(ctx, info);
    if (isFailure(u)) return u;
    const a = ctx.state.account.addresses[String(p?.walletId)];
    if (!a || a.uid !== u.uid) return fail(1037);
    delete ctx.state.account.addresses[a.walletId];
    return ok(null);
  },
});
