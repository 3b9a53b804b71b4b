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
import { tapBackOffice } from './record/tap.ts';

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

/** The console's back office; every operation passes the recording's tap (record/tap.ts). */
export function useBackOffice(): RemoteBackOffice | undefined {
  const { backend, config } = useServices();
  const { key } = useSnapshot(operatorSession);
  return useMemo(() => {
    const bo = backend.simulator
      ? (backend.simulator.backOffice as unknown as RemoteBackOffice)
      : backend.kind === 'live' && config.operatorUrl && key
        ? // A refused key is forgotten, so the console asks again.
          httpBackOffice({
            url: config.operatorUrl,
            key,
            onUnauthorized: () => setOperatorKey(undefined),
          })
        : undefined;
    return bo && tapBackOffice(bo);
  }, [backend, config.operatorUrl, key]);
}
