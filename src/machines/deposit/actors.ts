/** The deposit machine's real actors: coins, bank cards, reading the proof, the deposit. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { sessionAesKey } from '../aes-key.ts';
import { metaField, sendAdding, walletRequest } from '../shared/unsure.ts';
import { dataUrlToBlob, decodeForDisplay, readImage } from '../validation/wallet.ts';
import type {
  CardsResult,
  CoinsResult,
  DepositSubmitInput,
  RechargeResult,
  SubmitResult,
} from './machine.ts';

/**
 * The real actors: the coin list, the bank cards, reading the proof, the
 * deposit. `aesKey` gives the session's key (default: the current token's).
 */
export const depositActors = (
  api: ApiClient,
  opts: {
    prepare?: (blob: Blob) => Promise<string>;
    aesKey?: () => string | undefined;
    /** The server's clock (default: this device's). */
    now?: () => number;
  } = {},
) => ({
  checkRecharge: fromPromise<RechargeResult>(() => api.call('rechargeStatus')),
  loadCards: fromPromise<CardsResult>(async () => {
    const r = await api.call('userBankCardList', { pageNum: 1, pageSize: 1000 });
    if (!r.data) return { code: r.code, data: null };
    const key = (opts.aesKey ?? sessionAesKey)();
    const data = await Promise.all(
      r.data.list.map(async (c) => ({
        id: c.id,
        bankName: c.bankName,
        account: await decodeForDisplay(key, c.account),
      })),
    );
    return { code: r.code, data };
  }),
  loadCoins: fromPromise<CoinsResult, { walletType: number }>(async ({ input }) => {
    const [r, quotes] = await Promise.all([
      input.walletType === 1 ? api.call('userSelfWallet') : api.call('currencySimpleCoinNet'),
      // The market's quotes give the non-pegged coins' USD value (for the minimum); silent.
      api.call('productList', undefined, { noAlert: true }),
    ]);
    const prices: Record<string, number> = {};
    for (const n of r.data?.dtoList ?? []) {
      const q = quotes.data?.[`${n.currency}USDT`];
      if (q && q.price > 0) prices[n.currency] = q.price;
    }
    return { ...r, prices };
  }),
  /** The image as a data URL, or null when its bytes are not a picture (or there are none). */
  prepareImage: fromPromise<string | null, { blob?: Blob }>(async ({ input }) =>
    input.blob ? (opts.prepare ?? readImage)(input.blob).catch(() => null) : null,
  ),
  submit: fromPromise<SubmitResult, DepositSubmitInput>(async ({ input }) => {
    // A lost reply: the deposit may be waiting for review already; the deposit records say.
    const r = await sendAdding(
      walletRequest(api, 0, String(metaField(input.metaData, 'amt'))),
      () =>
        api.call(
          'userDeposit',
          { metaData: input.metaData, depositProof: dataUrlToBlob(input.proof) },
          { unsure: true },
        ),
      'unsure.deposit',
    );
    return { ...r, at: (opts.now ?? Date.now)() };
  }),
});
