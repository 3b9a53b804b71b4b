/**
 * The cards area as the words of bankCard and cryptoAddress say it
 * (src/ui/screens/user/cards-kit.tsx): the back arrow, a saved list and its
 * reload, the phone field, the save and delete drawers and buttons, the page
 * a finished save or delete goes to.
 */
import type { AnyEvent, StepCtx, W } from '../plan/words.ts';
import {
  automatedOnly,
  buttonLoading,
  codeOf,
  codeToast,
  latest,
  loading,
  press,
  toast,
} from './common.ts';

export const backArrow = (w: W) =>
  w.say(
    `Press the back arrow at the top left (${w.q('common.back')})`,
    `左上の戻る矢印（${w.q('common.back')}）を押す`,
  );

/** A saved list: its rows, or the empty text; the add button either way. */
export const listShows = (
  w: W,
  rows: string[],
  k: { empty: string; add: string; edit?: string },
) => {
  if (rows.length === 0)
    return w.say(
      `${w.q(k.empty)} and the button ${w.q(k.add)}`,
      `${w.q(k.empty)}とボタン${w.q(k.add)}`,
    );
  const list = rows.map((r) => `“${r}”`).join(', ');
  const listJa = rows.map((r) => `「${r}」`).join('、');
  const edit = k.edit ? w.say(` with ${w.q(k.edit)}`, `（${w.q(k.edit)}付き）`) : '';
  return w.say(
    `The list: ${list}${edit}; the button ${w.q(k.add)}`,
    `一覧：${listJa}${edit}。ボタン${w.q(k.add)}`,
  );
};

/** The phone field is a country code and a number ('+44 7911 123456'; bare digits keep +1). */
export const phoneStep = (w: W, value: string, labelKey: string) => {
  const m = /^\+(\d+)\s*(.*)$/.exec(value);
  const [code, rest] = m ? [m[1] as string, m[2] as string] : ['1', value];
  return w.say(
    `In ${w.q(labelKey)} choose +${code} in ${w.q('form.dialCode')} and type “${rest}”`,
    `${w.q(labelKey)}で${w.q('form.dialCode')}を +${code} にし、「${rest}」と入力`,
  );
};

/** A save or delete done: its page goes to the list route. */
export const toList = (w: W, titleKey: string, route: string) =>
  w.say(`; the page goes to ${w.q(titleKey)} (${route})`, `。${w.q(titleKey)}（${route}）に移動`);

/** From the failed screen a reload is its Retry; the list itself has none, so the page is reloaded. */
export const reloadList = (listActor: string) => (w: W, _e: AnyEvent, c: StepCtx) => {
  const last = latest(c.history, (x) => x.type === `xstate.done.actor.${listActor}`);
  return last && codeOf(last) !== 0
    ? press(w, 'common.retry')
    : w.say('Reload the page', 'ページを再読み込み');
};

export const inDrawer = (w: W, key: string) =>
  w.say(`In the drawer press ${w.q(key)}`, `ドロワーで${w.q(key)}を押す`);

/** The save actor's note: a reply only the automated run can make. */
export const encodeFailedNote = (w: W, e: AnyEvent) =>
  e.output.encodeFailed
    ? automatedOnly(
        w,
        w.say(
          'a session whose token carries no usable encryption key',
          '暗号化キーを持たないセッショントークン',
        ),
      )
    : '';

/** The form after a refused save: the app's own toast when encrypting failed, else the code's. */
export const saveRefused = (w: W, e: AnyEvent) =>
  e.output.encodeFailed ? toast(w, w.t('tips.something_wrong')) : codeToast(w, codeOf(e) ?? 0);

/** The list is loading, or a save or delete has finished: its toast, and the page goes to the list. */
export const loadingOrDone = (
  w: W,
  e: AnyEvent,
  k: {
    save: string;
    saved: string;
    remove: string;
    title: string;
    route: string;
    /** The call that loads the list. */
    list: string;
  },
) => {
  const list = toList(w, k.title, k.route);
  if (e.type === `xstate.done.actor.${k.save}`) return toast(w, w.t(k.saved)) + list;
  if (e.type === `xstate.done.actor.${k.remove}`)
    return (
      (codeOf(e) === 0 ? toast(w, w.t('tips.delete_success')) : codeToast(w, codeOf(e) ?? 0)) + list
    );
  return loading(w, k.list);
};

/** A screen that failed to load (`failedKey`) with its Retry and the code's toast. */
export const loadFailed = (w: W, e: AnyEvent, failedKey: string) =>
  w.say(
    `${w.q(failedKey)} with ${w.q('common.retry')}; ${codeToast(w, codeOf(e) ?? 1012)}`,
    `${w.q(failedKey)}と${w.q('common.retry')}。${codeToast(w, codeOf(e) ?? 1012)}`,
  );

export const typedNoError = (w: W) =>
  w.say(
    'The field shows what was typed; no error under it',
    '入力した値が表示され、その下にエラーはない',
  );

export const deleteDrawer = (w: W, titleKey: string, confirmKey: string) =>
  w.say(
    `A drawer ${w.q(titleKey)}: ${w.q(confirmKey)}, with ${w.q('common.cancel')} and ${w.q('common.confirm')}`,
    `ドロワー${w.q(titleKey)}：${w.q(confirmKey)}、${w.q('common.cancel')}と${w.q('common.confirm')}`,
  );
/** The save button while `call` (add or edit) runs. */
export const saving = (w: W, call: string) => buttonLoading(w, call);
/** The delete button while `call` runs. */
export const deleting = (w: W, call: string) =>
  w.transient(
    w.say(
      `The button ${w.q('cards.delete')} shows ${w.q('common.loading')}`,
      `ボタン${w.q('cards.delete')}が${w.q('common.loading')}になる`,
    ),
    call,
  );
/** Titles both lists' paths share. */
export const sharedTitles = {
  reload: (w: W) => w.say('Reload the list', '一覧を再読み込み'),
  deleteCancel: (w: W) => w.say('Delete, then cancel', '削除して取り消す'),
  leaveForm: (w: W) => w.say('Leave the form with the back arrow', '戻る矢印でフォームを離れる'),
};
