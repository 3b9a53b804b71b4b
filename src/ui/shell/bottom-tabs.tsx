/** Mobile bottom tabs: home, position, history, user — and explore on sites that enable it. */
import { Suspense } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useLocation } from 'wouter';
import { useFlags } from '../hooks/use-flags.ts';
import {
  IconExplore,
  IconHistory,
  IconHome,
  IconPositions,
  IconUser,
} from '../components/icons.tsx';
import './bottom-tabs.css';

const TABS = [
  { href: '/', key: 'home', Icon: IconHome },
  { href: '/position', key: 'position', Icon: IconPositions },
  { href: '/explore', key: 'explore', Icon: IconExplore },
  { href: '/history', key: 'history', Icon: IconHistory },
  { href: '/user', key: 'user', Icon: IconUser },
] as const;

export function BottomTabs() {
  // The tabs wait for the flags (explore is one): an empty bar of the same size meanwhile, so nothing moves.
  return (
    <Suspense fallback={<div className="bottom-tabs" aria-hidden="true" />}>
      <Tabs />
    </Suspense>
  );
}

function Tabs() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const flags = useFlags();
  const tabs = TABS.filter((tab) => tab.key !== 'explore' || flags.explore);
  return (
    <nav className="bottom-tabs" aria-label={t('nav.main')}>
      {tabs.map((tab) => {
        const active = tab.href === '/' ? location === '/' : location.startsWith(tab.href);
        return (
          <Link
            key={tab.key}
            href={tab.href}
            className={`bottom-tab${active ? ' active' : ''}`}
            aria-current={active ? 'page' : undefined}
          >
            <span className="bottom-tab-icon">
              <tab.Icon size={22} />
            </span>
            <span>{t(`nav.${tab.key}`)}</span>
          </Link>
        );
      })}
    </nav>
  );
}

/** Routes that show the bottom tabs. */
export const TAB_ROUTES = new Set(['/', '/position', '/history', '/user', '/explore']);
