/**
 * The trade lines' labels as one klinecharts figure (`tradeLabel`): a
 * coloured box with its text, painted once into a small bitmap and then
 * copied onto the chart on every drawing pass.
 *
 * The chart redraws its overlays with every candle update (20 a second on a
 * busy symbol); drawn as klinecharts' text figure, each label is a font parse,
 * a text measure, a rounded box and a text shaping every time, which cost the
 * live-candle update more than its 10 % budget (issue 28). Most labels never
 * change; a position's changes with its P&L and gets a new bitmap then.
 */
import { registerFigure, type Coordinate } from 'klinecharts';

export const LABEL_SIZE = 11;
const WEIGHT = 600;
const PAD_X = 5;
const PAD_Y = 3;
const RADIUS = 3;
/** The box's height. */
export const LABEL_BOX_H = LABEL_SIZE + PAD_Y * 2;
/** The label's font in the chart's family. */
const fontOf = (family: string) => `${WEIGHT} ${LABEL_SIZE}px ${family}`;

export interface TradeLabelAttrs {
  x: number;
  /** The box's middle. */
  y: number;
  text: string;
  align: 'left' | 'right';
  /** The chart's font family (its host's). */
  family: string;
}

export interface TradeLabelStyles {
  color: string;
  backgroundColor: string;
}

type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
type Bitmap = OffscreenCanvas | HTMLCanvasElement;

function canvas(w: number, h: number): Bitmap {
  if (typeof OffscreenCanvas === 'function') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

let measurer: Ctx2D | null | undefined;
const widths = new Map<string, number>();

/** A label's box width for its text (CSS px), measured once per text; bounded. */
export function labelWidth(text: string, family: string): number {
  const font = fontOf(family);
  const key = `${font}|${text}`;
  const known = widths.get(key);
  if (known !== undefined) return known;
  measurer ??= canvas(1, 1).getContext('2d') as Ctx2D | null;
  if (measurer && measurer.font !== font) measurer.font = font;
  // No 2D context (a test's DOM): about 6 px a character.
  const w = PAD_X * 2 + Math.round(measurer ? measurer.measureText(text).width : text.length * 6);
  if (widths.size >= 256) widths.clear();
  widths.set(key, w);
  return w;
}

/** The box a label takes (CSS px). */
export function labelBox(a: TradeLabelAttrs) {
  const width = labelWidth(a.text, a.family);
  return {
    x: a.align === 'right' ? a.x - width : a.x,
    y: a.y - LABEL_BOX_H / 2,
    width,
    height: LABEL_BOX_H,
  };
}

const bitmaps = new Map<string, Bitmap>();

/** The label painted at `ratio` device pixels per CSS pixel; made once per look; bounded. */
function bitmap(a: TradeLabelAttrs, s: TradeLabelStyles, ratio: number): Bitmap | undefined {
  const key = `${ratio}|${s.backgroundColor}|${s.color}|${a.family}|${a.text}`;
  const known = bitmaps.get(key);
  if (known) return known;
  const width = labelWidth(a.text, a.family);
  const c = canvas(Math.ceil(width * ratio), Math.ceil(LABEL_BOX_H * ratio));
  const g = c.getContext('2d') as Ctx2D | null;
  if (!g) return undefined;
  g.scale(ratio, ratio);
  g.fillStyle = s.backgroundColor;
  g.beginPath();
  g.roundRect(0, 0, width, LABEL_BOX_H, RADIUS);
  g.fill();
  g.font = fontOf(a.family);
  g.textAlign = 'left';
  g.textBaseline = 'top';
  g.fillStyle = s.color;
  g.fillText(a.text, PAD_X, PAD_Y);
  if (bitmaps.size >= 64) bitmaps.clear();
  bitmaps.set(key, c);
  return c;
}

function draw(ctx: CanvasRenderingContext2D, a: TradeLabelAttrs, s: TradeLabelStyles): void {
  const box = labelBox(a);
  // The chart's canvas is scaled to its device pixels; the bitmap is made at that scale.
  const ratio = ctx.getTransform().a || 1;
  const b = bitmap(a, s, ratio);
  if (b) ctx.drawImage(b, box.x, box.y, box.width, box.height);
}

const within = (c: Coordinate, a: TradeLabelAttrs) => {
  const b = labelBox(a);
  return c.x >= b.x && c.x <= b.x + b.width && c.y >= b.y && c.y <= b.y + b.height;
};

let registered = false;

/** Make `tradeLabel` known to klinecharts (once). */
export function registerTradeLabel(): void {
  if (registered) return;
  registered = true;
  registerFigure<TradeLabelAttrs, TradeLabelStyles>({
    name: 'tradeLabel',
    checkEventOn: within,
    draw,
  });
}
