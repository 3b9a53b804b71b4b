/**
 * The loan plan's set-up per spec: the console's Paths tab makes the
 * borrower, the guarantor gus and the loan it starts with
 * (src/config/path-setups.ts, loan.*).
 */
import type { SetupId } from '../../../src/config/path-setups.ts';
import type { W } from '../../paths/plan/words.ts';
import { realAccount, startPath } from '../../paths/words/common.ts';

const SETUP: Record<string, SetupId> = {
  new: 'loan',
  phone: 'loan.phone',
  review: 'loan.review',
  rejected: 'loan.rejected',
  active: 'loan.active',
  overdue: 'loan.overdue',
};

export const loanBefore = (w: W, spec: string): string[] => {
  const kind = /\((\w+)\)/.exec(spec)?.[1] ?? 'new';
  const id = SETUP[kind];
  if (!id) throw new Error(`loan plan: no set-up for ${spec}`);
  return [
    ...startPath(w, id, [
      w.say(
        "The console then lists each user's UID: note gus@example.com's (“gus's UID” below)",
        'コンソールに各ユーザーの UID が表示される。gus@example.com の UID を控える（以下「gus の UID」）',
      ),
    ]),
    realAccount(w),
  ];
};
