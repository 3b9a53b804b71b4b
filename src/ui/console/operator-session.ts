/**
 * Live mode: the operator key the reviewer entered, kept for this browser
 * session only (sessionStorage: gone when the tab closes, never in
 * localStorage).
 */
import { proxy } from 'valtio';

const STORAGE_KEY = 'trader.operatorKey';

const read = (): string | undefined => {
  try {
    return sessionStorage.getItem(STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
};

/** The key in use, if the reviewer has entered one this session. */
export const operatorSession = proxy<{ key: string | undefined }>({ key: read() });

export function setOperatorKey(key: string | undefined): void {
  operatorSession.key = key;
  try {
    if (key) sessionStorage.setItem(STORAGE_KEY, key);
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage off: the key lasts until the page reloads */
  }
}
