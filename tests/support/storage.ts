/** A page's localStorage for unit tests in Node: a Map behind the Storage calls the app makes. */
export function memoryStorage(): {
  entries: Map<string, string>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
} {
  const entries = new Map<string, string>();
  return {
    entries,
    storage: {
      getItem: (k) => entries.get(k) ?? null,
      setItem: (k, v) => void entries.set(k, v),
      removeItem: (k) => void entries.delete(k),
    },
  };
}
