/**
 * Helpers shared by the console panes: useLoad (load a value, reload on
 * demand) and run (perform a back-office action and toast its outcome).
 */
import { useCallback, useEffect, useState } from 'react';
import { showToast } from '../../../state/toasts.ts';
import { TOAST_MS } from '../../../config/constants.ts';

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
      showToast(ok, 'success', TOAST_MS);
      reload?.();
    },
    (e: unknown) => showToast(String(e instanceof Error ? e.message : e), 'error', TOAST_MS),
  );
}
