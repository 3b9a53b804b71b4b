/** The withdraw machine's real actors: status, targets, calculation and submission via the API. */
import { fromPromise } from 'xstate';
import { encodeSensitive } from '../../api/aes-codec.ts';
import type { ApiClient } from '../../api/client.ts';
import { sessionAesKey } from '../aes-key.ts';
import { sendAdding, walletRequest } from '../shared/unsure.ts';
import { decodeForDisplay } from '../validation/wallet.ts';
import type {
  CalcInput,
  CalcResult,
  LoadInput,
  StatusResult,
  SubmitInput,
  MaxInput,
  SubmitResult,
  TargetsResult,
  WithdrawTarget,
} from './machine.ts';
import { largestWithdrawal, type MaxResult } from './max.ts';

/**
 * The real actors. `aesKey` gives the session's key for the encoded fields
 * (default: the current token's).
 */
export const withdrawActors = (
  api: ApiClient,
  opts: { aesKey?: () => string | undefined } = {},
) => {
  const aesKey = opts.aesKey ?? sessionAesKey;
  const loadCrypto = async (noWallet: boolean): Promise<TargetsResult> => {
    if (noWallet) {
      const r = await api.call('currencySimpleCoinNet');
      return {
        code: r.code,
        data:
          r.data?.dtoList.map((n) => ({
            id: n.id,
            kind: 'coin',
            currencyId: n.id,
            coin: n.currency,
            protocol: n.protocol,
            logoUrl: n.logoUrl,
            min: n.minWithdrawAmount ?? 0,
            max: n.maxWithdrawAmount ?? Number.MAX_SAFE_INTEGER,
          })) ?? null,
      };
    }
    const r = await api.call('userWallet', { pageNum: 1, pageSize: 1000 });
    if (!r.data) return { code: r.code, data: null };
    const key = aesKey();
    const data = await Promise.all(
      r.data.list.map(async (w): Promise<WithdrawTarget> => ({
        id: w.walletId,
        kind: 'wallet',
        currencyId: w.currencyId,
        coin: w.currencyName,
        protocol: w.protocol,
        address: await decodeForDisplay(key, w.cryptocurrencyAddress),
        logoUrl: w.logoUrl,
        min: w.minWithdrawAmount,
        max: w.maxWithdrawAmount,
      })),
    );
    return { code: r.code, data };
  };
  const loadCards = async (): Promise<TargetsResult> => {
    const [cards, meta] = await Promise.all([
      api.call('userBankCardList', { pageNum: 1, pageSize: 1000 }),
      api.call('currencyBanckCardCoinNet'),
    ]);
    if (!cards.data) return { code: cards.code, data: null };
    const dto = meta.data?.dto;
    if (!dto) return { code: 0, data: [], metaMissing: cards.data.list.length > 0 };
    const key = aesKey();
    const data = await Promise.all(
      cards.data.list.map(async (card): Promise<WithdrawTarget> => ({
        id: card.id,
        kind: 'card',
        currencyId: dto.id,
        coin: 'USD',
        bankName: card.bankName,
        account: await decodeForDisplay(key, card.account),
        min: dto.minWithdrawAmount,
        max: dto.maxWithdrawAmount,
      })),
    );
    return { code: 0, data };
  };
  const calculate = ({ tab, payload }: CalcInput): Promise<CalcResult> =>
    tab === 'bank_card'
      ? api.call('withdrawBankCardCalculate', payload)
      : api.call('withdrawWalletCalculate', payload);
  return {
    checkStatus: fromPromise<StatusResult>(() => api.call('withdrawStatus')),
    loadTargets: fromPromise<TargetsResult, LoadInput>(({ input }) =>
      input.tab === 'bank_card' ? loadCards() : loadCrypto(input.noWallet),
    ),
    calculate: fromPromise<CalcResult, CalcInput>(({ input }) => calculate(input)),
    findMax: fromPromise<MaxResult, MaxInput>(({ input }) =>
      largestWithdrawal(
        (num) => calculate({ tab: input.tab, payload: { ...input.payload, num } }),
        input.limits,
      ),
    ),
    submit: fromPromise<SubmitResult, SubmitInput>(async ({ input }) => {
      let body = input;
      if ('paymentAddress' in input && input.paymentAddress) {
        const key = aesKey();
        // No key to encode with: the server refuses the address it cannot read.
        const paymentAddress = key ? await encodeSensitive(key, input.paymentAddress) : '';
        body = { ...input, paymentAddress };
      }
      // A lost reply: the withdrawal may be in review already; the withdrawal records say.
      return sendAdding(
        walletRequest(api, 1, input.num),
        (): Promise<SubmitResult> => api.call('userWithdraw', body, { unsure: true }),
        'unsure.withdraw',
      );
    }),
  };
};
