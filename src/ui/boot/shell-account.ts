/**
 * The boot shell's last-seen positions (issue 31 item 3): on a phone's
 * repeat visit to /position, index.html paints the summary and the open
 * positions as the screen last showed them, marked as not live, before any
 * module has loaded (shell-paint.ts); React replaces them.
 *
 * The record (`boot.account`) holds what that screen showed, as text: it is
 * the signed-in user's own, painted only while the session is that account's
 * (demo and real apart), and removed on sign-out (positions-shell.ts). Like
 * shell-snapshot.ts, nothing here may import a store, React or i18n.
 */
import { readJson, writeJson } from '../../state/persist.ts';
import { accountOf, decodeToken, SERVER_OFFSET_KEY, SESSION_KEY } from '../../state/token.ts';
import { esc, isText, json, type Read } from './shell-snapshot.ts';

export const ACCOUNT_KEY = 'boot.account';
export const ACCOUNT_VERSION = 1;
/** Positions painted at most (more than a phone's screen holds). */
export const ACCOUNT_ROWS = 20;

/** A label and its figure, as shown. */
export type Fact = [label: string, value: string];
/** What a figure is (components/num.tsx `data-num`), so a check reads it as the app's. */
type Kind = 'pnl' | 'amount' | 'volume' | 'price';
/** The summary's figures, in order; a card's facts, in order (positions-shell.ts). */
const SUMMARY_KINDS: Kind[] = ['pnl', 'amount', 'amount'];
const FACT_KINDS: Kind[] = ['volume', 'price', 'price'];

export interface ShellPosition {
  pair: string;
  side: string;
  buy: boolean;
  pnl: string;
  up: boolean;
  facts: Fact[];
}

export interface AccountRecord {
  v: typeof ACCOUNT_VERSION;
  /** 'uid:demo' or 'uid:real' (state/token.ts accountOf). */
  account: string;
  title: string;
  /** The note above them, and a figure's accessible name around it. */
  stale: string;
  stalePrice: [before: string, after: string];
  summaryLabel: string;
  summary: Fact[];
  /** The open positions tab's label ("Positions (2)"). */
  tab: string;
  /** Said when there are none. */
  none: string;
  positions: ShellPosition[];
}

const isFact = (f: unknown): f is Fact => Array.isArray(f) && f.length === 2 && f.every(isText);
const isFacts = (x: unknown, max: number): x is Fact[] =>
  Array.isArray(x) && x.length <= max && x.every(isFact);

const isPosition = (x: unknown): x is ShellPosition => {
  const p = x as Partial<ShellPosition> | null;
  return (
    isText(p?.pair) &&
    isText(p.side) &&
    isText(p.pnl) &&
    typeof p.buy === 'boolean' &&
    typeof p.up === 'boolean' &&
    isFacts(p.facts, 6)
  );
};

/** The record when it is this version's and whole; else undefined (nothing is painted). */
export function parseAccountRecord(raw: unknown): AccountRecord | undefined {
  const r = raw as Partial<AccountRecord> | null;
  if (r?.v !== ACCOUNT_VERSION || !isText(r.account)) return undefined;
  const texts = [r.title, r.stale, r.summaryLabel, r.tab, r.none];
  if (!texts.every(isText) || !isFact(r.stalePrice) || !isFacts(r.summary, 6)) return undefined;
  if (!Array.isArray(r.positions) || r.positions.length > ACCOUNT_ROWS) return undefined;
  return r.positions.every(isPosition) ? (r as AccountRecord) : undefined;
}

/**
 * The record, when the session stored beside it is the record's account and
 * its token has not expired by `now` (ms). An expired token is renewed on
 * arrival, and a refused renewal signs out: positions painted meanwhile would
 * show the account of a session that may be over until React replaces them.
 */
export function readAccountView(read: Read, now = Date.now()): AccountRecord | undefined {
  const record = parseAccountRecord(json(read, ACCOUNT_KEY));
  const session = json(read, SESSION_KEY) as { token?: unknown } | undefined;
  const token = typeof session?.token === 'string' ? session.token : undefined;
  const exp = decodeToken(token)?.exp;
  // On the server's clock, as the app judges the token (the offset it learnt last visit).
  const offset = json(read, SERVER_OFFSET_KEY);
  const serverNow = now + (typeof offset === 'number' && Number.isFinite(offset) ? offset : 0);
  if (typeof exp !== 'number' || exp * 1000 <= serverNow) return undefined;
  return record && accountOf(token) === record.account ? record : undefined;
}

/** The painted positions screen, its figures marked as the app marks stale prices. */
export function accountHtml(r: AccountRecord): string {
  const [before, after] = r.stalePrice;
  // Said around the figure in words a screen reader reads (a list value or a plain span takes no aria-label).
  const hidden = (text: string) => (text ? `<span class="boot-vh">${esc(text)}</span>` : '');
  const figure = (tag: string, value: string, kind: Kind | undefined, unit: string, cls = '') =>
    `<${tag}${cls ? ` class="${cls}"` : ''}${kind ? ` data-num="${kind}" data-unit="${esc(unit)}"` : ''} data-stale="true" title="${esc(r.stale)}">${hidden(before)}<bdi dir="ltr">${esc(value)}</bdi>${hidden(after)}</${tag}>`;
  const summary = r.summary
    .map(
      ([label, value], i) =>
        `<div><dt>${esc(label)}</dt>${figure('dd', value, SUMMARY_KINDS[i], 'USD')}</div>`,
    )
    .join('');
  const cards = r.positions
    .map(
      (p) =>
        `<li class="boot-order"><span class="head"><b>${esc(p.pair)}</b><span class="side ${p.buy ? 'buy' : 'sell'}">${esc(p.side)}</span>${figure('span', p.pnl, 'pnl', 'USD', 'pnl')}</span><span class="facts">${p.facts.map(([l, v], i) => `<span>${esc(l)} ${figure('span', v, FACT_KINDS[i], p.pair)}</span>`).join('')}</span></li>`,
    )
    .join('');
  const list = r.positions.length
    ? `<ul class="boot-orders" aria-label="${esc(r.tab)}">${cards}</ul>`
    : `<p class="boot-empty">${esc(r.none)}</p>`;
  return `<main class="boot-main"><h1 class="boot-title">${esc(r.title)}</h1><p class="stale-note" role="status">${esc(r.stale)}</p><dl class="boot-summary" aria-label="${esc(r.summaryLabel)}">${summary}</dl><p class="boot-tab">${esc(r.tab)}</p>${list}</main>`;
}

/** The session changed: the stored positions go unless they are this account's. */
export function forgetOtherAccount(token: string | undefined): void {
  const stored = readJson<{ account?: unknown }>(ACCOUNT_KEY);
  if (stored !== undefined && stored.account !== accountOf(token))
    writeJson(ACCOUNT_KEY, undefined);
}
