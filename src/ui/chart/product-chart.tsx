/**
 * The product chart: klinecharts in a small React wrapper. Props say what to
 * show (symbol, period, candle type, indicators, mode, colours); the handle
 * (`ref`) carries the one-off actions of the toolbar. Data comes from the
 * kline feed: history, live bars at most once per frame, refill on reconnect.
 * Nothing here re-renders on a live update.
 */
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ReactNode,
  type Ref,
} from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { dispose, init, type Chart } from 'klinecharts';
import { useServices } from '../services-context.tsx';
import type {
  CandleKind,
  ColourTheme,
  DrawingTool,
  IndicatorChoice,
  Period,
} from './chart-types.ts';
import { chartLocale } from './chart-locale.ts';
import {
  BACKGROUND,
  candleStyles,
  colourStyles,
  compactStyles,
  fontStyles,
  modeStyles,
} from './chart-styles.ts';
import { readSymbolChart, writeSymbolChart } from './chart-storage.ts';
import {
  cancelDrawing,
  finishedDrawings,
  removeDrawings,
  restoreDrawings,
  startDrawing,
} from './drawings.ts';
import { syncIndicators } from './indicators.ts';
import { createKlineFeed } from './kline-feed.ts';
import { appKlineSource } from './kline-source.ts';
import { klinePeriod } from './kline-data.ts';
import { useDigits } from '../components/num.tsx';
import { priceDigits, volumeDigits } from '../format.ts';
import { downloadDataUrl } from './screenshot.ts';
import { useCompact } from './use-compact.ts';
import { useMarketReconnect } from './use-market-reconnect.ts';
import { createViewDescription, summarise } from './view-description.ts';
import { BAR_SPACE, NAV_NONE, navOf, sameNav, type ChartNav } from './nav-limits.ts';
import { themeColours } from './chart-types.ts';
import type { TradeTarget } from './trade-lines.ts';
import { useTradeLayer } from './use-trade-layer.ts';
import { session } from '../../state/session.ts';
import { useSnapshot } from 'valtio';
import './chart.css';

/** The toolbar's actions on a chart. */
export interface ChartHandle {
  /** Scale the bar width (ZOOM_IN 1.1, ZOOM_OUT 0.9). */
  zoom(scale: number): void;
  /** Move the view by whole bars; positive shows older bars (left). */
  shift(bars: number): void;
  /** Download the chart, drawings included, as a JPEG. */
  screenshot(fileName: string): void;
  /** Let the next clicks or taps place a drawing. */
  draw(tool: DrawingTool): void;
  cancelDrawing(): void;
  clearDrawings(): void;
}

export interface ProductChartProps {
  symbol: string;
  period: Period;
  candleType: CandleKind;
  indicators: IndicatorChoice;
  dark: boolean;
  colours: ColourTheme;
  /** Accessible name of the chart. */
  label: string;
  /** The number of finished drawings, after each change (a drawing finished, moved or removed). */
  onDrawingsChange?: (count: number) => void;
  /** Which way the view can still zoom or shift, after each change of it. */
  onNav?: (nav: ChartNav) => void;
  className?: string;
  /** Shown over the chart (a hint while drawing), so the chart does not move. */
  children?: ReactNode;
  /**
   * With it, the signed-in user's trades are drawn on the chart (issue 28):
   * called with the trade whose label was clicked, tapped or chosen.
   */
  onTrade?: (target: TradeTarget) => void;
  ref?: Ref<ChartHandle>;
}

type Status = 'loading' | 'ready' | 'empty';

export function ProductChart(props: ProductChartProps) {
  const { symbol, period, candleType, indicators, dark, colours, label, className, ref } = props;
  const { t, i18n } = useTranslation();
  const { api, backend, realtime, config } = useServices();
  const host = useRef<HTMLDivElement>(null);
  const desc = useRef<HTMLParagraphElement>(null);
  const descId = useId();
  const [chart, setChart] = useState<Chart | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [reloads, setReloads] = useState(0);
  const digits = useDigits('price', symbol);
  const { token } = useSnapshot(session);
  const tone = themeColours(colours, config.colors);
  const compact = useCompact(host);
  const feed = useMemo(
    () => createKlineFeed(appKlineSource(api, backend.channels.market)),
    [api, backend],
  );

  // Callbacks given to klinecharts outlive renders: they read the latest props through refs.
  const live = useRef({
    symbol,
    dark,
    t,
    onDrawingsChange: props.onDrawingsChange,
    onNav: props.onNav,
  });
  useEffect(() => {
    live.current = {
      symbol,
      dark,
      t,
      onDrawingsChange: props.onDrawingsChange,
      onNav: props.onNav,
    };
  });
  /** Blank space right of the newest bar (px): where a shift right stops. */
  const margin = useRef(80);
  const nav = useRef<ChartNav>(NAV_NONE);
  const muted = useRef(false);
  const view = useRef<ReturnType<typeof createViewDescription>>(undefined);

  const drawingsChanged = useCallback(() => {
    const c = chartOf(host.current);
    if (muted.current || !c) return;
    const saved = finishedDrawings(c);
    writeSymbolChart(live.current.symbol, { drawings: saved });
    view.current?.refresh(c);
    live.current.onDrawingsChange?.(saved.length);
  }, []);

  useEffect(() => {
    const el = host.current;
    const descEl = desc.current;
    if (!el || !descEl) return;
    const c = init(el, {
      layout: { pane: { height: 88, minHeight: 48 }, barSpaceLimit: { ...BAR_SPACE } },
      // Prices are shown in full: klinecharts would write 0.00022 as "0.0{3}22".
      decimalFold: { threshold: 12 },
    });
    if (!c) return;
    // klinecharts makes its own holder tabindex=1 (ahead of the whole page in the tab order);
    // the labelled host (tabIndex 0 below) keeps the chart reachable in its place instead.
    el.querySelector(':scope > [tabindex]')?.removeAttribute('tabindex');
    charts.set(el, c);
    const v = createViewDescription(descEl, (x) => summarise(live.current.t, x));
    view.current = v;
    const onRange = () => {
      v.update(c);
      const next = navOf(c, margin.current);
      if (sameNav(next, nav.current)) return;
      nav.current = next;
      live.current.onNav?.(next);
    };
    c.subscribeAction('onVisibleRangeChange', onRange);
    c.setDataLoader(feed.loader);
    setChart(c);
    return () => {
      c.unsubscribeAction('onVisibleRangeChange', onRange);
      feed.dispose();
      charts.delete(el);
      dispose(el);
      setChart(null);
    };
  }, [feed]);

  useEffect(() => {
    if (!chart) return;
    chart.setStyles(dark ? 'dark' : 'light');
    chart.setStyles(modeStyles(dark));
    chart.setStyles(colourStyles(colours, config.colors));
    chart.setStyles(candleStyles(candleType));
    chart.setStyles(compactStyles(compact));
    if (host.current) chart.setStyles(fontStyles(getComputedStyle(host.current).fontFamily));
    view.current?.refresh(chart);
  }, [chart, dark, colours, candleType, compact, config.colors]);

  useEffect(() => {
    if (!chart) return;
    // A phone keeps less blank space right of the last bar. The view may scroll no
    // further than that margin either way: past the newest bar is empty, and so is
    // before the oldest (only the last 300 bars exist, trading.md §9).
    margin.current = compact ? 24 : 80;
    chart.setMaxOffsetRightDistance(margin.current);
    chart.setMaxOffsetLeftDistance(margin.current);
    chart.setOffsetRightDistance(margin.current);
  }, [chart, compact]);

  useEffect(() => {
    if (!chart) return;
    chart.setLocale(chartLocale(t, i18n.language));
    // The screen-reader description is written in the language too.
    view.current?.refresh(chart);
    // Times in the site's zone (trading.md §9), unless the site says the device's.
    if (config.timezone && config.timezone !== 'device') chart.setTimezone(config.timezone);
  }, [chart, t, i18n.language, config.timezone]);

  useEffect(() => {
    if (!chart) return;
    let alive = true;
    setStatus('loading');
    void feed.prepare(symbol, period).then((points) => {
      if (!alive || !points) return;
      const kp = klinePeriod(period);
      // The product's pricePrecision (state/products.ts), never what the bars happen to show.
      const precision = priceDigits(symbol);
      const p = chart.getPeriod();
      const s = chart.getSymbol();
      const samePeriod = p?.type === kp.type && p.span === kp.span;
      const sameSymbol = s?.ticker === symbol && s.pricePrecision === precision;
      // Each setter reloads from the feed, which now serves the history just read.
      if (!samePeriod) chart.setPeriod(kp);
      if (!sameSymbol)
        chart.setSymbol({
          ticker: symbol,
          pricePrecision: precision,
          volumePrecision: volumeDigits(symbol),
        });
      if (samePeriod && sameSymbol) chart.resetData();
      // MACD is in price units: shown at the symbol's precision.
      chart.overrideIndicator({ name: 'MACD', precision });
      view.current?.refresh(chart);
      setStatus(points.length > 0 ? 'ready' : 'empty');
    });
    return () => {
      alive = false;
    };
    // `digits`: learned later (a first visit on a server without the extension), it redraws the axis.
  }, [chart, feed, symbol, period, reloads, digits]);

  const mainKey = indicators.main.join();
  const subKey = indicators.sub.join();
  useEffect(() => {
    if (!chart) return;
    syncIndicators(chart, indicators);
    view.current?.refresh(chart);
    // The keys stand for the lists: a new array with the same names changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chart, mainKey, subKey]);

  useEffect(() => {
    if (!chart) return;
    muted.current = true;
    const saved = readSymbolChart(symbol).drawings;
    restoreDrawings(chart, saved, drawingsChanged);
    muted.current = false;
    view.current?.refresh(chart);
    live.current.onDrawingsChange?.(saved.length);
  }, [chart, symbol, drawingsChanged]);

  const trades = useTradeLayer(chart, symbol, {
    api,
    signedIn: !!token,
    colours: { up: tone.up, down: tone.down, text: '#ffffff' },
    t,
    onOpen: props.onTrade,
  });

  useMarketReconnect(realtime, () => {
    if (!chart) return;
    void feed.refill(chart.getDataList().at(-1)?.timestamp).then((r) => {
      if (r === 'reload') setReloads((n) => n + 1);
    });
  });

  useImperativeHandle(
    ref,
    (): ChartHandle => ({
      zoom: (scale) => chart?.zoomAtCoordinate(scale),
      shift: (bars) => chart?.scrollByDistance(bars * chart.getBarSpace().bar),
      screenshot(fileName) {
        if (!chart) return;
        const bg = live.current.dark ? BACKGROUND.dark : BACKGROUND.light;
        downloadDataUrl(chart.getConvertPictureUrl(true, 'jpeg', bg), fileName);
      },
      draw: (tool) => chart && startDrawing(chart, tool, drawingsChanged),
      cancelDrawing: () => chart && cancelDrawing(chart),
      clearDrawings() {
        if (!chart) return;
        muted.current = true;
        removeDrawings(chart);
        muted.current = false;
        drawingsChanged();
      },
    }),
    [chart, drawingsChanged],
  );

  return (
    <div className={`product-chart${className ? ` ${className}` : ''}`}>
      <div
        ref={host}
        className="product-chart-canvas"
        tabIndex={0}
        role="img"
        aria-label={label}
        aria-describedby={descId}
        aria-busy={status === 'loading'}
      />
      <p id={descId} ref={desc} className="chart-sr-only" />
      {trades.length > 0 && (
        // The lines' labels are drawn on the canvas; here they are for the keyboard and
        // screen readers (hidden until focused), each opening its trade's card.
        <ul className="chart-trades" aria-label={t('chart.trades')}>
          {trades.map((l) => (
            <li key={l.key}>
              <button type="button" className="btn small" onClick={() => props.onTrade?.(l.target)}>
                {l.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {props.children}
      {status === 'loading' && (
        <div className="chart-state" role="status" aria-label={t('chart.loading')}>
          <div className="spinner" />
        </div>
      )}
      {status === 'empty' && (
        <p className="chart-state muted" role="status">
          {t('chart.no_data')}
        </p>
      )}
    </div>
  );
}

// The chart instance per host element, for klinecharts callbacks that outlive a render.
const charts = new WeakMap<HTMLElement, Chart>();
const chartOf = (el: HTMLElement | null) => (el ? charts.get(el) : undefined);
