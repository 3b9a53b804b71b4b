/**
 * The simulator's worker built with the app, not as a bundle of its own
 * (issue 31, round 4: bytes).
 *
 * Vite builds a `new Worker(new URL('./w.ts', import.meta.url))` separately,
 * so the page and the worker each carried Comlink and the call contract
 * (about 3 KB gzip twice on the first route). Here the worker is one more
 * entry chunk of the app's build: what it shares with the page's first route
 * sits in one chunk both load (`wire`, build/first-route-chunks.ts), fetched
 * once. Only in a build: the dev server keeps Vite's own worker handling.
 *
 * A dynamic import in the worker preloads nothing: Vite's preload helper adds
 * `<link>` elements to a document, which a worker has not (its chunks come as
 * they are imported).
 *
 * `importer` spells `new URL('<worker>', import.meta.url)` (each occurrence
 * is rewritten to the emitted chunk's URL); a build where it is not found
 * fails, so the worker never silently goes back to a bundle of its own.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

type Graph = {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};

/** A module and all it imports, statically or with import(): what a worker may run. */
export function everything(ctx: Graph, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  while (todo.length) {
    const id = todo.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    todo.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []));
  }
  return seen;
}

export function workerInApp(importer: string, worker: string): Plugin {
  const importerId = path.resolve(importer);
  const workerId = path.resolve(worker);
  const rel = path.relative(path.dirname(importerId), workerId).split(path.sep).join('/');
  const spelled = new RegExp(
    `new URL\\(\\s*['"\`]${(rel.startsWith('.') ? rel : `./${rel}`).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"\`]\\s*,\\s*import\\.meta\\.url\\s*\\)`,
    'g',
  );
  let ref: string | undefined;
  /** The worker's chunks: its entry's, and every chunk that one imports, at once or later. */
  const workerChunks = new Set<string>();
  return {
    name: 'worker-in-app',
    apply: 'build',
    // Before vite:worker-import-meta-url, which would build it on its own.
    enforce: 'pre',
    config: () => ({
      build: {
        modulePreload: {
          resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string }) =>
            workerChunks.has(hostId) ? [] : deps,
        },
      },
    }),
    buildStart() {
      ref = undefined;
      workerChunks.clear();
    },
    // Before vite:build-import-analysis's, which asks resolveDependencies above.
    generateBundle(_opts, bundle) {
      if (!ref) return;
      const runs = everything(this, workerId);
      const todo = [this.getFileName(ref)];
      while (todo.length) {
        const name = todo.pop() as string;
        const chunk = bundle[name];
        if (workerChunks.has(name) || chunk?.type !== 'chunk') continue;
        workerChunks.add(name);
        // A page module in a chunk the worker loads would run there (React, the DOM): the
        // chunking (first-route-chunks.ts) must keep them apart.
        const foreign = chunk.moduleIds.find((id) => !runs.has(id));
        if (foreign) this.error(`worker-in-app: ${name}, loaded by the worker, holds ${foreign}`);
        todo.push(...chunk.imports, ...chunk.dynamicImports);
      }
    },
    transform(code, id) {
      if (id !== importerId) return null;
      if (!code.match(spelled)) this.error(`worker-in-app: ${importer} does not name ${worker}`);
      ref ??= this.emitFile({ type: 'chunk', id: workerId, name: 'worker' });
      return {
        code: code.replace(spelled, `new URL(import.meta.ROLLUP_FILE_URL_${ref}, import.meta.url)`),
        map: null,
      };
    },
  };
}
