/** Phrases every words file uses: pressing, typing, choosing, toasts, opening a screen. */
import type { AnyEvent, W } from '../plan/words.ts';

export const press = (w: W, key: string, params?: Record<string, unknown>) =>
  w.say(`Press ${w.q(key, params)}`, `${w.q(key, params)}を押す`);
export const type = (w: W, value: unknown, key: string, params?: Record<string, unknown>) =>
  w.say(
    `Type ${value === '' ? '(nothing: clear it)' : `“${value}”`} in ${w.q(key, params)}`,
    `${w.q(key, params)}に${value === '' ? '何も入力しない（空にする）' : `「${value}」`}と入力`,
  );
export const toast = (w: W, text: string) =>
  w.say(`A toast says “${text}”`, `トースト「${text}」が表示される`);
/** The client's toast for a refused call: the code's text and the code. */
export const codeToast = (w: W, code: number) =>
  // -1 stands for an HTTP failure (the spec forces a 500): the client's own message.
  code === -1 ? toast(w, w.t('tips.server500')) : toast(w, `${w.t(`code.${code}`)} [${code}]`);
export const open = (w: W, menuKey: string, route: string) =>
  w.say(`Open ${w.q(menuKey)} (address ${route})`, `${w.q(menuKey)}を開く（アドレス ${route}）`);
export const wait = (w: W, ms: number) =>
  ms % 1000 === 0
    ? w.say(`Wait ${ms / 1000} second${ms === 1000 ? '' : 's'}`, `${ms / 1000}秒待つ`)
    : w.say(`Wait ${ms} ms`, `${ms}ミリ秒待つ`);
export const loading = (w: W) =>
  w.say('A loading placeholder (grey bars)', '読み込み中の表示（灰色のバー）');
export const nothingToArrange = () => '';
/** Only the automated run can produce this reply: the simulator never sends it by itself. */
export const automatedOnly = (w: W, what: string) =>
  w.say(
    `(Automated run only: ${what}; the app and its console cannot produce it: skip this path by hand)`,
    `（自動テストのみ：${what}。アプリとコンソールでは再現できません。手動ではこのパスを省略）`,
  );
/** The reply code of an actor's result (`{ code, data }` outputs). */
export const codeOf = (e: AnyEvent): number | undefined =>
  (e.output as { code?: number } | undefined)?.code;
/** The newest event of a type on the path so far, this step included. */
export const latest = (all: AnyEvent[], pred: (e: AnyEvent) => boolean): AnyEvent | undefined =>
  [...all].reverse().find(pred);
export const signIn = (w: W, who: string, password: string) =>
  w.say(
    `Register a new user ${who} (password ${password}) and sign in: the code the simulator “sends” shows at the top of the page`,
    `新しいユーザー ${who}（パスワード ${password}）を登録してサインインする。シミュレーターが「送る」コードはページ上部に表示されます`,
  );
