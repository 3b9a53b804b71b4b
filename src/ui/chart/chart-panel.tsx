/**
 * The chart with its toolbar, wired to the shared chart settings: what the
 * chart screen and the desktop chart panel show. Loaded lazily, so
 * klinecharts is not part of the first route.
 */
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../../i18n/react.tsx';
import { useSnapshot } from 'valtio';
import { preferences } from '../../state/preferences.ts';
import { useServices } from '../services-context.tsx';
import { useDark, useDesktop } from '../hooks/use-media.ts';
import { ui } from '../../state/ui.ts';
import type { TradeTarget } from './trade-lines.ts';
import { requestTrade } from '../trade/open-trade.ts';
import type { ColourTheme, DrawingTool } from './chart-types.ts';
import { chartView } from './chart-settings.ts';
import { useIndicatorSettings } from './indicator-settings.ts';
import { ChartToolbar } from './chart-toolbar.tsx';
import { ProductChart, type ChartHandle } from './product-chart.tsx';
import { NAV_NONE, type ChartNav } from './nav-limits.ts';
import { useFullscreen } from './use-fullscreen.ts';

export interface ChartPanelProps {
  symbol: string;
  /** False where the period and candle-type selects live elsewhere (the desktop top bar). */
  selects?: boolean;
}

export function ChartPanel({ symbol, selects = true }: ChartPanelProps) {
  const { t } = useTranslation();
  const view = useSnapshot(chartView);
  const { redUp } = useSnapshot(preferences);
  const dark = useDark();
  const { config } = useServices();
  const indicators = useIndicatorSettings(symbol);
  const chart = useRef<ChartHandle>(null);
  const root = useRef<HTMLElement>(null);
  const fullscreen = useFullscreen(root);
  const [tool, setTool] = useState<DrawingTool>();
  const [drawings, setDrawings] = useState(0);
  const [nav, setNav] = useState<ChartNav>(NAV_NONE);
  const desktop = useDesktop();
  const [, navigate] = useLocation();

  // A trade's line was clicked, tapped or chosen: its card, in the positions list of its kind
  // (the desktop's list panel; the positions screen on a phone). The trade mode stays.
  const onTrade = useCallback(
    (target: TradeTarget) => {
      requestTrade(target.kind, target.id);
      if (desktop) {
        ui.listOpen = true;
        ui.listTab = 'position';
      } else navigate('/position');
    },
    [desktop, navigate],
  );

  // Green or red up is the app's preference (the shell's theme buttons set it too);
  // blue/orange is the chart's own choice on top of it.
  const colours: ColourTheme =
    view.colours === 'blue_up' ? 'blue_up' : redUp ? 'red_up' : 'green_up';
  const onColours = (c: ColourTheme) => {
    chartView.colours = c;
    if (c !== 'blue_up') preferences.redUp = c === 'red_up';
  };

  const onTool = (next: DrawingTool | undefined) => {
    if (next) chart.current?.draw(next);
    else chart.current?.cancelDrawing();
    setTool(next);
  };

  return (
    <section
      ref={root}
      className={`chart-panel${fullscreen.filled ? ' chart-panel-filled' : ''}`}
      aria-label={t('chart.panel', { symbol })}
    >
      <ChartToolbar
        chart={chart}
        symbol={symbol}
        period={view.period}
        onPeriod={(p) => (chartView.period = p)}
        candleType={view.candleType}
        onCandleType={(c) => (chartView.candleType = c)}
        selects={selects}
        indicators={indicators}
        tool={tool}
        onTool={onTool}
        drawings={drawings}
        nav={nav}
        fullscreen={fullscreen.on}
        onFullscreen={() => void fullscreen.toggle()}
        dark={dark}
        onDark={(d) => (preferences.dark = d)}
        colours={colours}
        onColours={onColours}
        siteColours={config.colors}
      />
      <ProductChart
        ref={chart}
        symbol={symbol}
        period={view.period}
        candleType={view.candleType}
        indicators={indicators.choice}
        dark={dark}
        colours={colours}
        label={t('chart.label', { symbol })}
        onNav={setNav}
        onTrade={onTrade}
        onDrawingsChange={(n) => {
          setDrawings(n);
          setTool(undefined);
        }}
      >
        {tool && (
          <p className="chart-hint" role="status">
            {t('chart.draw_hint', { tool: t(`chart.tools.${tool}`) })}
          </p>
        )}
      </ProductChart>
    </section>
  );
}
