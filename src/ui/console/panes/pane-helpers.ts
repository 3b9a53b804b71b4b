/**
 * Helpers shared by the console panes: useLoad (load a value, reload on
 * demand) and run (perform a back-office action and toast its outcome).
 */
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '../../../state/toasts.ts';
import { TOAST_MS } from '../../../config/constants.ts';
import { noteConsoleToast } from '../record/tap.ts';

/** A notice of the console's own (a recording leaves it out: the replay has no console). */
function consoleToast(text: string, kind: 'success' | 'error'): void {
  noteConsoleToast(text);
  showToast(text, kind, TOAST_MS);
}

export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [T | undefined, () => void] {
  const [value, setValue] = useState<T>();
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then((v) => live && setValue(v));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on demand
  }, [n, ...deps]);
  return [value, useCallback(() => setN((x) => x + 1), [])];
}

export function run(p: Promise<unknown>, ok: string, reload?: () => void) {
  void p.then(
    () => {
      consoleToast(ok, 'success');
      reload?.();
    },
    (e: unknown) => consoleToast(String(e instanceof Error ? e.message : e), 'error'),
  );
}
