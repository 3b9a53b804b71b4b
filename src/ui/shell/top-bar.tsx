/**
 * The desktop top bar: trade mode, place-order toggle, search, chart period
 * and candle type, theme colours (wide screens), language, demo/real switch,
 * and the account corner.
 */
import { useRef, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/react.tsx';
import { TradeModeSwitch } from '../trade/trade-mode-switch.tsx';
import { preferences } from '../../state/preferences.ts';
import { chooseSymbol, ui } from '../../state/ui.ts';
import { chartView } from '../chart/chart-settings.ts';
import { CandleTypeSelect, PeriodSelect } from '../chart/chart-selects.tsx';
import { useDark, useWide } from '../hooks/use-media.ts';
import { useLayer } from '../hooks/use-layer.ts';
import { useServices } from '../services-context.tsx';
import { SearchBox } from '../screens/search.tsx';
import { LanguageSelect } from './language-picker.tsx';
import { IconMoon, IconSearch } from '../components/icons.tsx';
import './top-bar.css';

export function TopBar({ account }: { account: ReactNode }) {
  const { t } = useTranslation();
  const { config } = useServices();
  const { redUp } = useSnapshot(preferences);
  const dark = useDark();
  const { placeOpen } = useSnapshot(ui);
  const view = useSnapshot(chartView);
  const wide = useWide();
  const [searching, setSearching] = useState(false);
  const searchAnchor = useRef<HTMLDivElement>(null);
  const searchButton = useRef<HTMLButtonElement>(null);
  useLayer(searching, () => setSearching(false), searchAnchor, {
    outside: true,
    opener: searchButton,
  });
  return (
    <header className="top-bar">
      <span className="brand">{config.siteName}</span>
      <TradeModeSwitch block={false} />
      <button
        type="button"
        className="btn ghost"
        aria-pressed={placeOpen}
        onClick={() => (ui.placeOpen = !placeOpen)}
      >
        {t('top.placeOrder')}
      </button>
      <div className="popover-anchor" ref={searchAnchor}>
        <button
          ref={searchButton}
          type="button"
          className="btn ghost"
          aria-expanded={searching}
          onClick={() => setSearching(!searching)}
        >
          <IconSearch size={16} /> {t('nav.search')}
        </button>
        {searching && (
          <div className="popover" role="dialog" aria-label={t('nav.search')}>
            <SearchBox
              onSelect={(s) => {
                chooseSymbol(s);
                setSearching(false);
              }}
            />
          </div>
        )}
      </div>
      <PeriodSelect value={view.period} onChange={(p) => (chartView.period = p)} />
      <CandleTypeSelect value={view.candleType} onChange={(c) => (chartView.candleType = c)} />
      <span className="spacer" />
      {wide && (
        <div className="segmented" role="group" aria-label={t('top.colours')}>
          <button type="button" aria-pressed={!redUp} onClick={() => (preferences.redUp = false)}>
            {t('top.greenUp')}
          </button>
          <button type="button" aria-pressed={redUp} onClick={() => (preferences.redUp = true)}>
            {t('top.redUp')}
          </button>
        </div>
      )}
      <button
        type="button"
        className="icon-btn"
        aria-pressed={dark}
        aria-label={t('top.dark')}
        onClick={() => (preferences.dark = !dark)}
      >
        <IconMoon />
      </button>
      <LanguageSelect />
      {account}
    </header>
  );
}
