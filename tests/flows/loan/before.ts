/** The loan plan's set-up per spec: the guarantor, the user and the loan it starts with. */
import type { W } from '../../paths/plan/words.ts';
import { automatedOnly, flagSteps, signIn, realAccount } from '../../paths/words/common.ts';

export const loanBefore = (w: W, spec: string): string[] => {
  const kind = /\((\w+)\)/.exec(spec)?.[1] ?? 'new';
  const apply = w.say(
    `Apply once on ${w.q('my.loan')}: 60,000 USD, 10 days, ${w.q('cards.loan.guarantor')} gus's UID, ${w.q('cards.loan.remark')} “first”`,
    `${w.q('my.loan')}で一度申請：60,000 USD、10日、${w.q('cards.loan.guarantor')}は gus の UID、${w.q('cards.loan.remark')}「first」`,
  );
  return [
    ...flagSteps(
      w,
      ['user-loan', true],
      ...(kind === 'phone' ? [['PHONE_REGISTER', true] as [string, boolean]] : []),
    ),
    w.say(
      "Register the guarantor gus@example.com (password secret123) and note the UID under the name on “Mine” (“gus's UID” below); log out",
      '保証人 gus@example.com（パスワード secret123）を登録し、マイページの名前の下の UID を控える（以下「gus の UID」）。ログアウト',
    ),
    signIn(
      w,
      kind === 'phone'
        ? w.say('with the phone +1 4155552671 (no e-mail)', '電話番号 +1 4155552671（メールなし）')
        : 'lea@example.com',
      'secret123',
    ),
    realAccount(w),
    ...(kind === 'rejected'
      ? [apply, w.console('reviews', `${w.q('console.reason')} = not now`, w.q('console.reject'))]
      : kind === 'review'
        ? [apply]
        : kind === 'active'
          ? [apply, w.console('reviews', w.q('console.approve'))]
          : kind === 'overdue'
            ? [
                apply,
                w.console('reviews', w.q('console.approve')),
                automatedOnly(
                  w,
                  w.say('the loan passes its repayment date (10 days)', '返済期日（10日）の経過'),
                ),
              ]
            : []),
  ];
};
