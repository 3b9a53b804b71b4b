/**
 * The accountMode machine in a person's words (paths.ts beside it,
 * src/ui/flows/accountMode/switch.tsx: the Real / Demo badge in the top bar and
 * the demo reset on “Mine”).
 */
import type { StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  buttonLoading,
  codeOf,
  codeToast,
  signIn,
  toast,
  flagSteps,
  flagState,
} from '../../paths/words/common.ts';

/** Demo or real after the path so far (a successful switch flips it). */
const demoNow = (c: StepCtx) =>
  c.history.reduce(
    (demo, x) => (x.type === 'xstate.done.actor.switchUser' && codeOf(x) === 0 ? !demo : demo),
    c.spec.includes('demo account'),
  );
const badge = (w: W, demo: boolean) => w.q(demo ? 'top.demo' : 'top.real');

export const accountModeWords: Words = {
  machine: 'accountMode',
  title: (w) => w.t('account.switchTitle'),
  open: (w) =>
    w.say(`Open ${w.q('nav.user')} (address /user)`, `${w.q('nav.user')}を開く（アドレス /user）`),
  before: (w, spec) => [
    signIn(w, 'ann@example.com', 'secret123'),
    ...(spec.includes('demo account')
      ? [
          w.say(
            `Switch to the demo account (${w.q('account.toDemo')})`,
            `デモ口座に切り替える（${w.q('account.toDemo')}）`,
          ),
          ...flagSteps(w, ['virtualTrading', false]),
        ]
      : flagSteps(w, ['virtualTrading', true])),
  ],
  events: {
    'confirm.open': (w, e, c) =>
      w.say(
        `Press the badge ${badge(w, demoNow(c))} in the top bar (${w.q(demoNow(c) ? 'account.toReal' : 'account.toDemo')})`,
        `上部バーのバッジ${badge(w, demoNow(c))}を押す（${w.q(demoNow(c) ? 'account.toReal' : 'account.toDemo')}）`,
      ),
    'confirm.cancel': (w) =>
      w.say(`Press ${w.q('common.cancel')}`, `${w.q('common.cancel')}を押す`),
    'confirm.accept': (w) =>
      w.say(`Press ${w.q('common.confirm')}`, `${w.q('common.confirm')}を押す`),
    'demo.reset': (w) =>
      w.say(`Press ${w.q('account.resetDemo')}`, `${w.q('account.resetDemo')}を押す`),
    'flags.change': (w, e) =>
      w.console(
        'flags',
        e.virtualTrading
          ? flagState(w, 'virtualTrading', true)
          : flagState(w, 'virtualTrading', false),
      ),
  },
  actors: {
    switchUser: {
      done: (w, e) =>
        codeOf(e) === 501
          ? w.say(
              `In a second browser tab: ${w.console('flags', flagState(w, 'virtualTrading', false))}`,
              `別のタブで${w.console('flags', flagState(w, 'virtualTrading', false))}`,
            )
          : '',
    },
    resetUser: {
      done: (w, e) =>
        codeOf(e) === 701
          ? w.say(
              `Reset the demo account once before (${w.q('account.resetDemo')})`,
              `事前にデモ口座を一度リセットしておく（${w.q('account.resetDemo')}）`,
            )
          : '',
    },
  },
  delays: {},
  states: {
    idle: (w, e, c) => {
      if (e.type.startsWith('xstate.done.actor.') && codeOf(e)) return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'xstate.done.actor.resetUser') return toast(w, w.t('tips.operation_success'));
      const demo = e.type === 'xstate.done.actor.switchUser' ? !demoNow(c) : demoNow(c);
      return w.say(
        `The top bar shows the badge ${badge(w, demo)}`,
        `上部バーにバッジ${badge(w, demo)}`,
      );
    },
    confirming: (w, e, c) =>
      w.say(
        `${w.q('account.switchTitle')}: ${w.q(demoNow(c) ? 'account.switchToRealWarning' : 'account.switchToDemoWarning')} with ${w.q('common.cancel')} and ${w.q('common.confirm')}`,
        `${w.q('account.switchTitle')}：${w.q(demoNow(c) ? 'account.switchToRealWarning' : 'account.switchToDemoWarning')}、${w.q('common.cancel')}と${w.q('common.confirm')}`,
      ),
    resetConfirming: (w) =>
      w.say(
        `${w.q('account.resetTitle')}: ${w.q('account.resetWarning')} with ${w.q('common.cancel')} and ${w.q('common.confirm')}`,
        `${w.q('account.resetTitle')}：${w.q('account.resetWarning')}、${w.q('common.cancel')}と${w.q('common.confirm')}`,
      ),
    switching: (w) => buttonLoading(w, 'switchUser'),
    resetting: (w) =>
      w.transient(w.say('The demo account is being reset', 'デモ口座をリセット中'), 'resetUser'),
    loggedOut: (w) =>
      w.say(
        `You are signed out: the page ${w.q('nav.login')} opens`,
        `ログアウトされ、${w.q('nav.login')}ページが開く`,
      ),
  },
  names: {
    idle: ['Current account shown', '現在の口座を表示'],
    confirming: ['Asked to confirm the switch', '切り替えの確認'],
    resetConfirming: ['Asked to confirm the demo reset', 'デモリセットの確認'],
    switching: ['Switching accounts', '口座を切り替え中'],
    resetting: ['Resetting the demo account', 'デモ口座をリセット中'],
    loggedOut: ['Logged out', 'ログアウト済み'],
  },
  titles: {
    'idle|flags.change|0': (w) =>
      w.say('Virtual trading switched in the console', 'コンソールで仮想取引を切り替え'),
    'confirming|confirm.cancel|0': (w) => w.say('Change your mind: Cancel', '確認で取りやめる'),
    'resetConfirming|confirm.cancel|0': (w) =>
      w.say('Keep the demo account: Cancel', 'デモ口座をそのままにする'),
    'switching|xstate.done.actor.switchUser|0': (w) =>
      w.say('Switch between real and demo', 'リアルとデモを切り替え'),
    'switching|xstate.done.actor.switchUser|1': (w) =>
      w.say(
        'Switch refused: virtual trading turned off meanwhile',
        '切替拒否：途中で仮想取引が停止',
      ),
    'resetting|xstate.done.actor.resetUser|0': (w) =>
      w.say('Reset the demo account', 'デモ口座をリセット'),
    'resetting|xstate.done.actor.resetUser|1': (w) =>
      w.say('A second demo reset is refused', '2回目のデモリセットは拒否'),
  },
};
