/**
 * The reviewer's console: play the operator and inject faults, on the
 * simulator's back office (simulator mode) or the Node host's operator API
 * (live mode, after the key). Reviews (approve/reject with a reason), the outbox, one-shot reply
 * codes and HTTP statuses, delays, channel drops and freezes, trade status and
 * market hours, site flags, money for the signed-in user, and the start of a
 * QA plan's path (panes/paths.tsx), and scenarios: save, load, bookmarks and
 * the library (panes/scenarios.tsx); in simulator mode only, this tab's site
 * settings over the site file (panes/site.tsx).
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { useServices } from '../services-context.tsx';
import { OperatorKeyForm } from './operator-key-form.tsx';
import { setOperatorKey } from './operator-session.ts';
import { useBackOffice, useConsoleMode, type RemoteBackOffice } from './use-back-office.ts';
import { Account } from './panes/account.tsx';
import { Faults } from './panes/faults.tsx';
import { Flags } from './panes/flags.tsx';
import { Market } from './panes/market.tsx';
import { Outbox } from './panes/outbox.tsx';
import { Paths } from './panes/paths.tsx';
import { Reviews } from './panes/reviews.tsx';
import { Scenarios } from './panes/scenarios.tsx';
import { Site } from './panes/site.tsx';
import { consoleTabs, type Tab } from './console-tabs.ts';
import './console.css';

const PANES: Record<Tab, (p: { bo: RemoteBackOffice }) => ReactNode> = {
  reviews: Reviews,
  outbox: Outbox,
  faults: Faults,
  market: Market,
  flags: Flags,
  site: Site,
  account: Account,
  paths: Paths,
  scenarios: Scenarios,
};

export function SimulatorConsole({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const bo = useBackOffice();
  const mode = useConsoleMode();
  const { config } = useServices();
  const [tab, setTab] = useState<Tab>('reviews');
  const live = mode === 'live' && config.operatorUrl;
  if (!bo && !live) return null;
  const Pane = PANES[tab];
  return (
    <div className="console" role="dialog" aria-label={t('console.title')}>
      <header className="console-head">
        <b>{t('console.title')}</b>
        <span className="console-actions">
          {live && bo && (
            <button type="button" className="btn ghost" onClick={() => setOperatorKey(undefined)}>
              {t('console.forgetKey')}
            </button>
          )}
          <button
            type="button"
            className="icon-btn"
            aria-label={t('console.close')}
            onClick={onClose}
          >
            ×
          </button>
        </span>
      </header>
      {!bo && live ? (
        <div className="console-body">
          <OperatorKeyForm url={live} />
        </div>
      ) : bo ? (
        <ConsoleTabs bo={bo} tabs={consoleTabs(mode)} tab={tab} setTab={setTab} Pane={Pane} />
      ) : null}
    </div>
  );
}

function ConsoleTabs({
  bo,
  tabs,
  tab,
  setTab,
  Pane,
}: {
  bo: RemoteBackOffice;
  tabs: readonly Tab[];
  tab: Tab;
  setTab: (t: Tab) => void;
  Pane: (p: { bo: RemoteBackOffice }) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="tabs console-tabs" role="tablist">
        {tabs.map((x) => (
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
    </>
  );
}
