/**
 * The loan machine in a person's words (paths.ts beside it,
 * screen src/ui/flows/loan/). GUARANTOR in the samples stands for
 * the guarantor's UID; 424242 is a UID nobody has.
 */
import { LOAN_AMOUNT, LOAN_DAYS, REPAY_STEP } from '../../../src/machines/loan/machine.ts';
import { checkGuarantor, snap } from '../../../src/machines/validation/account.ts';
import type { StepCtx, Words } from '../../paths/plan/words.ts';
import { loanBefore } from './before.ts';
import {
  automatedOnly,
  codeOf,
  codeToast,
  latest,
  buttonLoading,
  loading,
  open,
  press,
  toast,
  type,
} from '../../paths/words/common.ts';
import {
  dtoOf,
  recordsOf,
  isCheck,
  isRecords,
  all,
  loanNow,
  owed,
  usd,
  guarantorText,
  slider,
  usdLabel,
  other,
} from './screen.ts';

/**
 * Whether the guarantor's error is on screen before this step: a submit set it
 * (an empty or bad UID), and only typing in that field clears it (the machine's
 * field.change), so a slider moved after it leaves it shown.
 */
const guarantorErrorShown = (c: StepCtx): boolean => {
  let value = '';
  let shown = false;
  for (const x of c.history) {
    if (x.type === 'field.change' && x.field === 'guarantor') {
      value = String(x.value);
      shown = false;
    } else if (x.type === 'form.submit') shown = Boolean(checkGuarantor(value));
  }
  return shown;
};

export const loanWords: Words = {
  machine: 'loan',
  title: (w) => w.t('cards.loan.title'),
  open: (w) => open(w, 'my.loan', '/user/loan'),
  before: loanBefore,
  events: {
    'check.retry': (w) => press(w, 'common.retry'),
    'check.refresh': (w) => press(w, 'common.refresh'),
    'records.reload': (w) => press(w, 'common.retry'),
    'records.refresh': (w) => press(w, 'common.refresh'),
    'amount.change': (w, e) => {
      const v = snap(e.value as number, LOAN_AMOUNT.min, LOAN_AMOUNT.max, LOAN_AMOUNT.step);
      return w.say(
        `Move the slider ${usdLabel(w, 'cards.loan.amount')} to ${usd(w, v)}${v === LOAN_AMOUNT.max ? ' (all the way right)' : ''}`,
        `スライダー${usdLabel(w, 'cards.loan.amount')}を ${usd(w, v)} に${v === LOAN_AMOUNT.max ? '（右端まで）' : ''}動かす`,
      );
    },
    'days.change': (w, e) => {
      const v = snap(e.value as number, LOAN_DAYS.min, LOAN_DAYS.max, LOAN_DAYS.step);
      return w.say(
        `Move the slider ${w.q('cards.loan.days')} to ${w.q('cards.loan.daysValue', { count: v })}`,
        `スライダー${w.q('cards.loan.days')}を${w.q('cards.loan.daysValue', { count: v })}に動かす`,
      );
    },
    'field.change': (w, e) =>
      type(
        w,
        e.field === 'guarantor' ? guarantorText(w, e.value as string) : e.value,
        `cards.loan.${e.field as string}`,
      ),
    'form.submit': (w) => press(w, 'cards.loan.submit'),
    'repay.click': (w, e, c) =>
      press(w, slider(c.history).open ? 'cards.loan.repayConfirm' : 'cards.loan.repay'),
    'repay.change': (w, e, c) => {
      const max = owed(e, c);
      const v = snap(e.value as number, 0, max, REPAY_STEP);
      return w.say(
        `Move the slider ${usdLabel(w, 'cards.loan.repayAmount')} to ${usd(w, v)}${v === max ? ' (all the way right)' : ''}`,
        `スライダー${usdLabel(w, 'cards.loan.repayAmount')}を ${usd(w, v)} に${v === max ? '（右端まで）' : ''}動かす`,
      );
    },
    'repay.cancel': (w) => press(w, 'common.cancel'),
  },
  actors: {
    checkLoan: {
      done: (w, e, c) => {
        if (codeOf(e) === 1012) return w.fault('userLoanCheck', 'code', 1012);
        const before = dtoOf(latest(c.history, (x) => isCheck(x) && codeOf(x) === 0));
        const now = dtoOf(e);
        // The operator decides the request in review.
        if (before?.status === 0 && now?.status === 1)
          return w.console('reviews', w.q('console.approve'));
        if (before?.status === 0 && now?.status === 2)
          return w.console('reviews', `${w.q('console.reason')} = not now`, w.q('console.reject'));
        return '';
      },
    },
    requestLoan: {
      done: (w, e) => {
        const code = codeOf(e);
        const apply = w.say(
          "apply there for a loan (50,000 USD, 7 days, gus's UID as guarantor)",
          'そこでローンを申請（50,000 USD、7日、保証人は gus の UID）',
        );
        if (code === 1149)
          return other(w, `${apply} and leave it in review`, `${apply}し、審査中のままにする`);
        if (code === 1150)
          return `${other(w, apply, apply)}${w.say('; ', '。')}${w.console('reviews', w.q('console.approve'))}`;
        if (code === 1151)
          return [
            other(w, apply, apply),
            w.console('reviews', w.q('console.approve')),
            automatedOnly(w, w.say('it becomes overdue', '延滞になる')),
          ].join(w.say('; ', '。'));
        return '';
      },
    },
    loadRecords: {
      done: (w, e, c) => {
        if (codeOf(e) === 1012) return w.fault('userLoanRepay', 'code', 1012);
        // The list the screen last showed: a failed read in between shows none.
        const before = recordsOf(latest(c.history, (x) => isRecords(x) && codeOf(x) === 0))[0];
        const now = recordsOf(e)[0];
        if (before?.status === 0 && now?.status === 1)
          return w.console('reviews', w.q('console.approve'));
        if (before?.status === 0 && now?.status === 2)
          return w.console(
            'reviews',
            `${w.q('console.reason')} = not enough`,
            w.q('console.reject'),
          );
        return '';
      },
    },
    repay: {
      done: (w, e) =>
        codeOf(e) === 23552
          ? other(
              w,
              'there repay 100 USD (it stays in review)',
              'そこで 100 USD を返済（審査中のまま）',
            )
          : '',
    },
  },
  delays: {},
  states: {
    checking: (w, e) =>
      e.type === 'xstate.done.actor.requestLoan' && codeOf(e) === 0
        ? toast(w, w.t('submit_success_please_wait'))
        : e.type === 'xstate.done.actor.requestLoan'
          ? codeToast(w, codeOf(e) ?? 0)
          : loading(w, 'userLoanCheck'),
    failed: (w) =>
      w.say(
        `${w.q('cards.loadFailed')} with ${w.q('common.retry')}; ${codeToast(w, 1012)}`,
        `${w.q('cards.loadFailed')}と${w.q('common.retry')}。${codeToast(w, 1012)}`,
      ),
    review: (w) =>
      w.say(
        `${w.q('cards.loan.yourLoan')} ${w.q('cards.loan.status_0')}: ${w.q('cards.loan.inReview')}, with ${w.q('common.refresh')}`,
        `${w.q('cards.loan.yourLoan')} ${w.q('cards.loan.status_0')}：${w.q('cards.loan.inReview')}、ボタン${w.q('common.refresh')}`,
      ),
    request: (w, e, c) => {
      const status = loanNow(e, c)?.status;
      const note =
        status === 2
          ? ` ${w.q('cards.loan.rejectedBefore')}`
          : status === 3
            ? ` ${w.q('cards.loan.repaidBefore')}`
            : '';
      return w.say(
        `The form ${w.q('cards.loan.apply')}${note}`,
        `フォーム${w.q('cards.loan.apply')}${note}`,
      );
    },
    'request.editing': (w, e, c) => {
      const code = codeOf(e);
      if (e.type === 'form.submit')
        return w.say(
          `Under ${w.q('cards.loan.guarantor')} the error ${w.q('p_loan_guarantor')}`,
          `${w.q('cards.loan.guarantor')}の下にエラー${w.q('p_loan_guarantor')}`,
        );
      if (code === 1156)
        return w.say(
          `${codeToast(w, 1156)}; above the button ${w.q('p_bind_email_first')} with the link ${w.q('cards.loan.bindEmail')}`,
          `${codeToast(w, 1156)}。ボタンの上に${w.q('p_bind_email_first')}とリンク${w.q('cards.loan.bindEmail')}`,
        );
      if (code)
        return `${codeToast(w, code)}; ${w.say('the form keeps its values', 'フォームの値はそのまま')}`;
      if (e.type === 'amount.change' || e.type === 'days.change' || e.type === 'field.change')
        return e.type !== 'field.change' || e.field !== 'guarantor'
          ? guarantorErrorShown(c)
            ? w.say(
                `The slider or field shows the new value; the error under ${w.q('cards.loan.guarantor')} stays until the UID is typed`,
                `スライダーまたは入力欄に新しい値。${w.q('cards.loan.guarantor')}の下のエラーは UID を入力するまで残る`,
              )
            : w.say(
                'The slider or field shows the new value; no error',
                'スライダーまたは入力欄に新しい値。エラーなし',
              )
          : w.say('The field shows the new value; no error', '入力欄に新しい値。エラーなし');
      return loanWords.states.request?.(w, e, c) ?? '';
    },
    'request.submitting': (w) => buttonLoading(w, 'addUserLoan'),
    active: (w, e, c) =>
      w.say(
        `${w.q('cards.loan.yourLoan')} ${w.q(loanNow(e, c)?.status === 4 ? 'cards.loan.status_4' : 'cards.loan.status_1')}`,
        `${w.q('cards.loan.yourLoan')} ${w.q(loanNow(e, c)?.status === 4 ? 'cards.loan.status_4' : 'cards.loan.status_1')}`,
      ),
    'active.loadingRecords': (w, e) =>
      e.type === 'xstate.done.actor.repay'
        ? codeOf(e) === 0
          ? toast(w, w.t('submit_success_please_wait'))
          : codeToast(w, codeOf(e) ?? 0)
        : loading(w, 'userLoanRepay'),
    'active.recordsFailed': (w) =>
      w.say(
        `Under ${w.q('cards.loan.records')}: ${w.q('cards.loadFailed')} with ${w.q('common.retry')}; ${codeToast(w, 1012)}`,
        `${w.q('cards.loan.records')}の下に${w.q('cards.loadFailed')}と${w.q('common.retry')}。${codeToast(w, 1012)}`,
      ),
    'active.idle': (w, e, c) => {
      const recs = recordsOf(latest(all(e, c), isRecords));
      const rejected = recs[0]?.status === 2 ? ` ${w.q('p_loan_repayment_reject')};` : '';
      const overdue = loanNow(e, c)?.status === 4 ? ` ${w.q('code.1151')};` : '';
      return w.say(
        `${w.q('cards.loan.yourLoan')} ${w.q(overdue ? 'cards.loan.status_4' : 'cards.loan.status_1')};${overdue}${rejected} ${w.q('cards.loan.owed')} ${usd(w, owed(e, c))}; the button ${w.q('cards.loan.repay')}; ${recs.length ? `${recs.length} ${w.say('repayment record(s)', '件の返済記録')}` : w.q('cards.loan.recordsEmpty')}`,
        `${w.q('cards.loan.yourLoan')} ${w.q(overdue ? 'cards.loan.status_4' : 'cards.loan.status_1')}。${overdue}${rejected} ${w.q('cards.loan.owed')} ${usd(w, owed(e, c))}。ボタン${w.q('cards.loan.repay')}。${recs.length ? `${recs.length} 件の返済記録` : w.q('cards.loan.recordsEmpty')}`,
      );
    },
    'active.sliding': (w, e, c) =>
      e.type === 'repay.click' && slider(c.history).open
        ? w.say(
            `Under the slider the error ${w.q('p_loan_repayment_no_zero')}`,
            `スライダーの下にエラー${w.q('p_loan_repayment_no_zero')}`,
          )
        : w.say(
            `The slider ${usdLabel(w, 'cards.loan.repayAmount')} with ${w.q('common.cancel')} and ${w.q('cards.loan.repayConfirm')}`,
            `スライダー${usdLabel(w, 'cards.loan.repayAmount')}、${w.q('common.cancel')}と${w.q('cards.loan.repayConfirm')}`,
          ),
    'active.repaying': (w) => buttonLoading(w, 'addUserLoanRepay'),
    'active.waiting': (w) =>
      w.say(
        `${w.q('cards.loan.repayWaiting')} with ${w.q('common.refresh')}; the newest record ${w.q('cards.loan.record_0')}`,
        `${w.q('cards.loan.repayWaiting')}とボタン${w.q('common.refresh')}。最新の記録は${w.q('cards.loan.record_0')}`,
      ),
  },
  names: {
    checking: ['Checking your loan', 'ローン確認中'],
    failed: ['Loan failed to load', 'ローンの読み込み失敗'],
    review: ['Loan in review', 'ローン審査中'],
    request: ['Loan application', 'ローン申込'],
    'request.editing': ['Filling in the form', 'フォーム入力中'],
    'request.submitting': ['Applying', '申込中'],
    active: ['Loan active', '返済中のローン'],
    'active.loadingRecords': ['Loading repayments', '返済記録を読み込み中'],
    'active.recordsFailed': ['Repayments failed to load', '返済記録の読み込み失敗'],
    'active.idle': ['Loan and repayments shown', 'ローンと返済記録を表示'],
    'active.sliding': ['Choosing what to repay', '返済額を選択中'],
    'active.repaying': ['Repaying', '返済中'],
    'active.waiting': ['Repayment in review', '返済の審査中'],
  },
  titles: {
    'checking|xstate.done.actor.checkLoan|3': (w) =>
      w.say('The loan cannot be read, then Retry', 'ローン情報の取得失敗と再試行'),
    'checking|xstate.done.actor.checkLoan|0': (w, e, c) =>
      dtoOf(latest(c.history, (x) => isCheck(x) && codeOf(x) === 0))?.status === 0
        ? w.say('Request rejected by the operator, apply again', '申請が却下され、再申請')
        : dtoOf(e)?.status === 3
          ? w.say('Loan repaid in full: a new one can be requested', '全額返済後、新規申請が可能')
          : '',
    'checking|xstate.done.actor.checkLoan|2': (w, e, c) =>
      dtoOf(latest(c.history, (x) => isCheck(x) && codeOf(x) === 0))?.status === 0
        ? w.say('Request approved by the operator', '申請が承認される')
        : '',
    'request.editing|form.submit|1': (w) => w.say('Apply without a guarantor', '保証人なしで申請'),
    'request.submitting|xstate.done.actor.requestLoan|0': (w) =>
      w.say('Apply for a loan: in review', 'ローンを申請：審査中'),
    'request.submitting|xstate.done.actor.requestLoan|1': (w, e) =>
      w.say(
        `Applied meanwhile elsewhere: ${w.t(`code.${codeOf(e)}`)}`,
        `別の場所で申請済み：${w.t(`code.${codeOf(e)}`)}`,
      ),
    'request.submitting|xstate.done.actor.requestLoan|2': (w) =>
      w.say('Apply without a bound e-mail', 'メール未登録で申請'),
    'request.submitting|xstate.done.actor.requestLoan|3': (w) =>
      w.say('Apply with an unknown guarantor', '存在しない保証人で申請'),
    'active.loadingRecords|xstate.done.actor.loadRecords|0': (w) =>
      w.say('Repayment records cannot be read, then Retry', '返済記録の取得失敗と再試行'),
    'active.loadingRecords|xstate.done.actor.loadRecords|1': (w) =>
      w.say('Repay in full', '全額返済'),
    'active.sliding|repay.click|1': (w) => w.say('Repay zero: refused', 'ゼロ返済は拒否'),
    'active.sliding|repay.cancel|0': (w) =>
      w.say('Open the repayment slider and cancel', '返済スライダーを開いてキャンセル'),
    'active.repaying|xstate.done.actor.repay|1': (w) =>
      w.say('Repay while another repayment is in review', '別の返済が審査中に返済'),
    'active.waiting|records.refresh|0': (w) =>
      w.say(
        'Repayment in review, then decided by the operator',
        '返済が審査中、オペレーターが判断',
      ),
  },
};
