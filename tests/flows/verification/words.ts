/**
 * The verification machine in a person's words
 * (tests/flows/verification/paths.ts, screen
 * src/ui/flows/verification/verified.tsx). The record's status is arranged the way
 * the spec does: submitted earlier, then approved or rejected in the
 * console's Reviews. Pictures are the spec's samples: small PNGs, a GIF, a
 * JPEG over 10 MB and a text file renamed fake.png.
 */
import { checkImage } from '../../../src/machines/validation/wallet.ts';
import { errorsOf, type VerificationContext } from '../../../src/machines/verification/machine.ts';
import type { AnyEvent, StepCtx, W, Words } from '../../paths/plan/words.ts';
import {
  codeOf,
  codeToast,
  done,
  flagSteps,
  inOtherTab,
  loading,
  press,
  toast,
  type,
} from '../../paths/words/common.ts';

const full = (spec: string) => spec.includes('full');

const SLOT_LABEL: Record<string, string> = {
  front: 'verified.front',
  reverse: 'verified.reverse',
  avatar: 'verified.portrait',
};
const kycKind = (spec: string) => (full(spec) ? 'kyc' : 'juniorKyc');
const submitEarlier = (w: W, spec: string) =>
  w.say(
    `submit this verification once (${w.q('verified.realName')} Ann Lee, ${w.q('verified.idType')} ${w.q('verified.idType_1')}, ${w.q('verified.idCard')} X1234567${full(spec) ? ', e-mail ann@example.com, three small PNG photos' : ''})`,
    `この認証を一度申請する（${w.q('verified.realName')} Ann Lee、${w.q('verified.idType')} ${w.q('verified.idType_1')}、${w.q('verified.idCard')} X1234567${full(spec) ? '、メール ann@example.com、小さな PNG 写真3枚' : ''}）`,
  );

/**
 * Which photo each read was for, in a path's steps: the files the rules
 * accept, in the order chosen (one chosen while another is read waits its
 * turn; a later one for the same photo replaces it), and what still waits.
 */
function reads(history: readonly AnyEvent[]): { read: (string | undefined)[]; waiting: string[] } {
  const waiting: string[] = [];
  const read: (string | undefined)[] = [];
  let reading: string | undefined;
  for (const x of history) {
    if (
      x.type === 'image.select' &&
      !checkImage(x.file as { name: string; size: number; type: string })
    ) {
      const slot = x.slot as string;
      if (reading === undefined) reading = slot;
      else waiting.splice(0, waiting.length, ...waiting.filter((s) => s !== slot), slot);
    }
    if (x.type === 'image.remove') {
      const i = waiting.indexOf(x.slot as string);
      if (i >= 0) waiting.splice(i, 1);
    }
    if (done(x, 'prepareImage')) {
      read.push(reading);
      reading = waiting.shift();
    }
  }
  return { read, waiting: reading === undefined ? waiting : [reading, ...waiting] };
}
/** The photo the latest read was for. */
const lastRead = (history: readonly AnyEvent[]) => reads(history).read.at(-1) ?? '';

/** The form as the path has left it: the loaded record, then the person's changes. */
function form(e: AnyEvent, c: StepCtx) {
  const f = {
    variant: full(c.spec) ? 'full' : 'junior',
    addVerifiedEmail: full(c.spec),
    status: 0,
    realName: '',
    idCard: '',
    authEmail: '',
    images: {} as Record<string, unknown>,
  };
  const all = [...c.history, e];
  for (const [i, x] of all.entries()) {
    if (done(x, 'loadRecord') && codeOf(x) === 0) {
      const r = x.output.data as Record<string, unknown>;
      f.status = r.verifiedStatus as number;
      f.realName = (r.realName as string) ?? '';
      f.idCard = (r.idCard as string) ?? '';
      f.authEmail = (r.authEmail as string) ?? '';
      f.images = {};
    }
    if (done(x, 'submit') && codeOf(x) === 0) f.status = 1;
    if (x.type === 'field.change') (f as Record<string, unknown>)[x.field as string] = x.value;
    if (done(x, 'prepareImage') && x.output) f.images[lastRead(all.slice(0, i + 1))] = x.output;
    if (x.type === 'image.remove') delete f.images[x.slot as string];
  }
  return f;
}
const under = (w: W, label: string, key: string) =>
  w.say(`under ${w.q(label)} the error ${w.q(key)}`, `${w.q(label)}の下にエラー${w.q(key)}`);
const LABEL: Record<string, string> = {
  realName: 'verified.realName',
  idCard: 'verified.idCard',
  authEmail: 'verified.authEmail',
  ...SLOT_LABEL,
};
const statusLine = (w: W, status: number) => {
  const s = `${w.q('verified.status')} ${w.q(`verified.status_${status}`)}`;
  if (status === 1) return `${s}${w.say(', ', '、')}${w.q('verified.pendingNote')}`;
  if (status === 3)
    return `${s}${w.say(', ', '、')}${w.quote(`${w.t('verified.reason')}: Photo blurred`)}`;
  return s;
};

export const verificationWords: Words = {
  machine: 'verification',
  title: (w) => w.t('my.verification'),
  open: (w, spec) =>
    full(spec)
      ? w.say(
          `Open ${w.q('my.verification')} (address /user/verified)`,
          `${w.q('my.verification')}を開く（アドレス /user/verified）`,
        )
      : w.say(
          `Open ${w.q('verified.juniorTitle')} (address /user/juniorVerified)`,
          `${w.q('verified.juniorTitle')}を開く（アドレス /user/juniorVerified）`,
        ),
  before: (w, spec) => [
    ...(full(spec)
      ? flagSteps(w, ['twoTypeVerified', true], ['addVerifiedEmail', true], ['showVerified', true])
      : flagSteps(w, ['twoTypeVerified', true])),
    w.say(
      'Each path starts from a user who has not verified yet: register a new user for each (kyc1@example.com, kyc2@example.com, …, password secret123) and sign in; the code the simulator “sends” shows in a notice at the foot of the page',
      '各パスは未認証のユーザーから始める：パスごとに新しいユーザー（kyc1@example.com、kyc2@example.com…、パスワード secret123）を登録してログイン。シミュレーターが「送る」コードはページ下部のお知らせに表示されます',
    ),
    ...(full(spec)
      ? [
          w.say(
            'Have at hand: three small PNG photos, a GIF, a JPEG over 10 MB, and a text file renamed fake.png',
            '手元に用意：小さな PNG 写真3枚、GIF、10 MB 超の JPEG、名前を fake.png に変えたテキストファイル',
          ),
        ]
      : []),
  ],
  events: {
    'load.retry': (w) => press(w, 'common.retry'),
    'field.change': (w, e) => type(w, e.value, LABEL[e.field as string] ?? ''),
    'idType.change': (w, e) =>
      w.say(
        `Choose ${w.q(`verified.idType_${e.value as number}`)} in ${w.q('verified.idType')}`,
        `${w.q('verified.idType')}で${w.q(`verified.idType_${e.value as number}`)}を選ぶ`,
      ),
    'image.select': (w, e) => {
      const f = e.file as { name: string; size: number };
      const what =
        f.size > 10 * 1024 * 1024
          ? w.say('a JPEG over 10 MB', '10 MB 超の JPEG')
          : f.name === 'fake.png'
            ? w.say('the text file renamed fake.png', 'fake.png に名前を変えたテキストファイル')
            : /\.gif$/.test(f.name)
              ? w.say('a GIF', 'GIF')
              : w.say('a small PNG photo', '小さな PNG 写真');
      return w.say(
        `Press ${w.q('profile.chooseImage')} beside ${w.q(SLOT_LABEL[e.slot as string] ?? '')} and pick ${what}`,
        `${w.q(SLOT_LABEL[e.slot as string] ?? '')}の横の${w.q('profile.chooseImage')}を押して${what}を選ぶ`,
      );
    },
    'image.remove': (w, e) =>
      w.say(
        `Press ${w.q('verified.remove')} under ${w.q(SLOT_LABEL[e.slot as string] ?? '')}`,
        `${w.q(SLOT_LABEL[e.slot as string] ?? '')}の${w.q('verified.remove')}を押す`,
      ),
    'form.submit': (w) => press(w, 'verified.submit'),
  },
  actors: {
    loadRecord: {
      done: (w, e, c) => {
        if (codeOf(e) !== 0) return w.fault(full(c.spec) ? 'auth' : 'juniorAuth', 'status', 500);
        const status = (e.output.data as { verifiedStatus: number }).verifiedStatus;
        // After a submit the record is under review by itself; a fresh user has none.
        if (status === 0 || c.history.some((x) => done(x, 'submit'))) return '';
        const review = (button: string, reason = '') =>
          w.console(
            'reviews',
            ...(reason ? [`${w.q('console.reason')} = ${reason}`] : []),
            w.say(`the ${kycKind(c.spec)} entry`, `${kycKind(c.spec)} の項目`),
            w.q(button),
          );
        const then =
          status === 2
            ? `${w.say('; ', '。')}${review('console.approve')}`
            : status === 3
              ? `${w.say('; ', '。')}${review('console.reject', 'Photo blurred')}`
              : '';
        return inOtherTab(w, 'verified', submitEarlier(w, c.spec), submitEarlier(w, c.spec)) + then;
      },
    },
    // fake.png's bytes are not a picture: the app's own read refuses it.
    prepareImage: { done: () => '' },
    submit: {
      done: (w, e, c) => {
        if (codeOf(e) !== 1014) return '';
        const pending = form(e, c).status === 1;
        const approve = w.console(
          'reviews',
          w.say(`the ${kycKind(c.spec)} entry`, `${kycKind(c.spec)} の項目`),
          w.q('console.approve'),
        );
        return pending
          ? w.say(`Meanwhile: ${approve}`, `その間に：${approve}`)
          : `${inOtherTab(w, 'verified', submitEarlier(w, c.spec), submitEarlier(w, c.spec))}${w.say('; meanwhile, ', '。その間に')}${approve}`;
      },
    },
  },
  delays: {},
  states: {
    loading: (w, e, c) =>
      done(e, 'submit')
        ? w.say(
            `${toast(w, w.t('submit_success_please_wait'))}; the form stays`,
            `${toast(w, w.t('submit_success_please_wait'))}。フォームはそのまま`,
          )
        : loading(w, full(c.spec) ? 'auth' : 'juniorAuth'),
    loadFailed: (w) =>
      w.say(
        `${w.q('verified.loadFailed')} with ${w.q('common.retry')}; ${toast(w, w.t('tips.server500'))}`,
        `${w.q('verified.loadFailed')}と${w.q('common.retry')}。${toast(w, w.t('tips.server500'))}`,
      ),
    verified: (w, _e, c) =>
      w.say(
        `${statusLine(w, 2)}, a check mark${full(c.spec) ? `, ${w.q('already_verified')}` : ''}, ${w.q('verified.realName')} Ann Lee and ${w.q('verified.idCard')} X1234567; no form`,
        `${statusLine(w, 2)}、チェックマーク${full(c.spec) ? `、${w.q('already_verified')}` : ''}、${w.q('verified.realName')} Ann Lee、${w.q('verified.idCard')} X1234567。フォームはない`,
      ),
    editing: () => '',
    'editing.idle': (w, e, c) => {
      const f = form(e, c);
      if (done(e, 'submit')) return codeToast(w, codeOf(e) ?? 0);
      if (e.type === 'form.submit')
        return Object.entries(errorsOf(f as unknown as VerificationContext))
          .map(([k, key]) => under(w, LABEL[k] ?? k, key as string))
          .join(w.say('; ', '。'));
      if (e.type === 'image.select') {
        const key = checkImage(e.file as { name: string; size: number; type: string });
        return under(w, SLOT_LABEL[e.slot as string] ?? '', key ?? '');
      }
      if (done(e, 'prepareImage')) {
        const slot = lastRead([...c.history, e]);
        return e.output
          ? w.say(
              `${w.q(SLOT_LABEL[slot] ?? '')} shows the photo, with ${w.q('verified.remove')}`,
              `${w.q(SLOT_LABEL[slot] ?? '')}に写真と${w.q('verified.remove')}`,
            )
          : under(w, SLOT_LABEL[slot] ?? '', 'illegal_extension');
      }
      if (e.type === 'image.remove')
        return w.say(
          `${w.q(SLOT_LABEL[e.slot as string] ?? '')} is empty again`,
          `${w.q(SLOT_LABEL[e.slot as string] ?? '')}が空に戻る`,
        );
      if (e.type === 'field.change' || e.type === 'idType.change')
        return w.say('The field shows the new value; no error', '新しい値が表示される。エラーなし');
      const filled =
        f.status === 0
          ? w.say('empty', '空')
          : w.say('filled in (Ann Lee, X1234567)', '入力済み（Ann Lee、X1234567）');
      const images = full(c.spec)
        ? w.say(
            `; ${w.q('verified.images')} with ${w.q(f.status === 0 ? 'verified.imagesRequired' : 'verified.imagesKept')}`,
            `。${w.q('verified.images')}と${w.q(f.status === 0 ? 'verified.imagesRequired' : 'verified.imagesKept')}`,
          )
        : '';
      return w.say(
        `${statusLine(w, f.status)}; the form ${filled}${images}; ${w.q('verified.submit')}`,
        `${statusLine(w, f.status)}。フォームは${filled}${images}。${w.q('verified.submit')}`,
      );
    },
    'editing.preparing': (w, e, c) => {
      if (e.type === 'image.select') {
        const key = checkImage(e.file as { name: string; size: number; type: string });
        if (key) return under(w, SLOT_LABEL[e.slot as string] ?? '', key);
      }
      // A photo is read in the browser: no call the console could hold back.
      if (!done(e, 'prepareImage'))
        return w.transient(w.say('A small spinner on that photo', 'その写真に小さなスピナー'));
      // The photo read shows; the one chosen meanwhile is read next.
      const path = [...c.history, e];
      const shown = SLOT_LABEL[lastRead(path)] ?? '';
      const next = SLOT_LABEL[reads(path).waiting[0] ?? ''] ?? '';
      return w.say(
        `${w.q(shown)} shows the photo, with ${w.q('verified.remove')}; ${w.transient(`a small spinner on ${w.q(next)}`)}`,
        `${w.q(shown)}に写真と${w.q('verified.remove')}。${w.transient(`${w.q(next)}に小さなスピナー`)}`,
      );
    },
    submitting: (w, _e, c) =>
      w.transient(
        w.say(
          `The button shows ${w.q('common.loading')}; the fields are disabled`,
          `ボタンが${w.q('common.loading')}になり、入力欄は無効`,
        ),
        full(c.spec) ? 'authSubmit' : 'juniorAuthSubmit',
      ),
  },
  names: {
    loading: ['Loading the status', '状態を読み込み中'],
    loadFailed: ['Status failed to load', '状態の読み込み失敗'],
    verified: ['Already verified', '認証済み'],
    editing: ['Verification form', '本人確認フォーム'],
    'editing.idle': ['Filling in the form', 'フォーム入力中'],
    'editing.preparing': ['Preparing the photos', '写真を準備中'],
    submitting: ['Submitting', '送信中'],
  },
  titles: {
    'loading|xstate.done.actor.loadRecord|0': (w) =>
      w.say('Already verified: no form', '認証済み：フォームなし'),
    'loading|xstate.done.actor.loadRecord|2': (w) =>
      w.say('The record fails to load, then Retry', '記録の読み込み失敗と再試行'),
    'editing.idle|form.submit|1': (w) =>
      w.say('Submit with missing or bad fields', '入力不備で申請'),
    'editing.idle|image.select|1': (w) => w.say('A photo the rules refuse', '規則で拒否される写真'),
    'editing.preparing|image.select|0': (w) =>
      w.say('Choose the next photo while one is read', '読み込み中に次の写真を選ぶ'),
    'editing.preparing|image.select|1': (w) =>
      w.say('A photo the rules refuse, while one is read', '読み込み中に規則で拒否される写真'),
    'editing.preparing|xstate.done.actor.prepareImage|1': (w) =>
      w.say('A file that is not a picture', '画像ではないファイル'),
    'editing|image.remove|0': (w) => w.say('Remove a photo', '写真を削除'),
    'submitting|xstate.done.actor.submit|0': (w) =>
      w.say('Submit, then under review', '申請し、審査中になる'),
    'submitting|xstate.done.actor.submit|1': (w) =>
      w.say('Approved meanwhile: submit refused', '途中で承認済み：申請拒否'),
  },
};
