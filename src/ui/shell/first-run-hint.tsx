/**
 * First run: a new account opens on the real account with 0.00, while the
 * demo account (one switch away) holds 100,000 USD of virtual money. Until
 * the user dismisses it, switches to demo or has money on the real account,
 * a hint says so and offers both ways on: the demo switch (with its usual
 * warning, trading.md §4, only when virtual trading is enabled) and deposit.
 */
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link } from 'wouter';
import { readJson, writeJson } from '../../state/persist.ts';
import { balanceFigures } from '../../state/balance.ts';
import { useFlags } from '../hooks/use-flags.ts';
import { useBalance, useDemo, useSessionUser } from '../hooks/use-session.ts';
import { DemoSwitch } from '../flows/accountMode/switch.tsx';
import { useServices } from '../services-context.tsx';

/** What the deposit records say of a first deposit (issue 25 item 11). */
type DepositState = 'none' | 'review' | 'approved';

/**
 * The user's deposits (uesrRecharge, actionType 0), read again with each
 * balance poll: one in review (payState 0) changes the hint's words, an
 * approved one (1) ends the hint for good, even once the money is traded away.
 */
function useFirstDeposit(on: boolean, tick: unknown): DepositState | undefined {
  const { api } = useServices();
  const [state, setState] = useState<DepositState>();
  useEffect(() => {
    if (!on) return;
    let live = true;
    void api.call('uesrRecharge', { pageNum: 1, pageSize: 50 }).then((r) => {
      if (!live) return;
      // Unreadable: the hint as before (a first deposit asked for).
      const deposits = (r.data?.list ?? []).filter((x) => Number(x.actionType) === 0);
      const paid = (n: number) => deposits.some((x) => Math.floor(Number(x.payState)) === n);
      setState(paid(1) ? 'approved' : paid(0) ? 'review' : 'none');
    });
    return () => {
      live = false;
    };
  }, [api, on, tick]);
  return state;
}

const KEY = 'firstRunDismissed';

export function FirstRunHint() {
  // Once the flags are read (hooks/use-flags.ts): nothing shows meanwhile.
  return (
    <Suspense fallback={null}>
      <Hint />
    </Suspense>
  );
}

function Hint() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const demo = useDemo();
  const flags = useFlags();
  const [dismissed, setDismissed] = useState<string[]>(() => readJson<string[]>(KEY) ?? []);
  const candidate = !!user && !demo && !dismissed.includes(user.uid);
  // Polled only while the hint may show, so a deposit approved meanwhile hides it.
  const balance = useBalance(candidate);
  const empty = candidate && !!balance && balanceFigures(balance)?.total === 0;
  const deposit = useFirstDeposit(empty, balance);
  if (!empty || !deposit || deposit === 'approved') return null;
  const inReview = deposit === 'review';
  const dismiss = () => {
    const next = [...dismissed, user.uid];
    writeJson(KEY, next);
    setDismissed(next);
  };
  return (
    <section className="first-run" role="region" aria-label={t('shell.first_run_title')}>
      <div>
        <strong>{t('shell.first_run_title')}</strong>
        <p>
          {t(
            inReview
              ? 'shell.first_run_in_review'
              : flags.virtualTrading
                ? 'shell.first_run_text'
                : 'shell.first_run_text_no_demo',
          )}
        </p>
      </div>
      <div className="first-run-actions">
        <DemoSwitch variant="cta" />
        {inReview ? (
          <Link href="/user/wallet/depositList" className="btn">
            {t('shell.first_run_records')}
          </Link>
        ) : (
          !flags.depositDisabled && (
            <Link href="/user/deposit" className="btn">
              {t('my.deposit')}
            </Link>
          )
        )}
        <button type="button" className="btn ghost" onClick={dismiss}>
          {t('shell.first_run_dismiss')}
        </button>
      </div>
    </section>
  );
}
