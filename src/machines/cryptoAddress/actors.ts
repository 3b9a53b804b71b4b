/** The crypto-address machine's real actors: list (decoded), coins, add (encoded), delete. */
import { fromPromise } from 'xstate';
import { encodeSensitive, decodeSensitive } from '../../api/aes-codec.ts';
import type { ApiClient, CallResult } from '../../api/client.ts';
import { sessionAesKey } from '../aes-key.ts';
import type { AddResult, AesKeySource, CoinsResult, WalletsResult } from './machine.ts';

/** Crypto wallet list: up to 1000 (user-centre.md §9), one page. */
export const WALLET_PAGE = { pageNum: 1, pageSize: 1000 } as const;

/**
 * The real actors. `aesKey` reads the key of the token in use (by default
 * the app's session).
 */
export const cryptoAddressActors = (api: ApiClient, aesKey: AesKeySource = sessionAesKey) => ({
  loadWallets: fromPromise<WalletsResult>(async () => {
    const r = await api.call('userWallet', WALLET_PAGE);
    if (r.code !== 0) return { code: r.code, wallets: [] };
    const key = (await aesKey()) ?? '';
    const wallets = await Promise.all(
      (r.data?.list ?? []).map(async (w) => ({
        walletId: String(w.walletId),
        currencyId: String(w.currencyId),
        currencyName: w.currencyName,
        protocol: w.protocol,
        logoUrl: w.logoUrl,
        address: await decodeSensitive(key, w.cryptocurrencyAddress).catch(() => ''),
      })),
    );
    return { code: 0, wallets };
  }),
  loadCoins: fromPromise<CoinsResult>(async () => {
    const r = await api.call('currencySimpleCoinNet');
    const coins = (r.data?.dtoList ?? []).map(({ id, currency, protocol, logoUrl }) => ({
      id: String(id),
      currency,
      protocol,
      logoUrl,
    }));
    return { code: r.code, coins };
  }),
  addWallet: fromPromise<AddResult, { currencyId: string; address: string }>(async ({ input }) => {
    let cryptocurrencyAddress: string;
    try {
      cryptocurrencyAddress = await encodeSensitive((await aesKey()) ?? '', input.address.trim());
    } catch {
      return { code: -1, encodeFailed: true };
    }
    return api.call('addUserWallet', { currencyId: input.currencyId, cryptocurrencyAddress });
  }),
  deleteWallet: fromPromise<CallResult<'deleteUserWallet'>, { walletId: string }>(({ input }) =>
    api.call('deleteUserWallet', input),
  ),
});
