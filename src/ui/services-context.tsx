import { createContext, useContext } from 'react';
import type { Services } from './boot/services.ts';

export const ServicesContext = createContext<Services | undefined>(undefined);

/** The app's services; only screens under the ready app use it. */
export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error('useServices outside ServicesContext');
  return s;
}
