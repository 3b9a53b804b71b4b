/**
 * klinecharts in Node, for its calculations: the few DOM pieces its chart
 * touches (elements, a 2D context that draws nothing, ResizeObserver,
 * matchMedia, animation frames). Nothing is rendered; indicators are
 * calculated exactly as in the browser.
 */
import type { Chart, KLineData } from 'klinecharts';

const context2d = () =>
  new Proxy({} as Record<string | symbol, unknown>, {
    get: (t, p) =>
      p in t
        ? t[p]
        : p === 'measureText'
          ? (s: string) => ({ width: String(s).length * 6 })
          : () => {},
    set: (t, p, v) => ((t[p] = v), true),
  });

export class FakeElement {
  tagName: string;
  children: FakeElement[] = [];
  parentNode: FakeElement | null = null;
  style: Record<string, string> = {};
  attrs: Record<string, string> = {};
  classList = { add() {}, remove() {}, contains: () => false };
  width = 0;
  height = 0;
  className = '';
  textContent = '';
  /** The chart's root (headlessChart): its descendants are in the document. */
  root = false;
  private ctx: unknown;
  private listeners = new Map<string, Array<(e: unknown) => void>>();
  constructor(tag: string) {
    this.tagName = tag.toUpperCase();
  }
  get firstChild(): FakeElement | null {
    return this.children[0] ?? null;
  }
  get lastChild(): FakeElement | null {
    return this.children.at(-1) ?? null;
  }
  get childNodes() {
    return this.children;
  }
  get ownerDocument() {
    return globalThis.document;
  }
  get clientWidth() {
    return 800;
  }
  get clientHeight() {
    return 600;
  }
  get offsetWidth() {
    return 800;
  }
  get offsetHeight() {
    return 600;
  }
  appendChild(c: FakeElement) {
    c.parentNode = this;
    this.children.push(c);
    return c;
  }
  insertBefore(c: FakeElement, ref: FakeElement | null) {
    c.parentNode = this;
    const i = ref ? this.children.indexOf(ref) : -1;
    if (i < 0) this.children.push(c);
    else this.children.splice(i, 0, c);
    return c;
  }
  removeChild(c: FakeElement) {
    this.children = this.children.filter((x) => x !== c);
    c.parentNode = null;
    return c;
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
  setAttribute(k: string, v: unknown) {
    this.attrs[k] = String(v);
  }
  getAttribute(k: string) {
    return this.attrs[k] ?? null;
  }
  removeAttribute(k: string) {
    delete this.attrs[k];
  }
  get isConnected(): boolean {
    return this.root || (this.parentNode?.isConnected ?? false);
  }
  addEventListener(type: string, f: (e: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }
  removeEventListener(type: string, f: (e: unknown) => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((x) => x !== f),
    );
  }
  /** Run this element's own listeners of `type` (no bubbling); how many there were. */
  dispatch(type: string): number {
    const fs = this.listeners.get(type) ?? [];
    for (const f of fs) f({ type, stopPropagation() {}, preventDefault() {} });
    return fs.length;
  }
  /** This element and every one under it, depth first. */
  all(): FakeElement[] {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
  contains() {
    return false;
  }
  getBoundingClientRect() {
    return { left: 0, top: 0, right: 800, bottom: 600, width: 800, height: 600, x: 0, y: 0 };
  }
  getContext() {
    this.ctx ??= context2d();
    return this.ctx;
  }
}

function installDom() {
  const g = globalThis as Record<string, unknown>;
  if (g.document) return;
  g.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  g.document = {
    createElement: (t: string) => new FakeElement(t),
    body: new FakeElement('body'),
    documentElement: new FakeElement('html'),
    defaultView: null,
    addEventListener() {},
    removeEventListener() {},
    getElementById: () => null,
  };
  g.window = {
    navigator: { userAgent: 'node' },
    devicePixelRatio: 1,
    addEventListener() {},
    removeEventListener() {},
    requestAnimationFrame: (f: () => void) => setTimeout(f, 0),
    cancelAnimationFrame: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    matchMedia: () => ({ matches: false, addListener() {}, removeListener() {} }),
    getComputedStyle: () => ({ getPropertyValue: () => '' }),
  };
}

/** A chart holding `data` (oldest first); its indicators calculate as soon as they are created. */
export async function headlessChart(data: KLineData[]): Promise<Chart> {
  installDom();
  const { init } = await import('klinecharts');
  const host = new FakeElement('div');
  host.root = true;
  const chart = init(host as unknown as HTMLElement);
  if (!chart) throw new Error('klinecharts init failed');
  chart.setSymbol({ ticker: 'TEST', pricePrecision: 2, volumePrecision: 2 });
  chart.setPeriod({ type: 'minute', span: 1 });
  chart.setDataLoader({ getBars: ({ callback }) => callback(data, false) });
  return chart;
}

/** klinecharts calculates in a promise chain: let it finish. */
export const settle = () => new Promise((r) => setTimeout(r, 10));
