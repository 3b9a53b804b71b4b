/** Calls back each time the market channel opens again after having been down. */
import { useEffect, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { realtimeMachine } from '../../machines/realtime/machine.ts';

type Realtime = ActorRefFrom<typeof realtimeMachine>;

/**
 * Whether the market region is in `live.open`, wherever the machine nests it
 * (the region is being reshaped; a tag on that state would make this a hasTag).
 */
export function marketOpen(s: Pick<SnapshotFrom<typeof realtimeMachine>, 'value'>): boolean {
  const seek = (v: unknown): boolean =>
    typeof v === 'object' &&
    v !== null &&
    Object.entries(v).some(([k, x]) => (k === 'live' && x === 'open') || seek(x));
  return seek((s.value as Record<string, unknown>).market);
}

export function useMarketReconnect(realtime: Realtime, onReconnect: () => void): void {
  const cb = useRef(onReconnect);
  useEffect(() => {
    cb.current = onReconnect;
  });
  useEffect(() => {
    let open = marketOpen(realtime.getSnapshot());
    const sub = realtime.subscribe((s) => {
      const now = marketOpen(s);
      // Only the transition into open: a data message does not count as a reconnect.
      if (now && !open) cb.current();
      open = now;
    });
    return () => sub.unsubscribe();
  }, [realtime]);
}
