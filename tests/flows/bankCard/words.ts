/**
 * The bankCard machine in a person's words (tests/flows/bankCard/paths.ts,
 * screens src/ui/flows/bankCard/cards.tsx and cards-kit.tsx). The list,
 * the add form and the edit form are three addresses; each starts the
 * machine on its part. The spec's user has one saved card, “Seed Bank”.
 */
import { checkBankCard } from '../../../src/machines/validation/account.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  flagState,
  codeOf,
  codeToast,
  done,
  latest,
  loading,
  open,
  press,
  realAccount,
  startPath,
  toast,
  type,
} from '../../paths/words/common.ts';
import {
  backArrow,
  deleteDrawer,
  deleting,
  encodeFailedNote,
  inDrawer,
  listShows,
  loadFailed,
  loadingOrDone,
  phoneStep,
  reloadList,
  saveRefused,
  saving,
  sharedTitles,
  typedNoError,
} from '../../paths/words/cards.screen.ts';

const LIST = '/user/wallet/bankCard';
const label = (field: string) => `cards.bank.${field}`;

type Form = Record<string, string>;
/** The form as the path has left it: blank on add, the read card on edit, then what was typed. */
function form(e: AnyEvent, c: StepCtx): Form {
  let f: Form = {};
  for (const x of [...c.history, e]) {
    if (x.type === 'add.open' || (done(x, 'loadCards') && c.spec.includes('add route'))) f = {};
    if (done(x, 'loadCard') && codeOf(x) === 0) f = { ...(x.output.card as Form) };
    if (x.type === 'field.change') f = { ...f, [x.field as string]: x.value as string };
  }
  return f;
}
/** Editing a saved card (rather than adding one). */
const editing = (c: StepCtx) => {
  const last = latest(
    c.history,
    (x) => x.type === 'add.open' || done(x, 'loadCard') || done(x, 'loadCards'),
  );
  return !!last && done(last, 'loadCard') && codeOf(last) === 0;
};
/** The cards of the newest list read. */
const cards = (e: AnyEvent, c: StepCtx) =>
  (
    (latest([...c.history, e], (x) => done(x, 'loadCards'))?.output.cards ?? []) as Array<{
      id: string;
      bankName: string;
      last4: string;
    }>
  ).map((r) => ({ ...r, name: `${r.bankName} •••• ${r.last4}` }));

const errorsUnder = (w: W, f: Form) =>
  Object.entries(
    checkBankCard({
      bankName: f.bankName ?? '',
      name: f.name ?? '',
      account: f.account ?? '',
      phoneNumber: f.phoneNumber ?? '',
    }),
  )
    .map(([k, msg]) =>
      w.say(
        `under ${w.q(label(k))} the error ${w.q(msg)}`,
        `${w.q(label(k))}の下にエラー${w.q(msg)}`,
      ),
    )
    .join(w.say('; ', '。'));

const filled = (w: W, f: Form) =>
  w.say(
    `The form ${w.q('cards.bank.editTitle')} filled in: ${w.q(label('bankName'))} “${f.bankName}”, ${w.q(label('name'))} “${f.name}”, ${w.q(label('account'))} “${f.account}”, ${w.q(label('phoneNumber'))} +1 4155552671, ${w.q(label('address'))} “${f.address}”; the buttons ${w.q('cards.save')} and ${w.q('cards.delete')}`,
    `フォーム${w.q('cards.bank.editTitle')}に入力済み：${w.q(label('bankName'))}「${f.bankName}」、${w.q(label('name'))}「${f.name}」、${w.q(label('account'))}「${f.account}」、${w.q(label('phoneNumber'))} +1 4155552671、${w.q(label('address'))}「${f.address}」。ボタン${w.q('cards.save')}と${w.q('cards.delete')}`,
  );
const blank = (w: W, bankInfo: boolean) =>
  w.say(
    `The empty form ${w.q('add_bank_card')}: sections ${w.q('cards.bank.sectionBank')} and ${w.q('cards.bank.sectionPayee')}${bankInfo ? `, with ${w.q(label('insNum'))} and ${w.q(label('traNum'))}` : ''}; the button ${w.q('cards.save')}, no ${w.q('cards.delete')}`,
    `空のフォーム${w.q('add_bank_card')}：セクション${w.q('cards.bank.sectionBank')}と${w.q('cards.bank.sectionPayee')}${bankInfo ? `、${w.q(label('insNum'))}と${w.q(label('traNum'))}あり` : ''}。ボタン${w.q('cards.save')}、${w.q('cards.delete')}はない`,
  );

export const bankCardWords: Words = {
  machine: 'bankCard',
  title: (w) => w.t('cards.bank.title'),
  open: (w, spec) => {
    if (spec.includes('unknown card'))
      return w.say(
        'Open the address /user/wallet/editBankCard?id=999999 (a card that does not exist)',
        'アドレス /user/wallet/editBankCard?id=999999 を開く（存在しないカード）',
      );
    if (spec.includes('edit route'))
      return w.say(
        `Open ${w.q('my.bankCards')} (address ${LIST}) and press ${w.q('cards.bank.edit')} beside “Seed Bank •••• 6819”`,
        `${w.q('my.bankCards')}（アドレス ${LIST}）を開き、「Seed Bank •••• 6819」の横の${w.q('cards.bank.edit')}を押す`,
      );
    if (spec.includes('add route'))
      return w.say(
        'Open the address /user/wallet/addBankCard',
        'アドレス /user/wallet/addBankCard を開く',
      );
    return open(w, 'my.bankCards', LIST);
  },
  // The console makes the user and the one saved card (SEED) each path starts from.
  before: (w, spec) => [
    ...startPath(
      w,
      'bankCard',
      spec.includes('add route') ? [w.console('flags', flagState(w, 'bankInfo', true))] : [],
    ),
    realAccount(w),
  ],
  events: {
    'list.reload': reloadList('loadCards'),
    'add.open': (w) => press(w, 'add_bank_card'),
    'edit.open': (w, e, c) => {
      const card = cards(e, c).find((r) => r.id === e.id)?.name ?? 'Seed Bank •••• 6819';
      return w.say(
        `Press ${w.q('cards.bank.edit')} beside “${card}”`,
        `「${card}」の横の${w.q('cards.bank.edit')}を押す`,
      );
    },
    'field.change': (w, e) =>
      e.field === 'phoneNumber'
        ? phoneStep(w, e.value as string, label('phoneNumber'))
        : type(w, e.value, label(e.field as string)),
    'form.submit': (w) => press(w, 'cards.save'),
    'delete.open': (w) => press(w, 'cards.delete'),
    'delete.cancel': (w) => inDrawer(w, 'common.cancel'),
    'delete.confirm': (w) => inDrawer(w, 'common.confirm'),
    back: (w) => backArrow(w),
  },
  actors: {
    loadCards: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('userBankCardList', 'code', codeOf(e) ?? 0)),
    },
    // The unknown card's 1008 is the server's own answer to id 999999.
    loadCard: { done: () => '' },
    saveCard: { done: encodeFailedNote },
    deleteCard: {
      done: (w, e) =>
        codeOf(e) === 1008
          ? w.say(
              `In a second tab open the same card's edit page and delete it there (${w.q('cards.delete')} ▸ ${w.q('common.confirm')}); come back to this tab`,
              `別のタブで同じカードの編集ページを開いてそこで削除し（${w.q('cards.delete')} ▸ ${w.q('common.confirm')}）、このタブに戻る`,
            )
          : '',
    },
  },
  delays: {},
  states: {
    loading: (w, e, c) =>
      loadingOrDone(w, e, {
        save: 'saveCard',
        saved: editing(c) ? 'tips.update_success' : 'tips.add_success',
        remove: 'deleteCard',
        title: 'cards.bank.title',
        route: LIST,
        list: 'userBankCardList',
      }),
    failed: (w, e) => loadFailed(w, e, 'cards.loadFailed'),
    list: (w, e, c) => {
      const gone = done(e, 'loadCard')
        ? w.say(
            `${codeToast(w, codeOf(e) ?? 1008)}; the page goes to ${w.q('cards.bank.title')} (${LIST}): `,
            `${codeToast(w, codeOf(e) ?? 1008)}。${w.q('cards.bank.title')}（${LIST}）に移動：`,
          )
        : '';
      return (
        gone +
        listShows(
          w,
          cards(e, c).map((r) => r.name),
          {
            empty: 'cards.bank.empty',
            add: 'add_bank_card',
            edit: 'cards.bank.edit',
          },
        )
      );
    },
    loadingCard: (w) => loading(w, 'userBankCard'),
    form: () => '',
    'form.idle': (w, e, c) => {
      const f = form(e, c);
      if (done(e, 'saveCard')) return saveRefused(w, e);
      if (e.type === 'form.submit')
        return `${errorsUnder(w, f)}${w.say('; ', '。')}${toast(w, w.t('tips.validation_failed'))}`;
      if (e.type === 'field.change') return typedNoError(w);
      if (e.type === 'delete.cancel')
        return w.say(
          'The drawer closes; the form is unchanged',
          'ドロワーが閉じ、フォームはそのまま',
        );
      if (done(e, 'loadCard')) return filled(w, f);
      return blank(w, c.spec.includes('add route'));
    },
    'form.confirm': (w) => deleteDrawer(w, 'cards.bank.deleteTitle', 'cards.bank.deleteConfirm'),
    saving: (w, _e, c) => saving(w, editing(c) ? 'editUserBankCard' : 'addUserBankCard'),
    deleting: (w) => deleting(w, 'deleteUserBankCard'),
  },
  names: {
    loading: ['Loading the cards', 'カードを読み込み中'],
    failed: ['Cards failed to load', 'カードの読み込み失敗'],
    list: ['Card list', 'カード一覧'],
    loadingCard: ['Loading the card', 'カードを読み込み中'],
    form: ['Card form', 'カードフォーム'],
    'form.idle': ['Filling in the card', 'カード情報を入力中'],
    'form.confirm': ['Asked to confirm', '確認中'],
    saving: ['Saving the card', 'カードを保存中'],
    deleting: ['Deleting the card', 'カードを削除中'],
  },
  titles: {
    'loading|xstate.done.actor.loadCards|0': (w) =>
      w.say(
        'The add form by its address, with the bank-info fields',
        'アドレスから追加フォーム（銀行情報の項目あり）',
      ),
    'loading|xstate.done.actor.loadCards|3': (w) =>
      w.say('The cards fail to load, then Retry', 'カードの読み込み失敗と再試行'),
    'list|list.reload|0': sharedTitles.reload,
    'loadingCard|xstate.done.actor.loadCard|1': (w) =>
      w.say('A card that does not exist: back to the list', '存在しないカード：一覧に戻る'),
    'form.idle|form.submit|1': (w) =>
      w.say('Save with the required fields empty', '必須項目が空のまま保存'),
    'form.idle|back|0': sharedTitles.leaveForm,
    'form.confirm|delete.cancel|0': sharedTitles.deleteCancel,
    'saving|xstate.done.actor.saveCard|0': (w, _e, c) =>
      editing(c)
        ? w.say('Change the card and save', 'カードを変更して保存')
        : w.say('Add a bank card', '銀行カードを追加'),
    'saving|xstate.done.actor.saveCard|1': (w) =>
      w.say('The card cannot be encrypted for sending', 'カードを送信用に暗号化できない'),
    'saving|xstate.done.actor.saveCard|2': (w) =>
      w.say('A bank account the server refuses', 'サーバーが拒否する口座番号'),
    'deleting|xstate.done.actor.deleteCard|0': (w) => w.say('Delete the card', 'カードを削除'),
    'deleting|xstate.done.actor.deleteCard|1': (w) =>
      w.say('Delete a card already deleted in another tab', '別のタブで削除済みのカードを削除'),
  },
};
