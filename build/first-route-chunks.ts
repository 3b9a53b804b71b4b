/**
 * The first route's code in a few files, not 29 (issue 14).
 *
 * Left to itself the bundler cuts the first route into a chunk per set of
 * importers: 28 files, most under 2 KB. Over HTTP/1.1 a browser opens 6
 * connections to a host, so the site config, the first locale file and the
 * simulator's worker script, all asked for by the entry, queued behind those
 * preloads (measured: the config, asked for at 183 ms, arrived at 449 ms).
 *
 * Here every module the app's root (src/ui/root.tsx) imports statically, and
 * the entry does not, goes into one of four chunks, one per start-up stage of
 * main.tsx: React DOM; the state machines; the app's first route.
 * Lazy screens that share a module with the first route import it from there:
 * it is always loaded before them.
 *
 * `screens`: a lazy screen a page may open on (the chart, whose Buy the
 * network bench times) gets its static graph beyond the first route in three
 * chunks, not one per shared module: its own modules, and those other lazy
 * code shares ('trade-kit', 'screen-kit', {@link sharedParts}): 3 requests
 * instead of 12 behind the first route's on HTTP/1.1's 6 connections (issue
 * 31: its small chunks, each a 150 ms round trip on slow 4G, held react-dom
 * back by about 0.2 s).
 *
 * The entry's own graph is a group too ('index'; the entry file becomes a
 * one-line facade over it). Left out, a module the entry imports but does not
 * use after tree-shaking fell to automatic chunking, which put it beside the
 * root's dynamic-import facade: two chunks importing each other, and a live
 * start that failed with "Export 'root_exports' is not defined".
 */
import path from 'node:path';
import { everything } from './worker-in-app.ts';

type ModuleInfo = {
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
} | null;
type Ctx = { getModuleInfo(id: string): ModuleInfo };

/** Which start-up stage's chunk a package of the first route belongs to. */
const STAGES: [RegExp, string][] = [
  [/node_modules[\\/](react|react-dom|scheduler)[\\/]/, 'react-dom'],
  [/node_modules[\\/]xstate[\\/]/, 'machines'],
];

/**
 * Where a screen's modules that other lazy code imports too go (`screens`
 * below): the trade code (order rules, validation, the chart's gate and
 * buttons), which the order screens and panels share, in one chunk; the small
 * helpers every screen uses (the back link, notices) and what they import, in
 * another, so a screen that needs a back link does not load big.js with it.
 */
const TRADE_KIT = 'trade-kit';
const SCREEN_KIT = 'screen-kit';
const TRADE =
  /[\\/]src[\\/](ui[\\/]trade|machines[\\/](chartGate|validation)|api[\\/]order-rules)[\\/.]/;
/** A shared library (big.js) keeps the chunk the bundler gives it: a screen that needs only it loads only it. */
const LIBRARY = /[\\/]node_modules[\\/]/;

/** The chunk of the modules the page's first route and the simulator's worker both run. */
const WIRE = 'wire';

/** `from` and what it imports, within `within`. */
function reach(ctx: Ctx, from: Iterable<string>, within: Set<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...from];
  while (todo.length) {
    const id = todo.pop() as string;
    if (seen.has(id) || !within.has(id)) continue;
    seen.add(id);
    todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The modules of a screen's graph that code outside it (and outside the first
 * route) imports, with all they import, by kit: in chunks of their own, so
 * another screen does not load the screen's chunk for them (nor fail with it).
 */
function sharedParts(ctx: Ctx, graph: Set<string>, done: Set<string>): Map<string, string | null> {
  const outside = (id: string) => !graph.has(id) && !done.has(id);
  const shared = reach(
    ctx,
    [...graph].filter((id) => {
      const info = ctx.getModuleInfo(id);
      return [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])].some(outside);
    }),
    graph,
  );
  const screen = reach(
    ctx,
    [...shared].filter((id) => !TRADE.test(id)),
    shared,
  );
  return new Map(
    [...shared].map((id) => [
      id,
      LIBRARY.test(id) ? null : screen.has(id) ? SCREEN_KIT : TRADE_KIT,
    ]),
  );
}

export function firstRouteChunks(
  entry: string,
  root: string,
  /** Chunk name → a lazy screen's module. */
  screens: Record<string, string> = {},
  /** The simulator's worker, an entry of the same build (build/worker-in-app.ts). */
  worker?: string,
  /**
   * Lazy modules every start loads at once (English's first part), in the
   * entry's chunk: one request fewer in the first wave, where on HTTP/1.1's
   * 6 connections the site config waited for one (issue 31, round 4).
   */
  withEntry: string[] = [],
) {
  const withEntryIds = new Set(
    withEntry.map((m) => {
      const [file, query] = m.split('?');
      return `${path.resolve(file ?? '')}${query ? `?${query}` : ''}`;
    }),
  );
  const entryId = path.resolve(entry);
  const rootId = path.resolve(root);
  let entryGraph: Set<string> | undefined;
  let workerGraph: Set<string> | undefined;
  let first: Set<string> | undefined;
  let screenGraphs: [string, Set<string>, Map<string, string | null>][] | undefined;
  const closure = (ctx: Ctx, from: string, skip: Set<string>): Set<string> => {
    const seen = new Set<string>();
    const todo = [from];
    while (todo.length) {
      const id = todo.pop() as string;
      if (seen.has(id) || skip.has(id)) continue;
      seen.add(id);
      todo.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return seen;
  };
  return (id: string, ctx: Ctx): string | null => {
    entryGraph ??= closure(ctx, entryId, new Set());
    first ??= closure(ctx, rootId, entryGraph);
    workerGraph ??= worker ? everything(ctx, path.resolve(worker)) : new Set();
    // What the worker runs stays out of the page's chunks (they would load React into it):
    // shared with the first route, in one chunk both load; else the bundler's own chunks.
    if (workerGraph.has(id)) return entryGraph.has(id) || first.has(id) ? WIRE : null;
    if (entryGraph.has(id) || withEntryIds.has(id)) return 'index';
    if (!first.has(id)) {
      const done = new Set([...entryGraph, ...first]);
      screenGraphs ??= Object.entries(screens).map(([name, m]) => {
        const graph = closure(ctx, path.resolve(m), done);
        return [name, graph, sharedParts(ctx, graph, done)];
      });
      for (const [name, graph, shared] of screenGraphs)
        if (graph.has(id)) return shared.has(id) ? (shared.get(id) ?? null) : name;
      return null;
    }
    for (const [test, name] of STAGES) if (test.test(id)) return name;
    return 'root';
  };
}
