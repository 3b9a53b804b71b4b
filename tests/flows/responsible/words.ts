/**
 * The responsible machine in a person's words (tests/flows/responsible/paths.ts,
 * screens src/ui/flows/responsible/responsible.tsx and exclusion.tsx), on a
 * site with `responsibleTrading` on and the simulator's responsible module
 * (its default 24 h cooling-off); a failure is armed in the console as the
 * path forces it.
 */
import type { RtKey } from '../../../src/api/types/responsible.ts';
import { checkValue, exclusionRange, zonedDate } from '../../../src/machines/responsible/form.ts';
import { DEFAULT_TIMEZONE } from '../../../src/simulator/modules/responsible/state.ts';
import { T0 } from '../../support/sim.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  buttonLoading,
  codeOf,
  codeToast,
  fieldError,
  loading,
  press,
  signIn,
  toast,
  type,
} from '../../paths/words/common.ts';
import { siteSteps } from '../../paths/words/site.ts';

const label = (key: RtKey) => `responsible.key.${key}`;

/** The path's dates are the automated run's (the simulator's start); a person uses the day's. */
const RUN_TODAY = zonedDate(T0, DEFAULT_TIMEZONE);
const RUN_MIN = exclusionRange(T0, DEFAULT_TIMEZONE).min;
const day = (w: W, value: string) =>
  value === RUN_TODAY
    ? w.say(
        `today's date (in New York; ${value} in the automated run)`,
        `今日の日付（ニューヨーク時間。自動実行では ${value}）`,
      )
    : value === RUN_MIN
      ? w.say(
          `tomorrow's date (in New York; ${value} in the automated run)`,
          `明日の日付（ニューヨーク時間。自動実行では ${value}）`,
        )
      : value;
const sep = (w: W) => w.say('; ', '。');

/** The screen as it opens: the groups, the hints, the buttons. */
const limitsScreen = (w: W) =>
  w.say(
    `${w.q('responsible.limit.deposit')}, ${w.q('responsible.limit.loss')}, ${w.q('responsible.limit.turnover')} (a field per day, week and month, each with what is in force, what counts so far and when the period resets), ${w.q('responsible.time')}, ${w.q('responsible.save')} and ${w.q('responsible.excludeTitle')}`,
    `${w.q('responsible.limit.deposit')}、${w.q('responsible.limit.loss')}、${w.q('responsible.limit.turnover')}（日・週・月ごとの欄。それぞれ現在の上限、今期の計上額、リセット日時つき）、${w.q('responsible.time')}、${w.q('responsible.save')}と${w.q('responsible.excludeTitle')}`,
  );

/** The save's outcome for the value just saved (the path's last deposit-per-day value). */
function saved(w: W, c: StepCtx) {
  const values = c.history
    .filter((x) => x.type === 'field.change' && x.field === 'deposit.day')
    .map((x) => x.value as string);
  const last = values.at(-1);
  const before = values.at(-2);
  const raise = before === '100' && last === '500';
  const name = w.t('responsible.key.deposit.day');
  return [
    toast(w, w.t('responsible.saved')),
    raise
      ? w.say(
          `the list says ${w.q('responsible.pendingUntil', { name, date: '(in 24 hours)' })} and ${w.q('responsible.pendingTitle')} lists it`,
          `一覧に${w.q('responsible.pendingUntil', { name, date: '（24 時間後）' })}と表示され、${w.q('responsible.pendingTitle')}に載る`,
        )
      : w.say(
          `the list says ${w.q('responsible.appliedNow', { name })}; nothing waits`,
          `一覧に${w.q('responsible.appliedNow', { name })}と表示される。待機中の変更なし`,
        ),
  ].join(sep(w));
}

function editing(w: W, e: AnyEvent, c: StepCtx) {
  if (e.type === 'xstate.done.actor.loadLimits') return limitsScreen(w);
  if (e.type === 'xstate.done.actor.setLimits')
    return codeOf(e) === 0 ? saved(w, c) : codeToast(w, codeOf(e) ?? 0);
  if (e.type === 'field.change')
    return w.say('The field shows what was typed; no error', '入力した値が表示される。エラーなし');
  if (e.type === 'form.submit') {
    const typed = c.history.filter((x) => x.type === 'field.change').at(-1);
    const key = typed?.field as RtKey;
    return fieldError(w, label(key), checkValue(key, typed?.value as string) ?? '');
  }
  return limitsScreen(w);
}

export const responsibleWords: Words = {
  machine: 'responsible',
  title: (w) => w.t('responsible.title'),
  open: (w) =>
    w.say(
      `Open ${w.q('nav.user')} ▸ ${w.q('responsible.title')} (address /user/responsible)`,
      `${w.q('nav.user')} ▸ ${w.q('responsible.title')}を開く（アドレス /user/responsible）`,
    ),
  before: (w, spec) => [
    spec.includes('not offered')
      ? w.say(
          `Nothing overridden in the console's ${w.q('console.tab_site')} tab (a fresh profile overrides nothing; the default site leaves responsibleTrading off)`,
          `コンソールの${w.q('console.tab_site')}タブで何も上書きしない（新しいプロファイルでは何も上書きされていない。既定のサイトでは responsibleTrading はオフ）`,
        )
      : siteSteps(w, { responsibleTrading: true }),
    signIn(w, 'pat@example.com', 'secret123'),
  ],
  events: {
    'limits.reload': (w) => press(w, 'common.retry'),
    'field.change': (w, e) => type(w, e.value, label(e.field as RtKey)),
    'form.submit': (w) => press(w, 'responsible.save'),
    'exclude.start': (w) => press(w, 'responsible.excludeStart'),
    'exclude.date': (w, e) =>
      w.say(
        `Choose ${day(w, e.value as string)} in ${w.q('responsible.excludeUntil')}`,
        `${w.q('responsible.excludeUntil')}で${day(w, e.value as string)}を選ぶ`,
      ),
    'exclude.submit': (w) => press(w, 'responsible.excludeNext'),
    // The path reads the warning five minutes first: the end is counted from the confirm.
    'exclude.confirm': (w) =>
      w.say(
        `Wait a few minutes on this screen, then press ${w.q('responsible.excludeConfirmButton')}`,
        `この画面で数分待ってから${w.q('responsible.excludeConfirmButton')}を押す`,
      ),
    'exclude.cancel': (w) => press(w, 'common.cancel'),
  },
  actors: {
    loadLimits: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('rtLimits', 'code', codeOf(e) ?? 0)),
    },
    setLimits: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('rtSetLimits', 'code', codeOf(e) ?? 0)),
    },
    selfExclude: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('rtSelfExclude', 'code', codeOf(e) ?? 0)),
    },
  },
  delays: {},
  states: {
    loading: (w) => loading(w, 'rtLimits'),
    failed: (w, e) =>
      `${codeToast(w, codeOf(e) ?? 0)}${sep(w)}${w.say(`${w.q('profile.loadFailed')} and ${w.q('common.retry')}`, `${w.q('profile.loadFailed')}と${w.q('common.retry')}`)}`,
    editing,
    saving: (w) => buttonLoading(w, 'rtSetLimits'),
    exclusion: () => '',
    'exclusion.choosing': (w, e) => {
      if (e.type === 'exclude.submit')
        return fieldError(w, 'responsible.excludeUntil', 'responsible.errDate');
      if (e.type === 'xstate.done.actor.selfExclude') return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'exclude.date')
        return w.say('The field shows the date; no error', '日付が表示される。エラーなし');
      return w.say(
        `${w.q('responsible.excludeTitle')}: ${w.q('responsible.excludeUntil')} set to tomorrow, ${w.q('responsible.excludeNext')} and ${w.q('common.cancel')}`,
        `${w.q('responsible.excludeTitle')}：${w.q('responsible.excludeUntil')}は明日、${w.q('responsible.excludeNext')}と${w.q('common.cancel')}`,
      );
    },
    'exclusion.confirming': (w) =>
      w.say(
        `${w.q('responsible.excludeConfirm', { date: '(the chosen date)' })}, ${w.q('common.cancel')} and ${w.q('responsible.excludeConfirmButton')}`,
        `${w.q('responsible.excludeConfirm', { date: '（選んだ日付）' })}、${w.q('common.cancel')}と${w.q('responsible.excludeConfirmButton')}`,
      ),
    'exclusion.excluding': (w) => buttonLoading(w, 'rtSelfExclude'),
    excluded: (w) =>
      w.say(
        `${toast(w, w.t('responsible.excludedDone'))}; the sign-in page opens (logged out); signing in is refused with ${w.q('code.1123', { until: '(the chosen date)' })}`,
        `${toast(w, w.t('responsible.excludedDone'))}。ログインページが開く（ログアウト済み）。ログインは${w.q('code.1123', { until: '（選んだ日付）' })}で拒否される`,
      ),
    sentAway: (w) =>
      w.say(
        `The user page opens with ${w.q('profile.unavailable')}; its menu has no ${w.q('responsible.title')}`,
        `ユーザーページが開き${w.q('profile.unavailable')}と表示される。メニューに${w.q('responsible.title')}はない`,
      ),
  },
  names: {
    loading: ['Loading the limits', '上限を読み込み中'],
    failed: ['Limits not loaded', '上限の読み込み失敗'],
    editing: ['Limits form', '上限フォーム'],
    saving: ['Saving the limits', '上限を保存中'],
    exclusion: ['Self-exclusion', '自己排除'],
    'exclusion.choosing': ['Choosing the date', '日付を選択'],
    'exclusion.confirming': ['Confirming', '確認'],
    'exclusion.excluding': ['Excluding', '自己排除中'],
    excluded: ['Excluded, logged out', '自己排除・ログアウト済み'],
    sentAway: ['Not offered', '提供なし'],
  },
  titles: {
    'editing|form.submit|0': (w) => w.say('Save the limits', '上限を保存'),
    'editing|form.submit|1': (w) => w.say('Save a wrong value', '誤った値を保存'),
    'exclusion.confirming|exclude.confirm|0': (w) =>
      w.say('Exclude oneself and log out', '自己排除してログアウト'),
  },
};
