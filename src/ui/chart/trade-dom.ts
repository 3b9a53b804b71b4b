/**
 * The trade lines as elements over the chart's candle pane and price axis
 * (issue 28 item 1): a one-pixel rule across the pane, a label beside it that
 * opens the trade's card, and a price tag on the axis for an entry or a strike.
 *
 * Why elements and not klinecharts figures: the chart redraws its overlay
 * canvas with every candle update (20 a second on a busy symbol), and drawn
 * there the lines, their labels and the tags cost the live-candle update 6–10 %
 * of main-thread time, against a 10 % budget, most of it in painting the
 * canvas again and handing it to the compositor. Here each pass only moves
 * what moved (a transform) and writes what changed (a P&L's text); the
 * browser paints the few pixels that changed, off the main thread.
 *
 * klinecharts still places them: each line is an overlay of its own whose
 * drawing pass (trade-overlays.ts) says where it goes and draws nothing.
 * The elements are hidden from screen readers; the chart's trade list
 * (product-chart.tsx) names each line and opens its card from the keyboard.
 */
import type { Chart } from 'klinecharts';

/** A label's height (px): 11 px text and 3 px above and below. */
export const LABEL_BOX_H = 17;

/** How a line looks: its kind's dash, the tone's colour and the text on it. */
export interface TradeLook {
  colour: string;
  text: string;
  /** Dash and gap lengths (px); none: solid. */
  dash?: readonly number[];
}

/** Where a line's parts go in its pane, for one drawing pass. */
export interface LinePlace {
  /** The rule's row (a whole pixel); null: beyond the prices in view, no rule. */
  row: number | null;
  /** The label's middle. */
  labelY: number;
  /** The label's text: its line's label, after `arrow`. */
  text: string;
  /** '↑ ' or '↓ ' beyond the prices in view, else ''. */
  arrow: string;
  align: 'left' | 'right';
}

interface Item {
  rule: HTMLElement;
  label: HTMLElement;
  tag: HTMLElement | null;
  /** What the elements show now, so a pass writes only what changed. */
  shown: Record<string, string>;
  open: () => void;
  /** The arrow its label shows now (LinePlace). */
  arrow: string;
}

interface Layer {
  main: HTMLElement;
  axis: HTMLElement | null;
  items: Map<string, Item>;
  /** The labels' font (read once from the first label), for their widths. */
  font?: string;
}

/** A label's padding at each side (px), as chart.css sets it. */
const PAD_X = 5;
/** Label widths are rounded up to this step (px): a little room for a font's own figures. */
const WIDTH_STEP = 4;

let measurer: CanvasRenderingContext2D | null | undefined;
/** The font last set on the measurer (its `font` reads back normalised, so it is not compared). */
let measuring = '';

/** Widths by text shape (digits as 0), in the layers' font; bounded. */
const widths = new Map<string, number>();

/**
 * A label's width for its text: set on the element, which contains its own layout and paint
 * (chart.css), so a P&L that changes with every price lays out and paints that box alone,
 * not the chart's. Labels show tabular figures (chart.css), so a text's width is its shape's,
 * with every digit a 0: measured once per shape on a canvas (no layout), about 6 px a
 * character without one. A P&L that moves from 1.23 to 4.56 is not measured again.
 */
function widthOf(layer: Layer, label: HTMLElement, text: string): number {
  if (layer.font === undefined) {
    const style = label.ownerDocument.defaultView?.getComputedStyle(label);
    layer.font = style ? `${style.fontWeight} ${style.fontSize} ${style.fontFamily}` : '';
  }
  const shape = text.replace(/\d/g, '0');
  const key = `${layer.font}|${shape}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  if (measurer === undefined)
    measurer =
      typeof OffscreenCanvas === 'function'
        ? (new OffscreenCanvas(1, 1).getContext('2d') as unknown as CanvasRenderingContext2D)
        : null;
  let w = shape.length * 6;
  if (measurer && layer.font) {
    if (measuring !== layer.font) measurer.font = measuring = layer.font;
    w = measurer.measureText(shape).width;
  }
  const width = Math.ceil((w + PAD_X * 2) / WIDTH_STEP) * WIDTH_STEP;
  if (widths.size >= 256) widths.clear();
  widths.set(key, width);
  return width;
}

const layers = new WeakMap<Chart, Layer>();

function element(parent: HTMLElement, className: string): HTMLElement {
  const e = parent.ownerDocument.createElement('div');
  e.className = className;
  parent.appendChild(e);
  return e;
}

/** The layer over a pane (made once; made again if the chart rebuilt its pane's elements). */
function layerOf(chart: Chart, paneId: string): Layer | undefined {
  let layer = layers.get(chart);
  if (layer?.main.isConnected) return layer;
  const pane = chart.getDom(paneId, 'main');
  if (!pane || typeof pane.ownerDocument?.createElement !== 'function') return undefined;
  const main = element(pane, 'trade-layer');
  main.setAttribute('aria-hidden', 'true');
  layer = { main, axis: null, items: new Map() };
  layers.set(chart, layer);
  return layer;
}

function axisOf(chart: Chart, paneId: string, layer: Layer): HTMLElement | null {
  if (layer.axis?.isConnected) return layer.axis;
  const axis = chart.getDom(paneId, 'yAxis');
  if (!axis) return null;
  layer.axis = element(axis, 'trade-layer');
  layer.axis.setAttribute('aria-hidden', 'true');
  return layer.axis;
}

/** Write a style or text only when it differs from what the element shows. */
function put(item: Item, key: string, value: string, write: (v: string) => void): void {
  if (item.shown[key] === value) return;
  item.shown[key] = value;
  write(value);
}

const ruleBackground = (look: TradeLook) => {
  if (!look.dash?.length) return look.colour;
  const [on, off] = look.dash;
  return `repeating-linear-gradient(90deg, ${look.colour} 0 ${on}px, transparent ${on}px ${on! + off!}px)`;
};

function itemOf(layer: Layer, id: string): Item {
  const item = layer.items.get(id);
  if (item) return item;
  const rule = element(layer.main, 'trade-rule');
  const label = element(layer.main, 'trade-label');
  const made: Item = { rule, label, tag: null, shown: {}, open: () => {}, arrow: '' };
  // The chart must not take a press on a label for the start of a drag or a crosshair.
  for (const type of ['mousedown', 'touchstart', 'pointerdown'])
    label.addEventListener(type, (e) => e.stopPropagation());
  label.addEventListener('click', (e) => {
    e.stopPropagation();
    made.open();
  });
  layer.items.set(id, made);
  return made;
}

/** Show a line where its overlay's drawing pass places it. */
export function showLine(
  chart: Chart,
  paneId: string,
  id: string,
  look: TradeLook,
  place: LinePlace,
  open: () => void,
): void {
  const layer = layerOf(chart, paneId);
  if (!layer) return;
  const item = itemOf(layer, id);
  item.open = open;
  const { rule, label } = item;
  put(item, 'colour', look.colour, (c) => {
    rule.style.background = ruleBackground(look);
    label.style.background = c;
  });
  put(item, 'text-colour', look.text, (c) => (label.style.color = c));
  put(item, 'rule', place.row === null ? 'none' : `translateY(${place.row}px)`, (v) => {
    rule.style.display = v === 'none' ? 'none' : '';
    if (v !== 'none') rule.style.transform = v;
  });
  item.arrow = place.arrow;
  writeText(layer, item, place.text);
  put(item, 'align', place.align, (v) => {
    label.style.left = v === 'left' ? '6px' : '';
    label.style.right = v === 'right' ? '6px' : '';
  });
  put(item, 'label', `translateY(${Math.round(place.labelY - LABEL_BOX_H / 2)}px)`, (v) => {
    label.style.transform = v;
  });
}

/**
 * An element's text, changed in its one text node: a new P&L is a character-data change (the
 * text laid out again), not a node removed and another made (as `textContent =` does).
 */
function setText(e: HTMLElement, text: string): void {
  const node = e.firstChild;
  if (node && node.nodeType === 3 && !node.nextSibling) node.nodeValue = text;
  else e.textContent = text;
}

function writeText(layer: Layer, item: Item, text: string): void {
  const { label } = item;
  put(item, 'text', `${item.arrow}${text}`, (v) => {
    setText(label, v);
    put(item, 'width', `${widthOf(layer, label, v)}px`, (w) => (label.style.width = w));
  });
}

/**
 * A line's label changed while the line stands (a position's P&L): written at once, not at the
 * chart's next drawing pass (there is none on a symbol whose price is still).
 */
export function setLabel(chart: Chart, id: string, text: string): void {
  const layer = layers.get(chart);
  const item = layer?.items.get(id);
  if (layer && item) writeText(layer, item, text);
}

/** Show (text) or hide (null) a line's price tag on the axis. */
export function showTag(
  chart: Chart,
  paneId: string,
  id: string,
  look: TradeLook,
  y: number | null,
  text: string,
): void {
  const layer = layerOf(chart, paneId);
  const item = layer?.items.get(id);
  if (!layer || !item) return;
  if (!item.tag) {
    const axis = axisOf(chart, paneId, layer);
    if (!axis) return;
    item.tag = element(axis, 'trade-label trade-tag');
  }
  const tagLayer = layer;
  const tag = item.tag;
  put(item, 'tag-look', `${look.colour}|${look.text}`, () => {
    tag.style.background = look.colour;
    tag.style.color = look.text;
  });
  put(
    item,
    'tag',
    y === null ? 'none' : `translateY(${Math.round(y - LABEL_BOX_H / 2)}px)`,
    (v) => {
      tag.style.display = v === 'none' ? 'none' : '';
      if (v !== 'none') tag.style.transform = v;
    },
  );
  put(item, 'tag-text', text, (v) => {
    setText(tag, v);
    tag.style.width = `${widthOf(tagLayer, tag, v)}px`;
  });
}

/** Remove a line's elements (its trade closed, settled or cancelled). */
export function removeLine(chart: Chart, id: string): void {
  const layer = layers.get(chart);
  const item = layer?.items.get(id);
  if (!layer || !item) return;
  item.rule.remove();
  item.label.remove();
  item.tag?.remove();
  layer.items.delete(id);
}

/** Remove every line's elements, and the layers. */
export function clearLines(chart: Chart): void {
  const layer = layers.get(chart);
  if (!layer) return;
  layer.main.remove();
  layer.axis?.remove();
  layers.delete(chart);
}

/** The ids of the lines a chart shows elements for (tests). */
export function shownLines(chart: Chart): string[] {
  return [...(layers.get(chart)?.items.keys() ?? [])];
}
