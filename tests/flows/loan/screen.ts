/** The loan screen as a path leaves it, for the words (words.ts). */
import type { AnyEvent, StepCtx, W } from '../../paths/plan/words.ts';
import { codeOf, inOtherTab, latest } from '../../paths/words/common.ts';

export interface Dto {
  status: number;
  amount: number;
  days: number;
}
export const dtoOf = (e: AnyEvent | undefined) =>
  (e?.output as { data?: { dto?: Dto | null } } | undefined)?.data?.dto ?? null;
export const recordsOf = (e: AnyEvent | undefined) =>
  (e?.output as { data?: { dtoList?: Array<{ amount: number; status: number }> } } | undefined)
    ?.data?.dtoList ?? [];
export const isCheck = (e: AnyEvent) => e.type === 'xstate.done.actor.checkLoan';
export const isRecords = (e: AnyEvent) => e.type === 'xstate.done.actor.loadRecords';
export const all = (e: AnyEvent, c: StepCtx) => [...c.history, e];

/** The loan as the newest check read it. */
export const loanNow = (e: AnyEvent, c: StepCtx) =>
  dtoOf(latest(all(e, c), (x) => isCheck(x) && codeOf(x) === 0));
/** What is owed: the loan less the approved repayments. */
export function owed(e: AnyEvent, c: StepCtx): number {
  const loan = loanNow(e, c);
  const recs = recordsOf(latest(all(e, c), isRecords));
  return (loan?.amount ?? 0) - recs.filter((r) => r.status === 1).reduce((a, r) => a + r.amount, 0);
}
/** Amounts as the screen formats them (Intl, in the plan's language). */
export const usd = (w: W, n: number) =>
  `${new Intl.NumberFormat(w.lang, { maximumFractionDigits: 2 }).format(n)} USD`;
export const guarantorText = (w: W, v: string) =>
  v === 'GUARANTOR' ? w.say("gus's UID", 'gus の UID') : v;
/** The repayment slider along the path: open or not, and its amount. */
export function slider(history: AnyEvent[]): { open: boolean; amount: number } {
  let open = false;
  let amount = 0;
  for (const e of history) {
    if (e.type === 'repay.click') {
      if (!open) [open, amount] = [true, 0];
      else if (amount > 0) open = false;
    } else if (e.type === 'repay.change') amount = e.value as number;
    else if (e.type === 'repay.cancel') open = false;
  }
  return { open, amount };
}
export const usdLabel = (w: W, key: string) => w.quote(`${w.t(key)} (USD)`);
export const other = (w: W, what: string, ja: string) => inOtherTab(w, 'loan', what, ja);
