/**
 * The captcha machine in a person's words (tests/flows/captcha/paths.ts):
 * the image of sign-up step 2 on a site with phone sign-up without SMS
 * (src/ui/forms/code-steps.tsx).
 */
import type { StepCtx, W, Words } from '../../paths/plan/words.ts';
import { codeOf, codeToast, openSignedOut, wait, flagSteps } from '../../paths/words/common.ts';

/** Seconds of the cooldown left: 3 after each image shown, one less per tick. */
const left = (c: StepCtx) =>
  c.history.reduce(
    (n, x) =>
      x.type === 'xstate.done.actor.getImageCode'
        ? codeOf(x)
          ? 0 // no image: nothing to cool down
          : 3
        : x.type.startsWith('xstate.after.')
          ? n - 1
          : n,
    3,
  );
const image = (w: W) =>
  w.say(
    `An image with four letters and the button ${w.q('register.refreshCaptcha')}`,
    `4文字の画像とボタン${w.q('register.refreshCaptcha')}`,
  );

export const captchaWords: Words = {
  machine: 'captcha',
  title: (w) => w.t('register.captchaImage'),
  open: (w) =>
    w.say(
      `${openSignedOut(w, 'nav.register', '/register')}, press ${w.q('login.phone')}, choose “+1” in ${w.q('form.dialCode')}, type ${w.quote('415 555 2672')} in ${w.q('login.phone')} and press ${w.q('common.next')}`,
      `${openSignedOut(w, 'nav.register', '/register')}。${w.q('login.phone')}を押し、${w.q('form.dialCode')}で「+1」を選び、${w.q('login.phone')}に${w.quote('415 555 2672')}と入力して${w.q('common.next')}を押す`,
    ),
  before: (w) => [...flagSteps(w, ['PHONE_REGISTER', true], ['phoneCaptcha', true])],
  events: {
    // Inside the 3 s cooldown a person has to be quick: reading the next step takes longer.
    'captcha.refresh': (w, e, c) =>
      left(c) > 0
        ? w.say(
            `Press ${w.q('register.refreshCaptcha')} at once, within 3 seconds of the image showing`,
            `画像が表示されてから3秒以内にすぐ${w.q('register.refreshCaptcha')}を押す`,
          )
        : w.say(
            `Press ${w.q('register.refreshCaptcha')}`,
            `${w.q('register.refreshCaptcha')}を押す`,
          ),
    'captcha.reload': (w) =>
      w.say(
        `Let the image expire (${w.console('market', w.q('console.skip', { min: 3 }))}), type its text in ${w.q('register.captcha')} and “secret123” in ${w.q('login.password')}, and press ${w.q('nav.register')}: the form asks for a new image`,
        `画像を期限切れにし（${w.console('market', w.q('console.skip', { min: 3 }))}）、${w.q('register.captcha')}に文字、${w.q('login.password')}に「secret123」を入力して${w.q('nav.register')}を押す：フォームが新しい画像を要求する`,
      ),
  },
  actors: {
    getImageCode: {
      done: (w, e) => (codeOf(e) === 23554 ? w.fault('getImageCode', 'code', 23554) : ''),
    },
  },
  delays: { tick: (w) => wait(w, 1000) },
  states: {
    loading: (w) =>
      w.transient(
        w.say('A grey bar where the image goes', '画像の位置に灰色のバー'),
        'getImageCode',
      ),
    ready: (w) => image(w),
    // The seconds are those left when the button is pressed (3 or fewer): a person reads them late.
    'ready.cooling': (w, e) =>
      e.type === 'captcha.refresh'
        ? w.say(
            `Under the image ${w.q('tips.high_request', { second: '…' })} (… the seconds left of the 3)`,
            `画像の下に${w.q('tips.high_request', { second: '…' })}（…は3秒のうち残りの秒数）`,
          )
        : e.type.startsWith('xstate.after.')
          ? ''
          : image(w),
    'ready.free': (w) => w.say('The image stays; no message', '画像はそのまま。メッセージなし'),
    failed: (w) =>
      w.say(
        `${codeToast(w, 23554)}; a grey bar instead of the image, with ${w.q('register.refreshCaptcha')}`,
        `${codeToast(w, 23554)}。画像の代わりに灰色のバーと${w.q('register.refreshCaptcha')}`,
      ),
  },
  names: {
    loading: ['Loading the image', '画像を読み込み中'],
    ready: ['Image shown', '画像を表示'],
    'ready.cooling': ['New image on hold', '新しい画像は待機中'],
    'ready.free': ['New image available', '新しい画像を取得可'],
    failed: ['Image failed to load', '画像の読み込み失敗'],
  },
  titles: {
    'loading|xstate.done.actor.getImageCode|1': (w) =>
      w.say('The image cannot be drawn', '画像を取得できない'),
    'ready.cooling|captcha.refresh|0': (w) => w.say('A new image too soon', '早すぎる画像の再取得'),
    'ready.free|captcha.refresh|0': (w) =>
      w.say('A new image after the cooldown', 'クールダウン後に画像を再取得'),
    '|captcha.reload|0': (w) =>
      w.say('The form asks for a new image', 'フォームが新しい画像を要求'),
  },
};
