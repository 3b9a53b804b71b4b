/** The crypto-address machine's real actors: list (decoded), coins, add (encoded), delete. */
import { fromPromise } from 'xstate';
import { encodeSensitive, decodeSensitive } from '../../api/aes-codec.ts';
import type { ApiClient, CallResult } from '../../api/client.ts';
import { sessionAesKey } from '../aes-key.ts';
import { doneReply, settleRemoved, settleUnsure } from '../shared/unsure.ts';
import type { AddResult, AesKeySource, CoinsResult, WalletsResult } from './machine.ts';

type Added = CallResult<'addUserWallet'>;
type DeleteResult = CallResult<'deleteUserWallet'>;

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
    const r: Added = await api.call(
      'addUserWallet',
      { currencyId: input.currencyId, cryptocurrencyAddress },
      { unsure: true },
    );
    // A lost reply: the address may be saved already; the list says (one address per network).
    return settleUnsure(
      r,
      async () => {
        const list = await savedList(api);
        const key = (await aesKey()) ?? '';
        for (const w of list?.filter((x) => String(x.currencyId) === input.currencyId) ?? []) {
          const address = await decodeSensitive(key, w.cryptocurrencyAddress).catch(() => '');
          if (address === input.address.trim()) return true;
        }
        return undefined;
      },
      (): Added => doneReply(null),
      'unsure.crypto_address',
    );
  }),
  deleteWallet: fromPromise<DeleteResult, { walletId: string }>(async ({ input }) => {
    const r: DeleteResult = await api.call('deleteUserWallet', input, { unsure: true });
    // A lost reply: the address may be gone already; the list says.
    return settleRemoved(
      r,
      () => savedList(api),
      (w: { walletId: unknown }) => String(w.walletId) === input.walletId,
      'unsure.crypto_address',
    );
  }),
});

/** The saved addresses, read quietly (undefined when they cannot be read). */
const savedList = async (api: ApiClient) =>
  (await api.call('userWallet', WALLET_PAGE, { quiet: true })).data?.list;
