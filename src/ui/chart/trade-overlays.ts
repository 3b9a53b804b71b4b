/**
 * The trade layer's klinecharts overlays (issue 28 item 1): a `tradeLine` is
 * a horizontal line at a price across the candle pane with its label at the
 * left and its price on the axis; a `tradeMark` joins a closed trade's entry
 * and exit. Both are locked (never dragged) and kept in their own group, so
 * the drawings (drawings.ts) neither save nor remove them. The label opens
 * the trade's card when clicked or tapped.
 *
 * `syncTradeOverlays` makes the chart's overlays match the lines and marks:
 * new ones are created, changed ones overridden (a live P&L changes only a
 * label), gone ones removed at once.
 */
import {
  registerOverlay,
  type Chart,
  type OverlayCreate,
  type OverlayFigure,
  type OverlayTemplate,
  type YAxis,
} from 'klinecharts';
import { priceText } from '../format.ts';
import {
  registerTradeLabel,
  LABEL_BOX_H,
  type TradeLabelAttrs,
  type TradeLabelStyles,
} from './trade-label.ts';
import { spreadLabels } from './trade-lines.ts';
import type { TradeLine, TradeLineKind, TradeMark, TradeTarget } from './trade-lines.ts';

export const TRADES_GROUP = 'trades';

/** The colours of the two tones: the chart's up and down colours (chart-styles.ts). */
export interface TradeColours {
  up: string;
  down: string;
  /** The label's text on the tone's colour. */
  text: string;
}

interface LineData {
  label: string;
  colour: string;
  kind: TradeLineKind;
  text: string;
  /** The chart's font family. */
  family: string;
}

const DASH: Record<TradeLineKind, number[] | undefined> = {
  position: undefined,
  stopLoss: [6, 4],
  takeProfit: [6, 4],
  pending: [2, 3],
  option: [4, 4],
};

const AXIS_TAGGED = new Set<TradeLineKind>(['position', 'option']);

/** How far from the pane's top or bottom a label beyond the prices in view waits (px). */
const EDGE = 12;

/** A label's height and a pixel between two. */
const LABEL_H = LABEL_BOX_H + 1;

/**
 * Where this line's label goes among all the trade lines' labels, so none
 * covers another (trade-lines.ts `spreadLabels`): those in view at the left
 * beside their lines, those beyond the prices in view stacked at the right
 * from the edge they wait at. Undefined when the chart cannot say. Worked out
 * once per drawing pass for all of them (every line's figures are made in the
 * same task; the next pass, after a zoom or a new price, works it out again).
 */
export function labelPlace(chart: Chart, yAxis: YAxis | null, id: string, height: number) {
  if (!yAxis) return undefined;
  let places = passPlaces.get(chart);
  if (!places) {
    places = allPlaces(chart, yAxis, height);
    passPlaces.set(chart, places);
    queueMicrotask(() => passPlaces.delete(chart));
  }
  return places.get(id);
}

const passPlaces = new WeakMap<Chart, Map<string, number>>();

/**
 * The trade lines on each chart (overlay id and price), as the last sync drew
 * them: read by each drawing pass instead of asking klinecharts for its
 * overlays (which cost the live-candle update 7 %, over its 10 % budget with
 * the lines themselves).
 */
const drawnLines = new WeakMap<Chart, ReadonlyArray<{ id: string; value: number }>>();

/** Note the trade lines a chart shows (syncTradeOverlays; tests). */
export function noteTradeLines(chart: Chart, lines: ReadonlyArray<{ id: string; value: number }>) {
  drawnLines.set(chart, lines);
}

function allPlaces(chart: Chart, yAxis: YAxis, height: number): Map<string, number> {
  const inView: Array<[string, number]> = [];
  const above: string[] = [];
  const below: string[] = [];
  for (const o of drawnLines.get(chart) ?? []) {
    const value = o.value;
    const y = yAxis.convertToPixel(value);
    if (!Number.isFinite(y)) continue;
    if (y < 0) above.push(o.id);
    else if (y > height) below.push(o.id);
    else inView.push([o.id, y]);
  }
  const places = new Map<string, number>();
  const spread = spreadLabels(
    inView.map(([, y]) => y),
    height,
    LABEL_H,
  );
  inView.forEach(([id], i) => places.set(id, spread[i]!));
  above.forEach((id, i) => places.set(id, EDGE + i * LABEL_H));
  below.forEach((id, i) => places.set(id, height - EDGE - i * LABEL_H));
  return places;
}

const labelStyle = (d: LineData): TradeLabelStyles => ({
  color: d.text,
  backgroundColor: d.colour,
});

const labelAttrs = (
  x: number,
  y: number,
  text: string,
  align: 'left' | 'right',
  d: LineData,
): TradeLabelAttrs => ({ x, y, text, align, family: d.family });

const lineTemplate: OverlayTemplate<LineData> = {
  name: 'tradeLine',
  totalStep: 1,
  lock: true,
  needDefaultPointFigure: false,
  needDefaultXAxisFigure: false,
  needDefaultYAxisFigure: false,
  createPointFigures: ({ coordinates, bounding, overlay, chart, yAxis }): OverlayFigure[] => {
    const d = overlay.extendData;
    const y = coordinates[0]?.y;
    if (!d || y === undefined || !Number.isFinite(y)) return [];
    const labelY = labelPlace(chart, yAxis, overlay.id, bounding.height);
    const label = (at: number, text: string, right = false): OverlayFigure => ({
      key: 'label',
      type: 'tradeLabel',
      attrs: right
        ? labelAttrs(bounding.width - 6, at, text, 'right', d)
        : labelAttrs(6, at, text, 'left', d),
      styles: labelStyle(d),
    });
    // Beyond the prices in view (a far stop): its label waits at that edge, with an arrow, at
    // the right (the indicators' legend is at the top left).
    if (y < 0) return [label(labelY ?? EDGE, `↑ ${d.label}`, true)];
    if (y > bounding.height) return [label(labelY ?? bounding.height - EDGE, `↓ ${d.label}`, true)];
    const dash = DASH[d.kind];
    // On a whole pixel (klinecharts adds the half), so the line is one crisp row.
    const row = Math.round(y);
    return [
      {
        type: 'line',
        attrs: {
          coordinates: [
            { x: 0, y: row },
            { x: bounding.width, y: row },
          ],
        },
        styles: {
          style: dash ? 'dashed' : 'solid',
          dashedValue: dash ?? [],
          size: 1,
          color: d.colour,
        },
        ignoreEvent: true,
      },
      label(labelY ?? y, d.label),
    ];
  },
  createYAxisFigures: ({ coordinates, bounding, overlay, chart }): OverlayFigure[] => {
    const d = overlay.extendData;
    const y = coordinates[0]?.y;
    const value = overlay.points[0]?.value;
    // Only an entry and a strike are tagged on the axis: the other labels say their price.
    if (!d || !AXIS_TAGGED.has(d.kind) || y === undefined || value === undefined) return [];
    if (y < 0 || y > bounding.height) return [];
    const ticker = chart.getSymbol()?.ticker ?? '';
    return [
      {
        type: 'tradeLabel',
        attrs: labelAttrs(0, y, priceText(ticker, value), 'left', d),
        styles: labelStyle(d),
        ignoreEvent: true,
      },
    ];
  },
};

const markTemplate: OverlayTemplate<{ colour: string }> = {
  name: 'tradeMark',
  totalStep: 2,
  lock: true,
  needDefaultPointFigure: false,
  needDefaultXAxisFigure: false,
  needDefaultYAxisFigure: false,
  createPointFigures: ({ coordinates, overlay }): OverlayFigure[] => {
    const colour = overlay.extendData?.colour ?? '#888';
    const [a, b] = coordinates;
    if (!a || !b) return [];
    return [
      {
        type: 'line',
        attrs: { coordinates: [a, b] },
        styles: { style: 'dashed', dashedValue: [3, 3], size: 1, color: colour },
        ignoreEvent: true,
      },
      // Entry: a filled dot; exit: a ring.
      {
        type: 'circle',
        attrs: { x: a.x, y: a.y, r: 4 },
        styles: { style: 'fill', color: colour },
        ignoreEvent: true,
      },
      {
        type: 'circle',
        attrs: { x: b.x, y: b.y, r: 4 },
        styles: { style: 'stroke', borderColor: colour, borderSize: 2, color: 'transparent' },
        ignoreEvent: true,
      },
    ];
  },
};

let registered = false;

function register(): void {
  if (registered) return;
  registered = true;
  registerTradeLabel();
  registerOverlay(lineTemplate);
  registerOverlay(markTemplate);
}

/** What each drawn overlay was made from (to tell what changed), and its label now. */
export type TradeOverlayState = Map<string, { sig: string; label: string }>;

const overlayId = (key: string) => `trade:${key}`;

const families = new WeakMap<Chart, string>();

/** The labels speak in the chart's font (product-chart.tsx gives its texts the host's); read once. */
function familyOf(chart: Chart): string {
  let f = families.get(chart);
  if (f === undefined) {
    const host = chart.getDom();
    // No computed styles where there is no layout (a headless test chart): the generic family.
    f =
      (host && typeof getComputedStyle === 'function' && getComputedStyle(host).fontFamily) ||
      'sans-serif';
    families.set(chart, f);
  }
  return f;
}

/** Create a trade overlay (locked, in the trades' group), or override the one drawn. */
function put(
  chart: Chart,
  create: boolean,
  name: 'tradeLine' | 'tradeMark',
  key: string,
  points: OverlayCreate['points'],
  extendData: unknown,
  onClick?: OverlayCreate['onClick'],
): void {
  const id = overlayId(key);
  if (create)
    chart.createOverlay({
      name,
      id,
      groupId: TRADES_GROUP,
      lock: true,
      points,
      extendData,
      onClick,
    });
  else chart.overrideOverlay({ id, points, extendData });
}

/** Make the chart's trade overlays match `lines` and `marks`. */
export function syncTradeOverlays(
  chart: Chart,
  lines: readonly TradeLine[],
  marks: readonly TradeMark[],
  colours: TradeColours,
  onOpen: (target: TradeTarget) => void,
  state: TradeOverlayState,
): void {
  register();
  const family = familyOf(chart);
  const wanted = new Set<string>();
  for (const l of lines) {
    wanted.add(l.key);
    const colour = colours[l.tone];
    // A position's label moves with every price (its P&L): read when the chart draws (it draws
    // on every candle update anyway), not pushed in with a redraw of its own.
    const live = l.kind === 'position';
    const sig = `${l.price}|${colour}|${live ? '' : l.label}`;
    const before = state.get(l.key);
    state.set(l.key, { sig, label: l.label });
    if (before?.sig === sig) continue;
    const data: LineData = {
      get label() {
        return state.get(l.key)?.label ?? '';
      },
      colour,
      kind: l.kind,
      text: colours.text,
      family,
    };
    put(chart, before === undefined, 'tradeLine', l.key, [{ value: l.price }], data, (e) => {
      if (e.figure?.key === 'label') onOpen(l.target);
    });
  }
  for (const m of marks) {
    wanted.add(m.key);
    const colour = colours[m.tone];
    const sig = `${m.entry.timestamp}|${m.entry.value}|${m.exit.timestamp}|${m.exit.value}|${colour}`;
    const before = state.get(m.key);
    if (before?.sig === sig) continue;
    state.set(m.key, { sig, label: '' });
    put(chart, before === undefined, 'tradeMark', m.key, [m.entry, m.exit], { colour });
  }
  for (const key of [...state.keys()]) {
    if (wanted.has(key)) continue;
    state.delete(key);
    chart.removeOverlay({ id: overlayId(key) });
  }
  noteTradeLines(
    chart,
    lines.map((l) => ({ id: overlayId(l.key), value: l.price })),
  );
}

/** Remove every trade overlay (a symbol change, sign-out, the chart going away). */
export function clearTradeOverlays(chart: Chart, state: TradeOverlayState): void {
  state.clear();
  noteTradeLines(chart, []);
  chart.removeOverlay({ groupId: TRADES_GROUP });
}
