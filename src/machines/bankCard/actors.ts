/** The bank-card machine's real actors: list, read, save (encoded) and delete cards. */
import { fromPromise } from 'xstate';
import { decodeFields, encodeFields, SENSITIVE_BANK_FIELDS } from '../../api/aes-codec.ts';
import type { ApiClient, CallResult } from '../../api/client.ts';
import type { BankCardInput as CardBody } from '../../api/types/user.ts';
import { sessionAesKey } from '../aes-key.ts';
import { doneReply, settleRemoved, settleUnsure } from '../shared/unsure.ts';
import {
  CARD_FIELDS,
  emptyForm,
  type AesKeySource,
  type CardForm,
  type CardResult,
  type CardsResult,
  type SaveInput,
  type SaveResult,
} from './machine.ts';

type AddResult = CallResult<'addUserBankCard'>;
type DeleteResult = CallResult<'deleteUserBankCard'>;

/** Bank card list: up to 1000 (user-centre.md §9), one page. */
export const CARD_PAGE = { pageNum: 1, pageSize: 1000 } as const;

/**
 * The real actors. `aesKey` reads the key of the token in use (by default
 * the app's session).
 */
export const bankCardActors = (api: ApiClient, aesKey: AesKeySource = sessionAesKey) => ({
  loadCards: fromPromise<CardsResult>(async () => {
    const r = await api.call('userBankCardList', CARD_PAGE);
    if (r.code !== 0) return { code: r.code, cards: [] };
    const key = (await aesKey()) ?? '';
    const cards = await Promise.all(
      (r.data?.list ?? []).map(async (c) => {
        const account = await decodeFields(key, { account: c.account }, ['account']).then(
          (d) => d.account,
          () => '',
        );
        return { id: String(c.id), bankName: c.bankName, last4: account.slice(-4) };
      }),
    );
    return { code: 0, cards };
  }),
  /** A failed load or a card that cannot be decoded: code other than 0. */
  loadCard: fromPromise<CardResult, { id: string }>(async ({ input }) => {
    const r = await api.call('userBankCard', input);
    if (r.code !== 0 || !r.data) return { code: r.code };
    try {
      const plain = await decodeFields((await aesKey()) ?? '', r.data.dto, SENSITIVE_BANK_FIELDS);
      const card = emptyForm();
      for (const f of CARD_FIELDS) card[f] = String(plain[f] ?? '');
      return { code: 0, card };
    } catch {
      return { code: -1 };
    }
  }),
  saveCard: fromPromise<SaveResult, SaveInput>(async ({ input }) => {
    let card: Partial<CardForm>;
    try {
      card = await encodeFields((await aesKey()) ?? '', input.card, SENSITIVE_BANK_FIELDS);
    } catch {
      return { code: -1, encodeFailed: true };
    }
    // The machine saves only a form its rules passed (checkBankCard): bankName, name and account are there.
    const body = card as CardBody;
    // An edit sets the card's fields: sent again it leaves the same card, so a retry is safe.
    if (input.id) return api.call('editUserBankCard', { ...body, id: input.id });
    const r: AddResult = await api.call('addUserBankCard', body, { unsure: true });
    // A lost reply: the card may be saved already; a new card of this account in the list says.
    return settleUnsure(
      r,
      () => addedCard(api, aesKey, input),
      (): AddResult => doneReply(null),
      'unsure.bank_card',
    );
  }),
  deleteCard: fromPromise<DeleteResult, { id: string }>(async ({ input }) => {
    const r: DeleteResult = await api.call('deleteUserBankCard', input, { unsure: true });
    // A lost reply: the card may be gone already; the list says.
    return settleRemoved(
      r,
      async () => (await api.call('userBankCardList', CARD_PAGE, { quiet: true })).data?.list,
      (c: { id: unknown }) => String(c.id) === input.id,
      'unsure.bank_card',
    );
  }),
});

/** True when the list holds a card, not listed before, with the account just added. */
async function addedCard(
  api: ApiClient,
  aesKey: AesKeySource,
  input: SaveInput,
): Promise<true | undefined> {
  const list = (await api.call('userBankCardList', CARD_PAGE, { quiet: true })).data?.list;
  if (!list) return undefined;
  const key = (await aesKey()) ?? '';
  for (const c of list.filter((x) => !input.known?.includes(String(x.id)))) {
    const plain = await decodeFields(key, { account: c.account }, ['account']).catch(() => null);
    if (plain?.account === input.card.account) return true;
  }
  return undefined;
}
