/**
 * The reviewer's console (simulator mode): play the operator and inject
 * faults. Reviews (approve/reject with a reason), the outbox, one-shot reply
 * codes and HTTP statuses, delays, channel drops and freezes, trade status and
 * market hours, site flags, and money for the signed-in user.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBackOffice, type RemoteBackOffice } from './use-back-office.ts';
import { Account } from './panes/account.tsx';
import { Faults } from './panes/faults.tsx';
import { Flags } from './panes/flags.tsx';
import { Market } from './panes/market.tsx';
import { Outbox } from './panes/outbox.tsx';
import { Reviews } from './panes/reviews.tsx';

type Tab = 'reviews' | 'outbox' | 'faults' | 'market' | 'flags' | 'account';
const TABS: Tab[] = ['reviews', 'outbox', 'faults', 'market', 'flags', 'account'];

const PANES: Record<Tab, (p: { bo: RemoteBackOffice }) => ReactNode> = {
  reviews: Reviews,
  outbox: Outbox,
  faults: Faults,
  market: Market,
  flags: Flags,
  account: Account,
};

export function SimulatorConsole({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const bo = useBackOffice();
  const [tab, setTab] = useState<Tab>('reviews');
  if (!bo) return null;
  const Pane = PANES[tab];
  return (
    <div className="console" role="dialog" aria-label={t('console.title')}>
      <header className="console-head">
        <b>{t('console.title')}</b>
        <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="tabs" role="tablist">
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={`tab${tab === x ? ' active' : ''}`}
            onClick={() => setTab(x)}
          >
            {t(`console.tab_${x}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="console-body">
        <Pane bo={bo} />
      </div>
    </div>
  );
}
