/**
 * Where a screen was opened from, for back arrows that return to their
 * origin (user-centre.md §2: back from the crypto list goes to the user page
 * or the wallet, whichever opened it). The router notes every location it
 * renders; a screen reads the one before it on first render.
 */
import { useState } from 'react';

let current: string | undefined;
let previous: string | undefined;
const origins = new Map<string, string>();

/** Called by the router on each render with the location it shows (repeats are ignored). */
export function noteLocation(path: string): void {
  if (path === current) return;
  previous = current;
  current = path;
}

/** The location shown before the current one. */
export const previousLocation = (): string | undefined => previous;

/**
 * The page this screen group was entered from: the previous location unless
 * it is one of the group's own pages (`own`), in which case the origin kept
 * when the group was entered; `fallback` when none is known or allowed.
 */
export function useOrigin(
  group: string,
  own: (path: string) => boolean,
  allowed: (path: string) => boolean,
  fallback: string,
): string {
  const [origin] = useState(() => {
    const from = previous;
    if (from !== undefined && !own(from)) {
      if (allowed(from)) origins.set(group, from);
      else origins.delete(group);
    }
    return origins.get(group) ?? fallback;
  });
  return origin;
}
