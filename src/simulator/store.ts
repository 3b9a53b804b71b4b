/** Where the simulator keeps its state: IndexedDB in the browser (a reload loses nothing), memory in tests. */
import { openDB } from 'idb';

export interface SimStore {
  load(): Promise<unknown>;
  save(state: unknown): Promise<void>;
  clear(): Promise<void>;
}

export function memoryStore(initial?: unknown): SimStore {
  let value = initial === undefined ? undefined : structuredClone(initial);
  return {
    load: async () => (value === undefined ? undefined : structuredClone(value)),
    save: async (s) => void (value = structuredClone(s)),
    clear: async () => void (value = undefined),
  };
}

export function indexedDbStore(name = 'trader-simulator'): SimStore {
  const db = openDB(name, 1, {
    upgrade(d) {
      d.createObjectStore('state');
    },
  });
  return {
    load: async () => (await db).get('state', 'current'),
    save: async (s) => void (await (await db).put('state', s, 'current')),
    clear: async () => void (await (await db).delete('state', 'current')),
  };
}
