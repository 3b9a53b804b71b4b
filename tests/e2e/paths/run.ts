/**
 * Drive one generated path through the real screens with a machine's driver
 * (tests/paths/ui/<machine>.ui.ts).
 *
 * - Before the step that starts an actor (or before the screen opens, for
 *   the actors of the first state), every result of that actor on the path
 *   is arranged, in order; when the person acts while it is in flight, the
 *   arrangement is told to hold the reply (`held`).
 * - A person's event is done on the page; a delay moves the page's frozen
 *   clock; an actor's result simply arrives. An event the app fires by
 *   itself (driver.itself) may have happened before the runner gets to it:
 *   what was recorded since the previous step counts.
 * - A machine whose paths are about some of its regions (driver.regions)
 *   is compared on those regions only.
 * - After each step the recorder (src/machines/inspect.ts) must show the
 *   machine reaching the step's state value; where the path rests (no
 *   actor's result is due) the screen is checked for every active state node.
 * Returns the transition keys the machine took in the browser.
 */
import type { Page } from '@playwright/test';
import type { AnyEvent } from '../../paths/plan/words.ts';
import { actorOf, delayOfType } from '../../paths/plan/machine-parts.ts';
import { leaves } from '../../paths/plan/render.ts';
import { describeEvent } from '../../paths/framework.ts';
import type { UiCtx, UiDriver } from '../../paths/ui/driver.ts';
import type { UiPath } from './choose.ts';
import { prepare, records, steady } from './page.ts';

/** The state node paths active in a state value: every leaf and its ancestors. */
export function activeNodes(value: unknown): string[] {
  const out = new Set<string>();
  for (const leaf of leaves(value)) {
    const parts = leaf.split('.');
    for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.'));
  }
  return [...out];
}

/** A state value on the given top-level regions only (all of it without). */
export function project(value: unknown, regions?: string[]): unknown {
  if (!regions || typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(regions.map((k) => [k, (value as Record<string, unknown>)[k]]));
}

/** Wait until the recorder shows `machine` at `value` from record `from` on; the next index. */
async function reach(
  page: Page,
  machine: string,
  value: unknown,
  from: number,
  label: string,
  regions?: string[],
) {
  const want = JSON.stringify(project(value, regions));
  const deadline = Date.now() + 10_000;

  for (;;) {
    const found = await steady<number>(
      page,
      `(() => { const r = window.__TRADER_INSPECT__; const R = ${JSON.stringify(regions ?? null)};
        const view = (v) => R && v && typeof v === 'object' ? Object.fromEntries(R.map((k) => [k, v[k]])) : v;
        for (let i = ${from}; i < r.length; i++)
          if (r[i].m === ${JSON.stringify(machine)} && 'v' in r[i] && JSON.stringify(view(r[i].v)) === ${JSON.stringify(want)}) return i + 1;
        return 0; })()`,
    );
    if (found) return found;
    if (Date.now() > deadline) {
      // Per actor: another instance of the machine (an earlier screen's) is not the one awaited.
      const seen = new Map<string, unknown[]>();
      for (const r of await records(page, from))
        if (r.m === machine && 'v' in r)
          seen.set(r.a, [...(seen.get(r.a) ?? []), project(r.v, regions)]);
      const went = [...seen].map(([a, vs]) => `actor ${a} went through ${JSON.stringify(vs)}`);
      throw new Error(
        `${machine}: ${label}: expected ${want}; ${went.join('; ') || 'no actor of it moved'}`,
      );
    }
    await new Promise((r) => setTimeout(r, 40));
  }
}

export async function runUiPath(page: Page, driver: UiDriver, path: UiPath): Promise<Set<string>> {
  const t0 = Date.now();
  await prepare(page);
  const data = await driver.setup(page, path.spec, path);
  if (process.env.UI_PATHS_TIMING) console.log(`setup ${Date.now() - t0} ms`);
  const c: UiCtx = { page, spec: path.spec, data, path, history: [], i: -1 };
  const steps = path.steps;
  const regions = driver.regions?.(path.spec);
  // A page load (driver.loads) starts the recorder afresh.
  const mark = driver.loads ? 0 : (await records(page)).length;
  /** Arrange the results of the actors step k starts (k = -1: the first state's). */
  const arrangeStarted = async (k: number) => {
    for (const id of path.started[k + 1] ?? []) {
      let end = steps.length;
      for (let j = k + 1; j < steps.length; j++) {
        const e = steps[j]!.event as AnyEvent;
        const a = actorOf(e.type);
        // Up to the actor's next start (a later result is arranged then).
        if (j > k + 1 && (path.started[j] ?? []).includes(id)) {
          end = j;
          break;
        }
        if (a?.id !== id) continue;
        end = -1;
        const say = driver.actors[id]?.[a.kind];
        if (!say) throw new Error(`${driver.machine}: no arrangement for actor ${id}.${a.kind}`);
        // The person acts while it is in flight: its reply must wait for them.
        const held = steps.slice(k + 1, j).some((s) => !actorOf(s.event.type));
        await say({ ...c, i: j, held }, e);
        break;
      }
      // No result on the path, but the person acts while it runs: its reply must wait. (An
      // actor with no results at all, one that only sends events, has no entry: nothing to hold.)
      const replies = id in driver.actors;
      if (replies && end >= 0 && steps.slice(k + 1, end).some((s) => !actorOf(s.event.type))) {
        const hold = driver.hold?.[id];
        if (!hold) throw new Error(`${driver.machine}: no way to hold actor ${id}'s reply`);
        await hold({ ...c, i: k, held: true }, { type: `hold.${id}` });
      }
    }
  };
  /**
   * Before the person's (or the clock's) step k: arrange what it starts and
   * what the actor results right after it start, since those follow with
   * no one acting in between.
   */
  const arrangeAhead = async (k: number) => {
    await arrangeStarted(k);
    for (let j = k + 1; j < steps.length && actorOf(steps[j]!.event.type); j++)
      await arrangeStarted(j);
  };
  /** Has the machine left `value` since record `from` (a reply not on the path landed)? */
  const left = async (value: unknown, from: number) => {
    const vs = (await records(page, from)).filter((r) => r.m === driver.machine && 'v' in r);
    const now = JSON.stringify(project(vs.at(-1)?.v, regions));
    return vs.length > 0 && now !== JSON.stringify(project(value, regions));
  };
  const check = async (value: unknown, e: AnyEvent, label: string, from: number) => {
    for (const node of activeNodes(project(value, regions))) {
      const assert = driver.states[node];
      if (!assert) throw new Error(`${driver.machine}: no screen check for state ${node}`);
      // A state the machine has already left cannot be seen on the screen.
      if (await left(value, from)) return;
      try {
        await assert(c, e);
      } catch (err) {
        if (await left(value, from)) return;
        throw new Error(
          `${driver.machine}: screen of ${node} after ${label}: ${(err as Error).message}`,
          { cause: err },
        );
      }
    }
  };
  /** The path rests after step j: nobody's reply is due (none next, none just started). */
  const rests = (j: number) => {
    const next = steps[j + 1];
    return (!next || !actorOf(next.event.type)) && (path.started[j + 1] ?? []).length === 0;
  };
  await arrangeAhead(-1);
  await driver.open(c);
  let cursor = await reach(page, driver.machine, path.start, mark, 'start', regions);
  if (rests(-1)) await check(path.start, { type: 'xstate.init' }, 'start', cursor);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const e = step.event as AnyEvent;
    const label = `step ${i + 1} (${describeEvent(e).slice(0, 120)})`;
    c.i = i;
    if (!actorOf(e.type)) {
      await arrangeAhead(i);
      // What happens from now on is this step's (the app's own events may have come already).
      if (!driver.itself?.includes(e.type)) cursor = Math.max(cursor, (await records(page)).length);
      const d = delayOfType(e.type);
      const act = d !== undefined ? driver.delays[d] : driver.events[e.type];
      if (!act) throw new Error(`${driver.machine}: no driver for ${e.type}`);
      await act(c, e);
    }
    cursor = await reach(page, driver.machine, step.value, cursor, label, regions);
    if (rests(i)) await check(step.value, e, label, cursor);
    c.history.push(e);
  }
  const keys = new Set<string>();
  for (const r of await records(page, mark)) if (r.m === driver.machine && r.k) keys.add(r.k);
  return keys;
}
