/**
 * The back office the console talks to: the simulator's (worker) in simulator
 * mode; in live mode, the Node host's operator API once the reviewer has
 * entered the key. Both are async, so the console cannot tell them apart.
 */
import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import type { BackOffice } from '../../simulator/back-office.ts';
import { useServices } from '../services-context.tsx';
import { httpBackOffice } from './http-back-office.ts';
import { operatorSession, setOperatorKey } from './operator-session.ts';

/** Every back-office call returns a promise (across the worker or over HTTP). */
export type RemoteBackOffice = {
  [K in keyof BackOffice]: BackOffice[K] extends (...a: infer A) => infer R
    ? (...a: A) => Promise<Awaited<R>>
    : never;
};

/** Where the console's back office is: the worker, the operator API, or none. */
export function useConsoleMode(): 'simulator' | 'live' | undefined {
  const { backend, config } = useServices();
  if (backend.simulator) return 'simulator';
  return backend.kind === 'live' && config.operatorUrl ? 'live' : undefined;
}

export function useBackOffice(): RemoteBackOffice | undefined {
  const { backend, config } = useServices();
  const { key } = useSnapshot(operatorSession);
  return useMemo(() => {
    if (backend.simulator) return backend.simulator.backOffice as unknown as RemoteBackOffice;
    if (backend.kind !== 'live' || !config.operatorUrl || !key) return undefined;
    // A refused key is forgotten, so the console asks again.
    return httpBackOffice({
      url: config.operatorUrl,
      key,
      onUnauthorized: () => setOperatorKey(undefined),
    });
  }, [backend, config.operatorUrl, key]);
}
