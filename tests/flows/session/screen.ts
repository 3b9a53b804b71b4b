/** Signing in and out as the session (and realtime) words say it (src/ui/screens/my-page.tsx). */
import type { W } from '../../paths/plan/words.ts';
import { toast } from '../../paths/words/common.ts';

/** My page (/user) ▸ Log out ▸ Confirm. */
export const logOut = (w: W) =>
  w.say(
    `Open ${w.q('nav.user')} (address /user), press ${w.q('my.logout')}, then ${w.q('common.confirm')}`,
    `マイページ（アドレス /user）を開き、${w.q('my.logout')}、続けて${w.q('common.confirm')}を押す`,
  );
export const loggedOut = (w: W) =>
  w.say(
    `${toast(w, w.t('log_out_success'))}; the home page, signed out`,
    `${toast(w, w.t('log_out_success'))}。ホーム画面、ログアウト状態`,
  );
/** Sign in again with the account the set-up registered. */
export const signInAgain = (w: W, who: string) =>
  w.say(`Sign in as ${who} (password secret123)`, `${who}（パスワード secret123）でログインする`);
