/**
 * First run: a new account opens on the real account with 0.00, while the
 * demo account (one switch away) holds 100,000 USD of virtual money. Until
 * the user dismisses it, switches to demo or has money on the real account,
 * a hint says so and offers both ways on: the demo switch (with its usual
 * warning, trading.md §4, only when virtual trading is enabled) and deposit.
 */
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { readJson, writeJson } from '../../state/persist.ts';
import { balanceFigures } from '../../state/balance.ts';
import { useFlags } from '../hooks/use-flags.ts';
import { useBalance, useDemo, useSessionUser } from '../hooks/use-session.ts';
import { DemoSwitch } from './account-switch.tsx';

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
  if (!candidate || !balance || balanceFigures(balance)?.total !== 0) return null;
  const dismiss = () => {
    const next = [...dismissed, user.uid];
    writeJson(KEY, next);
    setDismissed(next);
  };
  return (
    <section className="first-run" role="region" aria-label={t('shell.first_run_title')}>
      <div>
        <strong>{t('shell.first_run_title')}</strong>
        <p>{t(flags.virtualTrading ? 'shell.first_run_text' : 'shell.first_run_text_no_demo')}</p>
      </div>
      <div className="first-run-actions">
        <DemoSwitch variant="cta" />
        {!flags.depositDisabled && (
          <Link href="/user/deposit" className="btn">
            {t('my.deposit')}
          </Link>
        )}
        <button type="button" className="btn ghost" onClick={dismiss}>
          {t('shell.first_run_dismiss')}
        </button>
      </div>
    </section>
  );
}
