/**
 * The feature flags, once the first system-config read has settled (start-up
 * no longer waits for it: machines/startup/machine.ts). Until then a component
 * that reads them suspends, so its Suspense boundary shows its placeholder
 * rather than a feature the server may be about to switch off (or without one
 * it switches on); what reads no flag (the prices) shows at once.
 */
import { use } from 'react';
import { useSnapshot } from 'valtio';
import { flagsSettled, site } from '../../state/site.ts';

export function useFlags(): Readonly<Record<string, boolean>> {
  const snap = useSnapshot(site);
  if (!snap.flagsReady) use(flagsSettled);
  return snap.flags;
}
