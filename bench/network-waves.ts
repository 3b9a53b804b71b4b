/**
 * The network bench's request log (CDP Network events of one page) and its
 * critical path's round trips.
 *
 * A request's predecessor is what it waited on: the document for what the
 * HTML names (initiator `parser`); for what a script asked for, the request
 * that finished last before it started, among those that finished no
 * earlier than the script that asked (a script that ran on the config's
 * reply waited on the config, not on the script alone). Following
 * predecessors from the request that brought the first live price back to
 * the document gives the chain of round trips ("waves"); a WebSocket counts
 * its handshake and, for the first message after its subscription, one more.
 */
import type { CDPSession } from 'playwright-core';

export interface NetEntry {
  id: string;
  url: string;
  method: string;
  type: string;
  /** ms from the document's request: sent, first byte (headers), done. */
  start: number;
  response?: number;
  end?: number;
  status?: number;
  /** Bytes on the wire (encoded, headers included). */
  bytes: number;
  fromServiceWorker?: boolean;
  fromCache?: boolean;
  /** `parser`, `script`, `preload`, `other`, and the URL that asked. */
  initiator: string;
  initiatorUrl?: string;
  /** WebSocket: its first message received. */
  firstFrame?: number;
}

interface Initiator {
  type: string;
  url?: string;
  stack?: { callFrames: { url: string }[]; parent?: Initiator['stack'] };
}

function initiatorUrl(i: Initiator | undefined): string | undefined {
  if (!i) return undefined;
  let s = i.stack;
  while (s) {
    const f = s.callFrames.find((c) => c.url);
    if (f) return f.url;
    s = s.parent;
  }
  return i.url;
}

/** Collects the page's requests from the moment it is made (Network must be enabled). */
export class NetLog {
  private t0: number | undefined;
  private byId = new Map<string, NetEntry>();
  private off: Array<() => void> = [];

  constructor(private cdp: CDPSession) {
    const on = <T>(name: string, fn: (e: T) => void) => {
      const h = fn as (e: unknown) => void;
      (cdp as unknown as { on(n: string, h: (e: unknown) => void): void }).on(name, h);
      this.off.push(() =>
        (cdp as unknown as { off(n: string, h: (e: unknown) => void): void }).off(name, h),
      );
    };
    const ms = (ts: number) => {
      this.t0 ??= ts;
      return (ts - this.t0) * 1000;
    };
    on<{
      requestId: string;
      request: { url: string; method: string };
      timestamp: number;
      type?: string;
      initiator: Initiator;
      redirectResponse?: unknown;
    }>('Network.requestWillBeSent', (e) => {
      const prior = this.byId.get(e.requestId);
      if (prior && e.redirectResponse) this.byId.set(`${e.requestId}#r`, prior);
      this.byId.set(e.requestId, {
        id: e.requestId,
        url: e.request.url,
        method: e.request.method,
        type: e.type ?? 'Other',
        start: ms(e.timestamp),
        bytes: 0,
        initiator: e.initiator.type,
        ...(initiatorUrl(e.initiator) ? { initiatorUrl: initiatorUrl(e.initiator) } : {}),
      });
    });
    on<{
      requestId: string;
      timestamp: number;
      response: { status: number; fromServiceWorker?: boolean; fromDiskCache?: boolean };
    }>('Network.responseReceived', (e) => {
      const r = this.byId.get(e.requestId);
      if (!r) return;
      r.response = ms(e.timestamp);
      r.status = e.response.status;
      if (e.response.fromServiceWorker) r.fromServiceWorker = true;
      if (e.response.fromDiskCache) r.fromCache = true;
    });
    on<{ requestId: string; timestamp: number; encodedDataLength: number }>(
      'Network.loadingFinished',
      (e) => {
        const r = this.byId.get(e.requestId);
        if (!r) return;
        r.end = ms(e.timestamp);
        r.bytes = e.encodedDataLength;
      },
    );
    on<{ requestId: string; timestamp: number }>('Network.loadingFailed', (e) => {
      const r = this.byId.get(e.requestId);
      if (r) r.end = ms(e.timestamp);
    });
    on<{ requestId: string; url: string; initiator?: Initiator }>(
      'Network.webSocketCreated',
      (e) => {
        this.byId.set(e.requestId, {
          id: e.requestId,
          url: e.url,
          method: 'GET',
          type: 'WebSocket',
          start: NaN,
          bytes: 0,
          initiator: e.initiator?.type ?? 'script',
          ...(initiatorUrl(e.initiator) ? { initiatorUrl: initiatorUrl(e.initiator) } : {}),
        });
      },
    );
    on<{ requestId: string; timestamp: number }>(
      'Network.webSocketWillSendHandshakeRequest',
      (e) => {
        const r = this.byId.get(e.requestId);
        if (r) r.start = ms(e.timestamp);
      },
    );
    on<{ requestId: string; timestamp: number; response: { status: number } }>(
      'Network.webSocketHandshakeResponseReceived',
      (e) => {
        const r = this.byId.get(e.requestId);
        if (!r) return;
        r.response = r.end = ms(e.timestamp);
        r.status = e.response.status;
      },
    );
    on<{ requestId: string; timestamp: number; response: { payloadData: string } }>(
      'Network.webSocketFrameReceived',
      (e) => {
        const r = this.byId.get(e.requestId);
        if (!r) return;
        r.bytes += e.response.payloadData.length;
        r.firstFrame ??= ms(e.timestamp);
      },
    );
  }

  entries(): NetEntry[] {
    return [...this.byId.values()].filter((e) => Number.isFinite(e.start));
  }

  stop(): void {
    for (const f of this.off) f();
    this.off = [];
  }
}

/** What `r` waited on (see the file's comment), or undefined for the document. */
export function predecessor(entries: NetEntry[], r: NetEntry): NetEntry | undefined {
  const doc = entries.find((e) => e.type === 'Document') ?? entries[0];
  if (r === doc) return undefined;
  if (r.initiator === 'parser' || r.initiator === 'preload') return doc;
  const asker = entries.find((e) => e.url === r.initiatorUrl && e !== r);
  const floor = asker?.end ?? -Infinity;
  let best: NetEntry | undefined;
  for (const e of entries) {
    if (e === r || e.end === undefined || e.end > r.start || e.end < floor) continue;
    if (e.start >= r.start) continue;
    if (!best || (e.end as number) > (best.end as number)) best = e;
  }
  return best ?? asker ?? doc;
}

/**
 * The chain of requests to the first live price, document first: to the
 * market socket (`target` 'market'; its first message one more round trip,
 * counted as the socket itself once more) or the request whose URL holds
 * `target`.
 */
export function criticalPath(entries: NetEntry[], _end: number, target: string): NetEntry[] {
  const goal =
    target === 'market'
      ? entries.find((e) => e.type === 'WebSocket' && e.url.includes('/ws/market'))
      : entries.find((e) => e.url.includes(target));
  if (!goal) return [];
  const chain: NetEntry[] = [];
  for (let r: NetEntry | undefined = goal; r && !chain.includes(r); r = predecessor(entries, r))
    chain.unshift(r);
  if (goal.type === 'WebSocket') chain.push(goal);
  return chain;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** A self-contained page: one bar per request (waiting, then receiving), the critical path marked. */
export function waterfallHtml(data: {
  label: string;
  marks: Record<string, number>;
  criticalPath: string[];
  entries: NetEntry[];
}): string {
  const rows = [...data.entries].sort((a, b) => a.start - b.start);
  const max = Math.max(
    1,
    ...rows.map((e) => e.firstFrame ?? e.end ?? e.start),
    ...Object.values(data.marks).filter(Number.isFinite),
  );
  const pct = (t: number) => `${((100 * t) / max).toFixed(2)}%`;
  const crit = new Set(data.criticalPath);
  const line = (e: NetEntry) => {
    const resp = e.response ?? e.end ?? e.start;
    const end = e.end ?? resp;
    const name = e.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70) || '/';
    const frame =
      e.firstFrame !== undefined
        ? `<i class="f" style="left:${pct(e.firstFrame)}" title="first message ${e.firstFrame.toFixed(0)} ms"></i>`
        : '';
    return `<tr class="${crit.has(e.id) ? 'crit' : ''}"><td title="${esc(e.url)}">${esc(name)}</td><td>${esc(e.type)}</td><td>${e.status ?? ''}</td><td>${(e.bytes / 1024).toFixed(1)}</td><td>${e.start.toFixed(0)}</td><td>${end.toFixed(0)}</td><td class="bar"><b class="w" style="left:${pct(e.start)};width:${pct(resp - e.start)}"></b><b class="r" style="left:${pct(resp)};width:${pct(Math.max(0, end - resp))}"></b>${frame}</td></tr>`;
  };
  const marks = Object.entries(data.marks)
    .filter(([, t]) => Number.isFinite(t))
    .map(
      ([k, t]) => `<i class="m" style="left:${pct(t)}" title="${esc(k)} ${t.toFixed(0)} ms"></i>`,
    )
    .join('');
  const legend = Object.entries(data.marks)
    .map(([k, t]) => `${esc(k)} ${Number.isFinite(t) ? t.toFixed(0) : '–'} ms`)
    .join(' · ');
  return `<!doctype html><meta charset="utf-8"><title>Waterfall: ${esc(data.label)}</title>
<style>body{font:13px system-ui,sans-serif;margin:16px}table{border-collapse:collapse;width:100%}td{padding:2px 6px;white-space:nowrap;border-bottom:1px solid #eee}
td.bar{position:relative;width:55%;min-width:400px}b{position:absolute;top:4px;height:10px}b.w{background:#cbd5e1}b.r{background:#2563eb}
tr.crit td:first-child{font-weight:bold;color:#b91c1c}i.f{position:absolute;top:2px;width:3px;height:14px;background:#16a34a}
.marks{position:relative;height:16px;margin-left:45%}i.m{position:absolute;top:0;width:2px;height:16px;background:#b91c1c}</style>
<h1>${esc(data.label)}</h1><p>${legend}. Critical path in red (${data.criticalPath.length} round trips); grey: waiting, blue: receiving, green: the socket's first message. Times in ms from the document's request.</p>
<div class="marks">${marks}</div>
<table><tr><th>request</th><th>type</th><th>status</th><th>KiB</th><th>start</th><th>end</th><th>0 – ${max.toFixed(0)} ms</th></tr>${rows.map(line).join('')}</table>`;
}
