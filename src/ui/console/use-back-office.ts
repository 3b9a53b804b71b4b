/** The simulator's back office, when the app runs on the simulator. */
import type { BackOffice } from '../../simulator/back-office.ts';
import { useServices } from '../services-context.tsx';

/** Every back-office call returns a promise across the worker boundary. */
export type RemoteBackOffice = {
  [K in keyof BackOffice]: BackOffice[K] extends (...a: infer A) => infer R
    ? (...a: A) => Promise<Awaited<R>>
    : never;
};

export function useBackOffice(): RemoteBackOffice | undefined {
  const { backend } = useServices();
  return backend.simulator?.backOffice as unknown as RemoteBackOffice | undefined;
}
