/**
 * Greedy set cover: the fewest paths (near enough) that together visit every
 * transition and state the whole generated set visits. Ties go to the
 * shorter path, then to the earlier one, so the choice is stable.
 *
 * Paths a person cannot follow to the end (a step only the automated run can
 * do) are used last: first the paths a person can follow cover all they can,
 * then automated-only paths cover only what is left. So no path of the manual
 * plan stops halfway, and an automated-only path is chosen only for
 * something no manual path reaches.
 */
import type { PlanPath } from './render.ts';
import { actorOf } from './machine-parts.ts';

export interface Coverable {
  /** Transition keys and state paths this path visits. */
  covers: Iterable<string>;
  /** Steps: shorter wins a tie. */
  length: number;
  /** A person can follow it to the end (default true). */
  manual?: boolean;
}

/** Indexes of the chosen paths, in their original order. */
export function chooseCover(paths: Coverable[]): number[] {
  const sets = paths.map((p) => new Set(p.covers));
  const chosen: number[] = [];
  const pick = (usable: (i: number) => boolean) => {
    const left = new Set(sets.flatMap((s, i) => (usable(i) ? [...s] : [])));
    for (const i of chosen) for (const x of sets[i] as Set<string>) left.delete(x);
    while (left.size) {
      let best = -1;
      let gain = 0;
      sets.forEach((s, i) => {
        if (!usable(i)) return;
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
  };
  pick((i) => paths[i]?.manual !== false);
  pick(() => true);
  return chosen.sort((a, b) => a - b);
}

/**
 * The plan's paths: the fewest that visit every transition and state, and
 * meet every reply code an actor gives on some path (refusals that share a
 * transition, 404 beside 409, each get a path too). `manual` says which paths
 * a person can follow to the end (render.ts's followedByHand asks the words);
 * without it all count. The UI path run (tests/e2e/paths) makes the same choice.
 */
export function choosePaths<P extends PlanPath>(paths: P[], manual?: (p: P) => boolean): P[] {
  const replies = (p: PlanPath) =>
    p.steps.flatMap(({ event }) => {
      const a = actorOf(event.type);
      const code = (event.output as { code?: unknown } | undefined)?.code;
      return a && code !== undefined ? [`reply:${a.id}:${String(code)}`] : [];
    });
  const covers = paths.map((p) => ({
    covers: [...p.transitions.flat(), ...p.states.map((s) => `state:${s}`), ...replies(p)],
    length: p.steps.length,
    manual: manual ? manual(p) : true,
  }));
  return chooseCover(covers).map((i) => paths[i] as P);
}
