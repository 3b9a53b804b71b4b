/**
 * Greedy set cover: the fewest paths (near enough) that together visit every
 * transition and state the whole generated set visits. Ties go to the
 * shorter path, then to the earlier one, so the choice is stable.
 */
export interface Coverable {
  /** Transition keys and state paths this path visits. */
  covers: Iterable<string>;
  /** Steps: shorter wins a tie. */
  length: number;
}

/** Indexes of the chosen paths, in their original order. */
export function chooseCover(paths: Coverable[]): number[] {
  const sets = paths.map((p) => new Set(p.covers));
  const left = new Set(sets.flatMap((s) => [...s]));
  const chosen: number[] = [];
  while (left.size) {
    let best = -1;
    let gain = 0;
    sets.forEach((s, i) => {
      let g = 0;
      for (const x of s) if (left.has(x)) g++;
      if (
        g > gain ||
        (g === gain && g > 0 && (paths[i]?.length ?? 0) < (paths[best]?.length ?? 0))
      ) {
        best = i;
        gain = g;
      }
    });
    if (best < 0) break;
    chosen.push(best);
    for (const x of sets[best] as Set<string>) left.delete(x);
  }
  return chosen.sort((a, b) => a - b);
}
