/**
 * The chart toolbar (trading.md §2 "Chart"): period and candle type, the
 * indicator dialog, drawing tools, zoom, shift, screenshot, full screen, dark
 * mode and the up/down colour theme. A view only: state and the chart's
 * actions come in through props.
 */
import { useId, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { SHIFT_BARS, ZOOM_IN, ZOOM_OUT } from '../../config/constants.ts';
import {
  COLOUR_THEMES,
  themeColours,
  type CandleKind,
  type ColourTheme,
  type DrawingTool,
  type Period,
  type UpDown,
} from './chart-types.ts';
import type { IndicatorSettings } from './indicator-settings.ts';
import { CandleTypeSelect, PeriodSelect } from './chart-selects.tsx';
import { DrawingTools, DrawingToolsToggle } from './drawing-tools.tsx';
import { IndicatorButton } from './indicator-dialog.tsx';
import { ICONS } from './icons.tsx';
import type { ChartHandle } from './product-chart.tsx';
import type { ChartNav } from './nav-limits.ts';
import './chart-toolbar.css';

export interface ChartToolbarProps {
  chart: RefObject<ChartHandle | null>;
  symbol: string;
  period: Period;
  onPeriod(p: Period): void;
  candleType: CandleKind;
  onCandleType(c: CandleKind): void;
  /** False where the period and candle-type selects live elsewhere (the desktop top bar). */
  selects?: boolean;
  indicators: IndicatorSettings;
  tool: DrawingTool | undefined;
  onTool(tool: DrawingTool | undefined): void;
  drawings: number;
  fullscreen: boolean;
  onFullscreen(): void;
  dark: boolean;
  onDark(dark: boolean): void;
  colours: ColourTheme;
  onColours(c: ColourTheme): void;
  /** The site's up and down colours (the swatches show each theme's pair). */
  siteColours: UpDown;
  /** Which zoom and shift buttons can still move the view (the others are disabled). */
  nav: ChartNav;
}

export function ChartToolbar(p: ChartToolbarProps) {
  const { t } = useTranslation();
  const toolsId = useId();
  const [toolsOpen, setToolsOpen] = useState(false);
  const act = (fn: (c: ChartHandle) => void) => () => {
    if (p.chart.current) fn(p.chart.current);
  };
  return (
    <div className="chart-toolbar" role="group" aria-label={t('chart.toolbar')}>
      <div className="chart-row">
        {p.selects !== false && (
          <>
            <PeriodSelect value={p.period} onChange={p.onPeriod} />
            <CandleTypeSelect value={p.candleType} onChange={p.onCandleType} />
          </>
        )}
        <IndicatorButton settings={p.indicators} />
        <DrawingToolsToggle
          open={toolsOpen}
          controls={toolsId}
          onToggle={() => {
            // Closing the tools drops a drawing that was waiting for points.
            if (toolsOpen && p.tool) p.onTool(undefined);
            setToolsOpen(!toolsOpen);
          }}
        />
      </div>
      <div className="chart-row">
        <IconButton
          label={t('chart.zoom_out')}
          disabled={!p.nav.zoomOut}
          icon={ICONS.zoomOut}
          onClick={act((c) => c.zoom(ZOOM_OUT))}
        />
        <IconButton
          label={t('chart.zoom_in')}
          disabled={!p.nav.zoomIn}
          icon={ICONS.zoomIn}
          onClick={act((c) => c.zoom(ZOOM_IN))}
        />
        <IconButton
          label={t('chart.shift_left')}
          disabled={!p.nav.left}
          icon={ICONS.shiftLeft}
          onClick={act((c) => c.shift(SHIFT_BARS))}
        />
        <IconButton
          label={t('chart.shift_right')}
          disabled={!p.nav.right}
          icon={ICONS.shiftRight}
          onClick={act((c) => c.shift(-SHIFT_BARS))}
        />
        <IconButton
          label={t('chart.screenshot')}
          icon={ICONS.camera}
          onClick={act((c) => c.screenshot(`${p.symbol}-${p.period}.jpg`))}
        />
        <IconButton
          label={t('chart.fullscreen')}
          icon={ICONS.fullscreen}
          pressed={p.fullscreen}
          onClick={p.onFullscreen}
        />
        <IconButton
          label={t('chart.dark_mode')}
          icon={ICONS.moon}
          pressed={p.dark}
          onClick={() => p.onDark(!p.dark)}
        />
        <fieldset className="chart-themes">
          <legend className="chart-sr-only">{t('chart.colours')}</legend>
          {COLOUR_THEMES.map((c) => (
            <label key={c} className="chart-theme" title={t(`chart.themes.${c}`)}>
              <input
                type="radio"
                name={`chart-colours-${p.symbol}`}
                aria-label={t(`chart.themes.${c}`)}
                checked={p.colours === c}
                onChange={() => p.onColours(c)}
              />
              <span
                className="chart-swatch"
                style={{ color: themeColours(c, p.siteColours).up }}
                aria-hidden="true"
              >
                ▲
              </span>
              <span
                className="chart-swatch"
                style={{ color: themeColours(c, p.siteColours).down }}
                aria-hidden="true"
              >
                ▼
              </span>
            </label>
          ))}
        </fieldset>
      </div>
      <DrawingTools
        id={toolsId}
        open={toolsOpen}
        tool={p.tool}
        onTool={p.onTool}
        count={p.drawings}
        onDeleteAll={act((c) => c.clearDrawings())}
      />
    </div>
  );
}

interface IconButtonProps {
  label: string;
  icon: ReactNode;
  onClick(): void;
  pressed?: boolean;
  /** At its limit: announced as unavailable, the press ignored. */
  disabled?: boolean;
}

function IconButton({ label, icon, onClick, pressed, disabled }: IconButtonProps) {
  return (
    <button
      type="button"
      className="chart-btn"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // aria-disabled, not disabled: a button pressed to its limit keeps the keyboard focus.
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
    >
      {icon}
    </button>
  );
}
