/** Phrases every words file uses: pressing, typing, choosing, toasts, opening a screen. */
import type { AnyEvent, W } from '../plan/words.ts';
import { DEFAULT_FLAGS } from '../../../src/simulator/core-state.ts';
import { localOf, PATH_SETUPS, signInUser, type SetupId } from '../../../src/config/path-setups.ts';
import { setupLabel } from '../../../src/ui/console/setup-label.ts';
import { ROUTES, type RouteName } from '../../../src/machines/routes.ts';

export const press = (w: W, key: string, params?: Record<string, unknown>) =>
  w.say(`Press ${w.q(key, params)}`, `${w.q(key, params)}を押す`);
export const type = (w: W, value: unknown, key: string, params?: Record<string, unknown>) => {
  // The phone field takes the number without its country code, which has its own list
  // (followed by hand, “+1 415 555 2671” typed whole was refused as not a phone number).
  const intl =
    key === 'login.phone' && typeof value === 'string' && /^\+(\d{1,3}) (.+)$/.exec(value);
  if (intl)
    return w.say(
      `Choose “+${intl[1]}” in ${w.q('form.dialCode')} and type “${intl[2]}” in ${w.q(key, params)}`,
      `${w.q('form.dialCode')}で「+${intl[1]}」を選び、${w.q(key, params)}に「${intl[2]}」と入力`,
    );
  return w.say(
    `Type ${value === '' ? '(nothing: clear it)' : `“${value}”`} in ${w.q(key, params)}`,
    `${w.q(key, params)}に${value === '' ? '何も入力しない（空にする）' : `「${value}」`}と入力`,
  );
};
/**
 * A value for a field that asks the server on every change (a fee): it goes in
 * all at once, as typed key by key a reply the console holds back is used up
 * by a part of the number (100 of 1000) and the step's expectation never shows.
 * `label` is the field's name, already quoted.
 */
export const pasteInto = (w: W, value: unknown, label: string) =>
  w.say(
    `Paste “${String(value)}” into ${label} (all at once: typed key by key, each key asks the server)`,
    `${label}に「${String(value)}」を貼り付ける（一度に。1 文字ずつ入力すると 1 文字ごとにサーバーに問い合わせる）`,
  );
export const paste = (w: W, value: unknown, key: string, params?: Record<string, unknown>) =>
  value === '' ? type(w, value, key, params) : pasteInto(w, value, w.q(key, params));
/**
 * Something done first in a second tab of the same signed-in user (what another
 * device of theirs would do): how to open it, and to come back after.
 */
export const inOtherTab = (w: W, route: RouteName, what: string, ja: string) => {
  const path = ROUTES.find((r) => r.name === route)?.path ?? route;
  return w.say(
    `Open a second tab at ${path} (the same address; you are still signed in there) and ${what}; then come back to the first tab`,
    `2 つ目のタブで ${path} を開き（同じアドレス。ログインしたまま）、${ja}。その後、最初のタブに戻る`,
  );
};
export const toast = (w: W, text: string) =>
  w.say(`A toast says “${text}”`, `トースト「${text}」が表示される`);
/** The client's text for a refused call: the code's sentence, then "(code N)" (tips.with_code). */
export const codeText = (w: Pick<W, 't'>, code: number) =>
  w.t('tips.with_code', { message: w.t(`code.${code}`), code });
/** The client's toast for a refused call: the code's text and the code. */
export const codeToast = (w: W, code: number) =>
  // -1 stands for an HTTP failure (the spec forces a 500): the client's own message.
  code === -1 ? toast(w, w.t('tips.server500')) : toast(w, codeText(w, code));
/**
 * Through the app's menus, not the address bar: a reload loses a fault armed
 * in the console (the simulator runs in the page), so the route is only a hint.
 */
export const open = (w: W, menuKey: string, route: string) =>
  w.say(
    `Open ${w.q(menuKey)} from ${w.q('nav.user')} (the account name at the top right, then ${w.q('nav.user')}; the screen's address is ${route})`,
    `${w.q('nav.user')}から${w.q(menuKey)}を開く（右上のアカウント名 ▸ ${w.q('nav.user')}。画面のアドレスは ${route}）`,
  );
/**
 * A screen a signed-out person opens: the desktop's header has no account
 * name then, only “Sign in” and “Sign up”; a phone's “Mine” opens the sign-in
 * form, which links to the sign-up form.
 */
export const openSignedOut = (w: W, key: 'nav.login' | 'nav.register', route: string) => {
  // Signed out, a phone's Mine opens Sign in, whose link to sign up reads "New user? Sign up".
  const phone =
    key === 'nav.register' ? `${w.q('nav.user')} ▸ ${w.q('login.newUser')}` : w.q('nav.user');
  return w.say(
    `Press ${w.q(key)} at the top right (on a phone: ${phone}, in the bar at the foot; the screen's address is ${route})`,
    `右上の${w.q(key)}を押す（スマートフォンでは画面下のバーの${phone}。画面のアドレスは ${route}）`,
  );
};
export const wait = (w: W, ms: number) =>
  ms % 1000 === 0
    ? w.say(`Wait ${ms / 1000} second${ms === 1000 ? '' : 's'}`, `${ms / 1000}秒待つ`)
    : w.say(`Wait ${ms} ms`, `${ms}ミリ秒待つ`);
/**
 * A screen's placeholder while `call` loads it: only a flash unless the
 * console holds the reply back (W.transient); no call, nothing to hold back.
 */
export const loading = (w: W, call?: string) =>
  w.transient(w.say('A loading placeholder (grey bars)', '読み込み中の表示（灰色のバー）'), call);
export const nothingToArrange = () => '';
/** A field's error as the form shows it under the field. */
export const fieldError = (w: W, field: string, key: string) =>
  w.say(`under ${w.q(field)} the error ${w.q(key)}`, `${w.q(field)}の下にエラー${w.q(key)}`);
/** A submit button while its call (`call`) runs: a flash unless held back (W.transient). */
export const buttonLoading = (w: W, call?: string) =>
  w.transient(
    w.say(`The button shows ${w.q('common.loading')}`, `ボタンが${w.q('common.loading')}になる`),
    call,
  );
/** Only the automated run can produce this reply: the simulator never sends it by itself. */
export const automatedOnly = (w: W, what: string) =>
  w.automated(
    w.say(
      `(Automated run only: ${what}; the app and its console cannot produce it)`,
      `（自動テストのみ：${what}。アプリとコンソールでは再現できません）`,
    ),
  );
/** The reply code of an actor's result (`{ code, data }` outputs). */
export const codeOf = (e: AnyEvent): number | undefined =>
  (e.output as { code?: number } | undefined)?.code;
/** Is this event the finish of the actor `id`? */
export const done = (x: AnyEvent, id: string) => x.type === `xstate.done.actor.${id}`;
/** The newest event of a type on the path so far, this step included. */
export const latest = (all: AnyEvent[], pred: (e: AnyEvent) => boolean): AnyEvent | undefined =>
  [...all].reverse().find(pred);
/** New accounts open on the real account (README "Demo mode"): switch only if the header says Demo. */
export const realAccount = (w: W) =>
  w.say(
    `Use the real account (${w.q('account.toReal')} if the header shows ${w.q('top.demo')})`,
    `リアル口座を使う（ヘッダーが${w.q('top.demo')}なら${w.q('account.toReal')}）`,
  );
export const signIn = (w: W, who: string, password: string) =>
  w.say(
    `Register a new user ${who} (password ${password}) and sign in: the code the simulator “sends” shows in a notice at the foot of the page`,
    `新しいユーザー ${who}（パスワード ${password}）を登録してログインする。シミュレーターが「送る」コードはページ下部のお知らせに表示されます`,
  );
/** Log out from the user page (before another user signs in or registers). */
export const logOut = (w: W) =>
  w.say(`Log out (${w.q('my.logout')})`, `ログアウトする（${w.q('my.logout')}）`);
/**
 * Flags come with the system config, which the app reads when the page loads
 * (the console's Flags tab says so): set them, then reload once. The step
 * names the state to reach, not a click ("make sure X is ticked"): a flag on
 * by default is turned off by a literal "tick" (issue 27). A name the
 * simulator does not know stops the plan.
 */
export const flagSteps = (w: W, ...changes: Array<[name: string, on: boolean]>) => [
  ...changes.map(([name, on]) => w.console('flags', flagState(w, name, on))),
  w.say(
    'Reload the page (the app reads flags when it loads)',
    'ページを再読み込みする（フラグはページの読み込み時に反映される）',
  ),
];

/** "Make sure FLAG is ticked" (or unticked), for a flag the simulator has. */
export function flagState(w: W, name: string, on: boolean): string {
  if (!(name in DEFAULT_FLAGS))
    throw new Error(`QA words name a flag the app does not have: ${name}`);
  return on
    ? w.say(`make sure ${name} is ticked`, `${name} にチェックが入っていることを確認`)
    : w.say(`make sure ${name} is unticked`, `${name} のチェックが外れていることを確認`);
}

/**
 * A path's start made by the console (issue 27): Paths ▸ the set-up ▸ Start
 * this path; `meanwhile` (what to note from the console, such as a UID);
 * then Reload and sign in, and sign in as its user. The set-up is data
 * (src/config/path-setups.ts) the console applies and this step quotes with
 * the console's own label, so the plan says what the button makes.
 */
export const startPath = (w: W, id: SetupId, meanwhile: string[] = []): string[] => {
  const setup = PATH_SETUPS[id];
  const { user } = signInUser(setup);
  const who = user.email
    ? w.say(`Sign in as ${user.email}`, `${user.email} でログインする`)
    : w.say(
        `Sign in with the phone: ${w.q('form.dialCode')} +${user.dial ?? ''}, number ${localOf(user)}`,
        `電話番号でログインする：${w.q('form.dialCode')} +${user.dial ?? ''}、番号 ${localOf(user)}`,
      );
  return [
    w.console(
      'paths',
      `${w.q('console.setup')} = ${w.quote(setupLabel(w.t, setup))}`,
      w.q('console.setupStart'),
    ),
    ...meanwhile,
    w.console('paths', w.q('console.setupReload')),
    w.say(`${who} (password ${user.password})`, `${who}（パスワード ${user.password}）`),
  ];
};
