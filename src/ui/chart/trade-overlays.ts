/**
 * The trade layer's klinecharts overlays (issue 28 item 1): a `tradeLine` is
 * a horizontal line at a price across the candle pane with its label at the
 * left and, for an entry or a strike, its price on the axis; a `tradeMark`
 * joins a closed trade's entry and exit. Both are locked (never dragged) and
 * kept in their own group, so the drawings (drawings.ts) neither save nor
 * remove them.
 *
 * A `tradeLine` draws nothing on the chart's canvas: its drawing pass places
 * the line's elements over the pane (trade-dom.ts says why), so they follow
 * the chart's zoom, scroll, period and price range exactly as a figure would.
 * The label opens the trade's card when clicked or tapped.
 *
 * `syncTradeOverlays` makes the chart's overlays match the lines and marks:
 * new ones are created, changed ones overridden (a live P&L changes only a
 * label), gone ones removed at once.
 */
import {
  registerOverlay,
  type Bounding,
  type Chart,
  type OverlayCreate,
  type OverlayFigure,
  type OverlayTemplate,
  type YAxis,
} from 'klinecharts';
import { priceText } from '../format.ts';
import {
  LABEL_BOX_H,
  clearLines,
  removeLine,
  setLabel,
  showLine,
  showTag,
  type LinePlace,
} from './trade-dom.ts';
import { animationFrame } from './frame-batch.ts';
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
  /** The label when the overlay was made or last overridden (what changes is in `liveOf`). */
  label: string;
  colour: string;
  kind: TradeLineKind;
  text: string;
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

/**
 * Where a line at pane row `y` shows its rule and label in a pane of `bounding`
 * size, its label at `labelY` among the others' (undefined: the chart cannot
 * say). Beyond the prices in view (a far stop), there is no rule and the label
 * waits at that edge, with an arrow, at the right (the indicators' legend is at
 * the top left).
 */
export function linePlace(
  y: number,
  labelY: number | undefined,
  bounding: Pick<Bounding, 'width' | 'height'>,
  label: string,
): LinePlace {
  if (y < 0) return { row: null, labelY: labelY ?? EDGE, text: label, arrow: '↑ ', align: 'right' };
  if (y > bounding.height)
    return {
      row: null,
      labelY: labelY ?? bounding.height - EDGE,
      text: label,
      arrow: '↓ ',
      align: 'right',
    };
  // On a whole pixel, so the line is one crisp row.
  return { row: Math.round(y), labelY: labelY ?? y, text: label, arrow: '', align: 'left' };
}

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
    const live = liveOf(chart, overlay.id);
    const place = linePlace(
      y,
      labelPlace(chart, yAxis, overlay.id, bounding.height),
      bounding,
      live?.label ?? d.label,
    );
    const look = { colour: d.colour, text: d.text, dash: DASH[d.kind] };
    showLine(chart, overlay.paneId, overlay.id, look, place, live?.open ?? (() => {}));
    return [];
  },
  createYAxisFigures: ({ coordinates, bounding, overlay, chart }): OverlayFigure[] => {
    const d = overlay.extendData;
    const y = coordinates[0]?.y;
    const value = overlay.points[0]?.value;
    // Only an entry and a strike are tagged on the axis: the other labels say their price.
    if (!d || !AXIS_TAGGED.has(d.kind) || y === undefined || value === undefined) return [];
    const inView = y >= 0 && y <= bounding.height;
    const ticker = chart.getSymbol()?.ticker ?? '';
    showTag(chart, overlay.paneId, overlay.id, d, inView ? y : null, priceText(ticker, value));
    return [];
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
  registerOverlay(lineTemplate);
  registerOverlay(markTemplate);
}

/**
 * What each drawn overlay was made from (to tell what changed), its label now and what it
 * opens, by line key.
 */
export type TradeOverlayState = Map<
  string,
  {
    sig: string;
    label: string;
    open?: () => void;
    /** When a live label's text was last written (performance.now()). */
    shownAt?: number;
    /** A live label's newer text, held back until LIVE_LABEL_MS have passed. */
    next?: string;
  }
>;

/**
 * A live label (a position's P&L) is written at most this often: a server may send a P&L with
 * every price, 20 a second and more, faster than anyone reads, and each new text costs the
 * chart's frame a layout, a paint and a commit (in the chart bench, about 1 ms of main
 * thread each; at 250 ms they were about 3 % of the live-candle update). Twice a second still
 * reads as live; the positions list shows every tick. The newest text is always written in
 * the end.
 */
export const LIVE_LABEL_MS = 500;
/**
 * A live label due within this long is written now. The layer lets a P&L through every
 * LIVE_LABEL_MS (use-trade-layer.ts) and the label was stamped at the drawing frame after, so
 * the next one can come a frame early: written in that frame, not in a task of its own.
 */
const LIVE_LABEL_SLACK_MS = 50;
/** How late a P&L held back by the layer may be written when the feed stops (after LIVE_LABEL_MS). */
export const LIVE_LABEL_GRACE_MS = 100;

const trailing = new WeakMap<Chart, () => void>();

/** Write the live labels held back (the trailing edge of LIVE_LABEL_MS), in a drawing frame. */
function flushLabels(chart: Chart, state: TradeOverlayState): void {
  trailing.delete(chart);
  const now = performance.now();
  for (const [key, e] of state) {
    if (e.next === undefined) continue;
    e.label = e.next;
    e.next = undefined;
    e.shownAt = now;
    setLabel(chart, overlayId(key), e.label);
  }
}

const ID_PREFIX = 'trade:';
const overlayId = (key: string) => `${ID_PREFIX}${key}`;

const states = new WeakMap<Chart, TradeOverlayState>();

/**
 * A line's label and action now. klinecharts keeps its own copy of an overlay's data (its
 * `extendData` is merged in, a getter read once), so what changes while the line stands (a
 * position's P&L) is read from the layer's state when the chart draws.
 */
function liveOf(chart: Chart, id: string) {
  return id.startsWith(ID_PREFIX) ? states.get(chart)?.get(id.slice(ID_PREFIX.length)) : undefined;
}

/** Create a trade overlay (locked, in the trades' group), or override the one drawn. */
function put(
  chart: Chart,
  create: boolean,
  name: 'tradeLine' | 'tradeMark',
  key: string,
  points: OverlayCreate['points'],
  extendData: unknown,
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
  states.set(chart, state);
  const wanted = new Set<string>();
  for (const l of lines) {
    wanted.add(l.key);
    const colour = colours[l.tone];
    // A position's label moves with every price (its P&L): written into its label (at most every
    // LIVE_LABEL_MS), not pushed in with a redraw of the chart.
    const live = l.kind === 'position';
    const sig = `${l.price}|${colour}|${live ? '' : l.label}`;
    const before = state.get(l.key);
    const open = () => onOpen(l.target);
    if (live && before?.sig === sig) {
      // Only the P&L moved: its text now, or when LIVE_LABEL_MS have passed since the last.
      before.open = open;
      if (before.label === l.label && before.next === undefined) continue;
      const now = performance.now();
      const wait = (before.shownAt ?? -Infinity) + LIVE_LABEL_MS - now;
      if (wait <= LIVE_LABEL_SLACK_MS) {
        before.label = l.label;
        before.next = undefined;
        before.shownAt = now;
        setLabel(chart, overlayId(l.key), l.label);
      } else {
        before.next = l.label;
        if (!trailing.has(chart)) {
          const id = setTimeout(() => {
            trailing.set(
              chart,
              animationFrame(() => flushLabels(chart, state)),
            );
          }, wait);
          trailing.set(chart, () => clearTimeout(id));
        }
      }
      continue;
    }
    state.set(l.key, { sig, label: l.label, open, shownAt: performance.now() });
    if (before?.sig === sig) continue;
    const data: LineData = { label: l.label, colour, kind: l.kind, text: colours.text };
    put(chart, before === undefined, 'tradeLine', l.key, [{ value: l.price }], data);
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
    removeLine(chart, overlayId(key));
  }
  noteTradeLines(
    chart,
    lines.map((l) => ({ id: overlayId(l.key), value: l.price })),
  );
}

/** Remove every trade overlay (a symbol change, sign-out, the chart going away). */
export function clearTradeOverlays(chart: Chart, state: TradeOverlayState): void {
  state.clear();
  states.delete(chart);
  trailing.get(chart)?.();
  trailing.delete(chart);
  noteTradeLines(chart, []);
  chart.removeOverlay({ groupId: TRADES_GROUP });
  clearLines(chart);
}
