/**
 * Scenario files (issue 29 item 2): the whole simulator world as one
 * versioned JSON document a reviewer saves, loads into either host, keeps as
 * a bookmark or shares as a link (public/scenarios/).
 *
 * What a scenario file holds, in full: every user (e-mail, phone, nick and
 * the PBKDF2 hash of their password), the ledger, orders and options,
 * wallet requests, identity checks, loans, cards (sealed with the vault key,
 * which the file also holds), sessions' refresh tokens, the outbox of codes
 * and mails, site flags, armed faults and forced replies, market events and
 * product overrides, the market key (every price follows from it: a host
 * that loads a file has a market its holder can predict, as with SIM_SEED),
 * and uploaded images as data URLs. It is a demo artefact: whoever holds it
 * can read what it holds, so never save one from a store with real people's
 * data in it.
 *
 * Left out: the token signing key and the operator key's hash (the host's,
 * not the world's; a load keeps the host's, and every session in the file
 * ends: the app signs in again) and the time offset, which the file's `now` stands for:
 * a load puts the simulator clock at the moment of the save (back in time
 * too: the world is replaced), so the market is where it was.
 *
 * A load goes through the path persistence restores by (persistence.ts
 * `replace`): the live objects are patched in place and every module
 * rebuilds what it derives; the price engine draws the file's market and
 * every socket is closed (its session belonged to the world replaced).
 */
import type { ChannelHub } from './channels.ts';
import { isKeyHex } from './auth/keys.ts';
import { isShiftable } from './clock.ts';
import { isMarketKey } from './prng.ts';
import { STATE_VERSION } from './core-state.ts';
import type { SimContext } from './module.ts';
import type { StoredBlob } from './persist/batch.ts';
import { fromDataUrl } from './persist/uploads.ts';
import type { SimState } from './state.ts';

/** What names a document as a scenario file. */
export const SCENARIO_KIND = 'trader-simulator-scenario';
/** Bookmarks kept at once, and the largest one (bytes of JSON). */
export const MAX_BOOKMARKS = 20;
export const MAX_BOOKMARK_BYTES = 4 * 1024 * 1024;
/** The longest description and bookmark name. */
export const MAX_DESCRIPTION = 500;
export const MAX_BOOKMARK_NAME = 64;

export interface ScenarioDoc {
  kind: typeof SCENARIO_KIND;
  /** The state version (core-state.ts); an older one is migrated (persist/migrate.ts). */
  version: number;
  /** When it was saved (wall clock, ISO 8601). */
  savedAt: string;
  /** One line saying what it shows (the library's have the user's e-mail and password). */
  description: string;
  /** The simulator time at the save (epoch ms): a load resumes there. */
  now: number;
  /** The state, keys sorted, without the host's own fields (see above). */
  state: Record<string, unknown>;
  /** Uploaded images by id, as data URLs. */
  uploads: Record<string, string>;
}

/** What a scenario reads and replaces. */
export interface ScenarioWorld {
  ctx: SimContext<SimState>;
  hub: ChannelHub;
  /** The persistence's replace (persistence.ts). */
  replace(state: SimState, blobs: ReadonlyMap<string, StoredBlob | null>): void;
}

/** Fields of the state that are the host's, not the world's. */
const HOST_FIELDS = ['timeOffset', 'operatorKeyHash', 'secret'] as const;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON value with every object's keys sorted: the same world gives the same file. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const k of Object.keys(v).sort()) out[k] = sorted(v[k]);
  return out;
}

/** The world as a scenario document. */
export async function saveScenario(w: ScenarioWorld, description = ''): Promise<ScenarioDoc> {
  const state = JSON.parse(JSON.stringify(w.ctx.state)) as Rec;
  for (const f of HOST_FIELDS) delete state[f];
  const uploads: Record<string, string> = {};
  for (const id of Object.keys(w.ctx.state.uploads ?? {}).sort()) {
    const url = await w.ctx.uploads.url(`upload:${id}`);
    if (url) uploads[id] = url;
  }
  return {
    kind: SCENARIO_KIND,
    version: STATE_VERSION,
    savedAt: new Date().toISOString(),
    description: description.slice(0, MAX_DESCRIPTION),
    now: w.ctx.clock.now(),
    state: sorted(state) as Rec,
    uploads,
  };
}

/** Why a document is not a scenario this build can load, or undefined. */
export function scenarioRefusal(doc: unknown): string | undefined {
  if (!isRec(doc) || doc.kind !== SCENARIO_KIND) return 'this is not a scenario file';
  const v = doc.version;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > STATE_VERSION)
    return (
      `this scenario file has state version ${String(v)}; this build reads version ${STATE_VERSION}` +
      ' (and migrates version 1): load it in the version that saved it'
    );
  if (!isRec(doc.state)) return 'the scenario file has no state';
  const bad = badField(doc.state);
  if (bad) return `the scenario file's state has a bad ${bad}`;
  if (typeof doc.now !== 'number' || !Number.isFinite(doc.now))
    return 'the scenario file has no time';
  if (doc.uploads !== undefined && !isRec(doc.uploads)) return 'the scenario file has bad uploads';
  return undefined;
}

/** Sections a module reads as maps: a file with one of them another shape is refused whole. */
const RECORDS = ['users', 'ledger', 'products', 'flags', 'trading', 'account', 'identity'];

/** The first field of a state that is not what every module expects, if any. */
function badField(s: Rec): string | undefined {
  if (!isMarketKey(s.marketKey)) return 'marketKey';
  if (!isKeyHex(s.vaultKey)) return 'vaultKey';
  for (const k of ['createdAt', 'nextId'])
    if (typeof s[k] !== 'number' || !Number.isFinite(s[k])) return k;
  return RECORDS.find((k) => s[k] !== undefined && !isRec(s[k]));
}

/** Replace the world with a scenario's; throws with the reason when the document is refused. */
export async function loadScenario(w: ScenarioWorld, doc: unknown): Promise<void> {
  const why = scenarioRefusal(doc);
  if (why) throw new Error(why);
  const d = doc as ScenarioDoc;
  const { ctx } = w;
  const state = structuredClone(d.state) as Rec;
  state.version = d.version;
  const blobs = new Map<string, StoredBlob | null>();
  if (d.version !== STATE_VERSION) {
    // Loaded only for an old file (as persistence does for an old store).
    const { upgrade } = await import('./persist/migrate.ts');
    for (const [id, b] of upgrade(state, d.now, 'the scenario file')) blobs.set(id, b);
  }
  for (const [id, url] of Object.entries(d.uploads ?? {})) {
    const b = typeof url === 'string' ? fromDataUrl(url) : undefined;
    if (!b) throw new Error(`the scenario file's upload ${id} is not an image`);
    blobs.set(id, b);
  }
  const next = state as unknown as SimState;
  for (const id of Object.keys(ctx.state.uploads ?? {}))
    if (!blobs.has(id) && !next.uploads?.[id]) blobs.set(id, null);
  // The host's own fields stay; the faults' objects exist (the channels hold them).
  for (const f of HOST_FIELDS) delete next[f];
  if (ctx.state.operatorKeyHash !== undefined) next.operatorKeyHash = ctx.state.operatorKeyHash;
  // The host's token signing key: a file's (a library one is built from a counter, so anyone
  // could read it) would let whoever holds the file sign tokens on this host.
  next.secret = ctx.state.secret;
  next.stalls ??= {};
  next.faults ??= { frozen: [], forced: [], delays: [] };
  const clock = ctx.clock;
  if (isShiftable(clock)) {
    const offset = d.now - (clock.now() - clock.offset());
    clock.resetOffset(offset);
    next.timeOffset = offset;
  } else {
    // A test's virtual clock only goes forward.
    const set = (clock as { set?: (t: number) => void }).set;
    if (set && d.now > clock.now()) set(d.now);
  }
  w.replace(next, blobs);
  ctx.prices.rekey(ctx.state.marketKey, ctx.state.createdAt);
  // Sockets signed in to the world replaced: the clients connect again.
  w.hub.drop('market');
  w.hub.drop('exchange');
}

/** One bookmark's summary, as the console lists it. */
export interface BookmarkInfo {
  name: string;
  savedAt: string;
  /** Simulator time of the bookmark. */
  now: number;
  bytes: number;
}

/** Named saves kept in memory for a session (bounded in number and size). */
export function createBookmarks(w: ScenarioWorld) {
  const marks = new Map<string, { doc: ScenarioDoc; bytes: number }>();
  const list = (): BookmarkInfo[] =>
    [...marks].map(([name, m]) => ({
      name,
      savedAt: m.doc.savedAt,
      now: m.doc.now,
      bytes: m.bytes,
    }));
  return {
    async bookmark(name: string): Promise<BookmarkInfo[]> {
      const n = name.trim();
      if (!n || n.length > MAX_BOOKMARK_NAME)
        throw new Error(`a bookmark's name has 1 to ${MAX_BOOKMARK_NAME} characters`);
      if (!marks.has(n) && marks.size >= MAX_BOOKMARKS)
        throw new Error(
          `at most ${MAX_BOOKMARKS} bookmarks; go back to one or reload to forget them`,
        );
      const doc = await saveScenario(w, n);
      const bytes = JSON.stringify(doc).length;
      if (bytes > MAX_BOOKMARK_BYTES)
        throw new Error(`the state is too large for a bookmark (${bytes} bytes)`);
      marks.delete(n);
      marks.set(n, { doc, bytes });
      return list();
    },
    bookmarks: list,
    async restoreBookmark(name: string): Promise<void> {
      const m = marks.get(name);
      if (!m) throw new Error(`no bookmark ${name}`);
      await loadScenario(w, m.doc);
    },
  };
}
