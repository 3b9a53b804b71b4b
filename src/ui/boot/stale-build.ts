/**
 * Recovery from a redeploy under an open tab: the old build's lazy chunks
 * are gone, so a dynamic import fails ("Failed to fetch dynamically imported
 * module"). As with the version-file mismatch (trading.md §4), the user is
 * taken to the new build with a full load of /; the session is in local
 * storage, so it survives. Once per build: if the reload still runs this
 * build (a cache that keeps serving the old index), the error screen offers
 * a manual reload instead of looping.
 */
const KEY = 'trader.chunkReload';

/** Whether an error is a lazy chunk (or a lazily loaded file) that could not be loaded. */
export function isChunkError(e: unknown): boolean {
  const msg = e instanceof Error ? `${e.name} ${e.message}` : String(e);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|ChunkLoadError|Loading chunk \S+ failed/i.test(
    msg,
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** A full load of this URL (location.replace). */
  go(url: string): void;
  version: string;
  home: string;
}

/** Reload to / once per build; false when this build already tried (no loop). */
export function reloadForNewBuild(d: ReloadDeps): boolean {
  if (d.storage.getItem(KEY) === d.version) return false;
  d.storage.setItem(KEY, d.version);
  d.go(d.home);
  return true;
}
