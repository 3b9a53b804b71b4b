/**
 * The profile machine in a person's words (tests/flows/profile/paths.ts,
 * screen src/ui/flows/profile/account.tsx and profile-kit.tsx). The mobile
 * spec is a phone user in a phone-sized window, the desktop one an e-mail
 * user in a wide window. The files are the spec's samples: me.png a small
 * PNG, me.gif a GIF, big.png a file over 10 MB, gone.png one that cannot be
 * read any more once picked.
 */
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  flagSteps,
  automatedOnly,
  codeOf,
  codeToast,
  done,
  buttonLoading,
  loading,
  press,
  signIn,
  toast,
  type,
} from '../../paths/words/common.ts';

const mobile = (spec: string) => spec.includes('mobile');

/** The nickname as the path has left it: the server's, then what was typed. */
function nick(e: AnyEvent, c: StepCtx) {
  let n = '';
  for (const x of [...c.history, e]) {
    if (done(x, 'loadUser') && codeOf(x) === 0) n = (x.output.data as { nick: string }).nick;
    if (x.type === 'field.change') n = x.value as string;
  }
  return n;
}
const under = (w: W, field: string, key: string) =>
  w.say(`under ${w.q(field)} the error ${w.q(key)}`, `${w.q(field)}の下にエラー${w.q(key)}`);
const menu = (w: W, spec: string) =>
  (mobile(spec)
    ? ['profile.bindEmail', 'profile.changePassword', 'profile.privacy', 'my.logout']
    : ['profile.changePassword', 'my.inviteCode', 'profile.privacy', 'my.contactEmail', 'my.logout']
  )
    .map((k) => w.q(k))
    .join(w.say(', ', '、'));

export const profileWords: Words = {
  machine: 'profile',
  title: (w) => w.t('my.account'),
  open: (w, spec) =>
    w.say(
      `${mobile(spec) ? 'In a phone-sized window (narrower than 768 px)' : 'In a window at least 768 px wide'}, open ${w.q('my.account')} (address /user/account)`,
      `${mobile(spec) ? 'スマートフォン幅のウィンドウ（768 px 未満）で' : '幅 768 px 以上のウィンドウで'}${w.q('my.account')}を開く（アドレス /user/account）`,
    ),
  before: (w, spec) => [
    ...flagSteps(w, ['user/bindEmail', true], ['user/privacy', true]),
    signIn(
      w,
      mobile(spec)
        ? w.say('with the phone +1 415 555 2671', '電話番号 +1 415 555 2671')
        : 'ann@example.com',
      'secret123',
    ),
    w.say(
      `Set the nickname “ann” (${w.q('my.account')} ▸ ${w.q('profile.nickname')} ▸ ${w.q('profile.done')}), no avatar`,
      `ニックネームを「ann」にする（${w.q('my.account')} ▸ ${w.q('profile.nickname')} ▸ ${w.q('profile.done')}）。アバターなし`,
    ),
    w.say(
      'Have three files at hand: me.png (a small PNG), me.gif (a GIF), big.png (over 10 MB)',
      '手元にファイルを用意：me.png（小さな PNG）、me.gif（GIF）、big.png（10 MB 超）',
    ),
  ],
  events: {
    'info.reload': (w) => press(w, 'common.retry'),
    'field.change': (w, e) => type(w, e.value, 'profile.nickname'),
    'avatar.select': (w, e) =>
      w.say(
        `Press ${w.q('profile.chooseImage')} (or ${w.q('profile.replaceImage')}) beside ${w.q('profile.avatar')} and pick ${e.name as string}`,
        `${w.q('profile.avatar')}の横の${w.q('profile.chooseImage')}（または${w.q('profile.replaceImage')}）を押して ${e.name as string} を選ぶ`,
      ),
    'form.submit': (w) => press(w, 'profile.done'),
    'logout.open': (w) => press(w, 'my.logout'),
    'logout.cancel': (w) =>
      w.say(
        `In the drawer press ${w.q('common.cancel')}`,
        `ドロワーで${w.q('common.cancel')}を押す`,
      ),
    'logout.confirm': (w) =>
      w.say(
        `In the drawer press ${w.q('common.confirm')}`,
        `ドロワーで${w.q('common.confirm')}を押す`,
      ),
  },
  actors: {
    loadUser: {
      done: (w, e) => (codeOf(e) === 0 ? '' : w.fault('userInfo', 'code', codeOf(e) ?? 0)),
    },
    readAvatar: {
      done: (w, e) =>
        e.output.dataUrl
          ? ''
          : automatedOnly(
              w,
              w.say(
                'a picked file that is gone before it can be read',
                '選んだファイルが読み込み前に消える',
              ),
            ),
    },
    // 23558 is the server's own answer to a nickname with < or >.
    saveProfile: { done: () => '' },
  },
  delays: {},
  states: {
    loading: (w, e) =>
      done(e, 'saveProfile')
        ? w.say(
            `${toast(w, w.t('tips.update_success'))}; the form stays`,
            `${toast(w, w.t('tips.update_success'))}。フォームはそのまま`,
          )
        : loading(w, 'userInfo'),
    failed: (w, e) =>
      w.say(
        `${w.q('profile.loadFailed')} with ${w.q('common.retry')}; ${codeToast(w, codeOf(e) ?? 1012)}`,
        `${w.q('profile.loadFailed')}と${w.q('common.retry')}。${codeToast(w, codeOf(e) ?? 1012)}`,
      ),
    editing: (w, e, c) => {
      const n = nick(e, c);
      if (e.type === 'field.change')
        return w.say(
          'The field shows what was typed; no error',
          '入力した値が表示される。エラーなし',
        );
      if (e.type === 'avatar.select')
        return under(
          w,
          'profile.avatar',
          /\.gif$/.test(e.name as string) ? 'illegal_extension' : 'upload_limit',
        );
      if (done(e, 'readAvatar'))
        return e.output.dataUrl
          ? w.say(
              `The avatar shows the picked picture; the button reads ${w.q('profile.replaceImage')}`,
              `アバターに選んだ画像が表示され、ボタンは${w.q('profile.replaceImage')}`,
            )
          : toast(w, w.t('tips.something_wrong'));
      if (e.type === 'form.submit') return under(w, 'profile.nickname', 'p_t_nickname');
      if (done(e, 'saveProfile')) return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'logout.cancel')
        return w.say('The drawer closes; still signed in', 'ドロワーが閉じ、ログインしたまま');
      const shown = w.say(
        `${w.q('profile.avatar')} with ${w.q('profile.chooseImage')}, UID, ${w.q('profile.nickname')} “${n}”, the menu ${menu(w, c.spec)}, and ${w.q('profile.done')}`,
        `${w.q('profile.avatar')}と${w.q('profile.chooseImage')}、UID、${w.q('profile.nickname')}「${n}」、メニュー ${menu(w, c.spec)}、${w.q('profile.done')}`,
      );
      // After a desktop save the form is read back: the saved nickname, the new picture.
      if (!c.history.some((x) => done(x, 'saveProfile') && codeOf(x) === 0)) return shown;
      const picked = c.history.some((x) => done(x, 'readAvatar') && x.output.dataUrl);
      return picked
        ? w.say(
            `${w.q('profile.nickname')} “${n}”; the avatar shows the saved picture`,
            `${w.q('profile.nickname')}「${n}」。アバターに保存した画像`,
          )
        : w.say(
            `${w.q('profile.nickname')} “${n}”; still no avatar`,
            `${w.q('profile.nickname')}「${n}」。アバターはなし`,
          );
    },
    // The picture is read in the browser: no call the console could hold back.
    readingAvatar: (w) =>
      w.transient(w.say('A small spinner on the avatar', 'アバターに小さなスピナー')),
    saving: (w) => buttonLoading(w, 'infoSubmit'),
    confirmLogout: (w) =>
      w.say(
        `A drawer ${w.q('my.logout')}: ${w.q('my.logoutWarning')}, with ${w.q('common.cancel')} and ${w.q('common.confirm')}`,
        `ドロワー${w.q('my.logout')}：${w.q('my.logoutWarning')}、${w.q('common.cancel')}と${w.q('common.confirm')}`,
      ),
    saved: (w) =>
      w.say(
        `${toast(w, w.t('tips.update_success'))}; the page ${w.q('nav.user')} (/user) opens with the new nickname`,
        `${toast(w, w.t('tips.update_success'))}。${w.q('nav.user')}（/user）が新しいニックネームで開く`,
      ),
    loggedOut: (w) =>
      w.say(
        `${toast(w, w.t('log_out_success'))}; the home page (/) opens, signed out`,
        `${toast(w, w.t('log_out_success'))}。ホーム（/）が開き、ログアウト済み`,
      ),
  },
  names: {
    loading: ['Loading the profile', 'プロフィールを読み込み中'],
    failed: ['Profile failed to load', 'プロフィールの読み込み失敗'],
    editing: ['Profile form', 'プロフィールフォーム'],
    readingAvatar: ['Reading the picture', '画像を読み込み中'],
    saving: ['Saving the profile', 'プロフィールを保存中'],
    confirmLogout: ['Asked to confirm logging out', 'ログアウトの確認'],
    saved: ['Profile saved', 'プロフィール保存済み'],
    loggedOut: ['Logged out', 'ログアウト済み'],
  },
  titles: {
    'loading|xstate.done.actor.loadUser|1': (w) =>
      w.say('Account details cannot be read, then Retry', 'アカウント情報の取得失敗と再試行'),
    'editing|avatar.select|1': (w, e) =>
      /\.gif$/.test(e.name as string)
        ? w.say('A picture of a type not allowed', '許可されていない形式の画像')
        : w.say('A picture over 10 MB', '10 MB を超える画像'),
    'editing|form.submit|1': (w) => w.say('Save without a nickname', 'ニックネームなしで保存'),
    'readingAvatar|xstate.done.actor.readAvatar|1': (w) =>
      w.say('The picked file cannot be read', '選んだファイルを読み込めない'),
    'saving|xstate.done.actor.saveProfile|0': (w) =>
      w.say('Save on a phone: back to the user page', 'スマートフォンで保存：ユーザーページに戻る'),
    'saving|xstate.done.actor.saveProfile|1': (w) =>
      w.say('Save on a desktop: the form is read back', 'デスクトップで保存：フォームを再読み込み'),
    'saving|xstate.done.actor.saveProfile|2': (w) =>
      w.say('A nickname the server refuses', 'サーバーが拒否するニックネーム'),
    'confirmLogout|logout.cancel|0': (w) => w.say('Log out, then cancel', 'ログアウトを取り消す'),
    'confirmLogout|logout.confirm|0': (w) => w.say('Log out', 'ログアウト'),
  },
};
