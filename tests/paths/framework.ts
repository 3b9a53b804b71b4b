/**
 * Model-based path testing of the real machines against the real system.
 *
 * 1. Traverse the machine's graph (xstate/graph's adjacency map) with sample
 *    events, including the synthetic `xstate.done.actor.*`,
 *    `xstate.error.actor.*` and `xstate.after.*` events.
 * 2. For every edge, the shortest path to its source plus that edge is a test
 *    path (transition coverage); paths that are prefixes of others are dropped.
 * 3. Each path runs against the machine provided with its real actors, which
 *    call the real API client on the in-process simulator. User events are
 *    sent; an actor's outcome is arranged in the simulator before the actor
 *    starts; a delay step moves the simulator's virtual clock by the delay and
 *    then fires that delayed event. The machine's own timers never fire by
 *    themselves, so the path, not a race between timers, decides which
 *    delay comes next.
 * 4. After every step the state reached must be the path's, and the
 *    assertions of every active state node run.
 * 5. Coverage counts the machine's own state nodes and transition definitions
 *    visited by the executed runs (inspected microsteps).
 */
import {
  createActor,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import { createWorld, type TestWorld } from '../support/sim.ts';
import { clearSession } from '../../src/state/session.ts';
import { transitionKey } from '../../src/machines/inspect.ts';

type Snap = SnapshotFrom<AnyStateMachine>;
type Node = AnyStateMachine['root'];

export interface PathContext {
  world: TestWorld;
  /** Whatever the spec's setup returned (seeded users, ids). */
  data: Record<string, unknown>;
  /** The events the machine emitted (`emit`) at the step just taken (or on start): notices, reloads. */
  emitted: EventObject[];
}

/** The notice keys emitted at the step just taken (src/machines/notice.ts). */
export const noticesOf = (c: PathContext): string[] =>
  c.emitted.flatMap((e) => (e.type === 'notice' ? [(e as EventObject & { key: string }).key] : []));

export interface PathSpec {
  name: string;
  /** The machine as defined (for the graph and for counting coverage). */
  machine: AnyStateMachine;
  /** Input for the machine (graph and real runs). */
  input?: unknown | ((c: PathContext) => unknown);
  /** Sample events; each own event type without a sample is tried bare. */
  events: EventObject[] | ((snapshot: Snap) => EventObject[]);
  /** Which part of a snapshot makes it a distinct graph state (default: value only). */
  serialize?: (snapshot: Snap) => string;
  /** Make the world ready for one path (seed users…); returned data goes to every hook. */
  setup?(world: TestWorld): Promise<Record<string, unknown>>;
  /** The machine with its real actors for one path. */
  provide(c: PathContext): AnyStateMachine;
  /** Real-system value for a user event's sample (e.g. the seeded user's e-mail). */
  resolve?(event: EventObject, c: PathContext, snapshot: Snap): EventObject;
  /**
   * Prepare the simulator so the real system produces this event: for an
   * actor's done/error event this runs before the actor starts; for a
   * system event (see `systemEvents`) it runs at its step.
   */
  arrange?(event: EventObject, c: PathContext): void | Promise<void>;
  /** Event types the real system sends (callback actors), not the user: arranged, then awaited. */
  systemEvents?: string[];
  /** Event types never sent from outside (raised inside the machine). */
  internalEvents?: string[];
  /** Assertions by state node path ('a.b'); every state node must have one. */
  states: Record<string, (snapshot: Snap, c: PathContext) => void | Promise<void>>;
  /** Only paths up to this many steps (default 40). */
  maxSteps?: number;
}

export interface PathStep {
  event: EventObject;
  /** Expected serialized state after the event. */
  state: string;
  value: unknown;
}
export interface TestPath {
  steps: PathStep[];
  /** Human description, for the plan. */
  title: string;
}

/** How often each conditional check's branch ran in this module's run (see {@link reached}). */
const reachedCounts = new Map<string, number>();

/**
 * Marks a conditional check: a branch of a path's check that asserts only
 * under a condition starts with `reached('label')`, e.g.
 * `if (ctx.failure === 1108) { reached('login.credentials: 1108'); expect(…) }`.
 * The run (scripts/paths.mjs) fails listing every label no path reached, so
 * an assertion that never ran is found, not trusted. The label is a string
 * literal, unique over all specs (tests/unit/lint/path-conditions.test.ts).
 */
export function reached(label: string): void {
  reachedCounts.set(label, (reachedCounts.get(label) ?? 0) + 1);
}

/** The labels reached so far and how often. */
export const reachedSoFar = (): Record<string, number> => Object.fromEntries(reachedCounts);

const defaultSerialize = (s: Snap) => JSON.stringify(s.value);

const isActorEvent = (e: EventObject) =>
  e.type.startsWith('xstate.done.actor.') || e.type.startsWith('xstate.error.actor.');
const isAfter = (e: EventObject) => e.type.startsWith('xstate.after.');

export function describeEvent(e: EventObject): string {
  const { type, ...rest } = e as EventObject & Record<string, unknown>;
  if (type.startsWith('xstate.after.')) return `wait (${type.split('.')[2]})`;
  if (type.startsWith('xstate.done.actor.')) {
    const out = (rest as { output?: unknown }).output;
    return `${type.slice(18)} succeeds${out !== undefined ? ` with ${JSON.stringify(out)}` : ''}`;
  }
  if (type.startsWith('xstate.error.actor.')) return `${type.slice(19)} fails`;
  return Object.keys(rest).length ? `${type} ${JSON.stringify(rest)}` : type;
}

/** Generate the transition-covering paths of a spec's machine. */
export function generatePaths(spec: PathSpec, input?: unknown): TestPath[] {
  const serialize = spec.serialize ?? defaultSerialize;
  const internal = new Set(spec.internalEvents ?? []);
  // Each state offers the events it has transitions for: samples where given, bare otherwise.
  const events = (snap: Snap): EventObject[] => {
    const samples = typeof spec.events === 'function' ? spec.events(snap) : spec.events;
    const own = [
      ...new Set(
        (snap as unknown as { _nodes: Node[] })._nodes.flatMap((n) => n.ownEvents as string[]),
      ),
    ];
    // User and system events need a sample to be offered; the machine's own synthetic events go bare.
    return own.flatMap((type) => {
      const matching = samples.filter((e) => e.type === type);
      return matching.length ? matching : type.startsWith('xstate.') ? [{ type }] : [];
    });
  };
  const adj = getAdjacencyMap(spec.machine, {
    events: events as never,
    serializeState: serialize as never,
    filterEvents: (_s: unknown, e: EventObject) => !internal.has(e.type),
    input,
  } as never) as Record<
    string,
    { state: Snap; transitions: Record<string, { event: EventObject; state: Snap }> }
  >;
  const keys = Object.keys(adj);
  const start = keys[0] as string;
  // BFS shortest path to every graph state.
  const prev = new Map<string, { from: string; event: EventObject } | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const k = queue.shift() as string;
    for (const { event, state } of Object.values(adj[k]?.transitions ?? {})) {
      if (state === adj[k]?.state) continue;
      const n = serialize(state);
      if (!prev.has(n)) {
        prev.set(n, { from: k, event });
        queue.push(n);
      }
    }
  }
  const pathTo = (k: string): PathStep[] => {
    const steps: PathStep[] = [];
    for (let cur = k, p = prev.get(cur); p; cur = p.from, p = prev.get(cur)) {
      steps.unshift({ event: p.event, state: cur, value: adj[cur]?.state.value });
    }
    return steps;
  };
  const all: PathStep[][] = [];
  for (const k of keys) {
    if (!prev.has(k)) continue;
    const base = pathTo(k);
    // An event the state ignores leaves the very same snapshot: not a transition.
    const edges = Object.values(adj[k]?.transitions ?? {}).filter((e) => e.state !== adj[k]?.state);
    if (edges.length === 0) all.push(base);
    for (const { event, state } of edges) {
      // A self-loop that changes nothing still exercises its transition.
      all.push([...base, { event, state: serialize(state), value: state.value }]);
    }
  }
  const sig = (p: PathStep[]) => p.map((s) => `${JSON.stringify(s.event)}>${s.state}`).join('|');
  const sigs = all.map(sig);
  const max = spec.maxSteps ?? 40;
  const kept = all.filter(
    (p, i) =>
      p.length <= max &&
      !sigs.some((o, j) => j !== i && o.length > sigs[i]!.length && o.startsWith(`${sigs[i]}|`)),
  );
  const unique = [...new Map(kept.map((p) => [sig(p), p])).values()];
  return unique.map((steps) => ({
    steps,
    title: steps.length ? steps.map((s) => describeEvent(s.event)).join(' → ') : '(initial state)',
  }));
}

/** Every state node path of a machine except the root ('a', 'a.b', …). */
export function statePaths(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateMachine['root'], prefix: string[]) => {
    for (const [key, child] of Object.entries(node.states ?? {})) {
      const p = [...prefix, key];
      out.push(p.join('.'));
      walk(child as AnyStateMachine['root'], p);
    }
  };
  walk(machine.root, []);
  return out;
}

const nodePath = (n: Node) => n.path.join('.');

/** Every transition definition: `source|eventType|index`. */
export function transitionKeys(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: Node) => {
    for (const [type, defs] of node.transitions)
      defs.forEach((_, i) => out.push(`${nodePath(node)}|${type}|${i}`));
    (node.always ?? []).forEach((_, i) => out.push(`${nodePath(node)}|always|${i}`));
    for (const child of Object.values(node.states ?? {})) walk(child as Node);
  };
  walk(machine.root);
  return out;
}

/** Active state node paths of a snapshot ('a', 'a.b'). */
export function activePaths(snapshot: Snap): string[] {
  const nodes = (snapshot as unknown as { _nodes: Node[] })._nodes;
  return nodes.filter((n) => n.path.length > 0).map(nodePath);
}

export interface Coverage {
  states: Set<string>;
  transitions: Set<string>;
  /** When given: the transitions taken on start ([0]) and at each step ([i + 1]), for the QA plan. */
  steps?: Array<Set<string>>;
  /** When `steps` is given: the state value right after start. */
  start?: unknown;
}

/** How long a delayed event waits: `xstate.after.<delay>.<stateId>`, the delay named or numeric. */
export function delayOf(machine: AnyStateMachine, snap: Snap, type: string): number {
  const name = type.split('.')[2] ?? '0';
  if (/^\d+$/.test(name)) return Number(name);
  const d = (machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof d === 'number') return d;
  if (typeof d === 'function') {
    return (d as (a: { context: unknown; event: unknown }) => number)({
      context: snap.context,
      event: { type },
    });
  }
  throw new Error(`unknown delay ${name}`);
}

/** Let promises and the simulator's async work (hashing, signing) run. */
const flush = () => new Promise<void>((r) => setImmediate(r));

/** Flush until `done()` or 5 s of real time (hashing and signing run on real threads). */
async function settle(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done() && Date.now() < deadline) await flush();
}

/** Run one path against the real system; throws with the step that went wrong. */
export async function runPath(spec: PathSpec, path: TestPath, cov: Coverage): Promise<void> {
  const world = await createWorld();
  // Stores are module singletons: every path starts signed out.
  clearSession();
  let running: AnyActorRef | undefined;
  try {
    const data = (await spec.setup?.(world)) ?? {};
    const c: PathContext = { world, data, emitted: [] };
    const serialize = spec.serialize ?? defaultSerialize;
    const input =
      typeof spec.input === 'function'
        ? (spec.input as (c: PathContext) => unknown)(c)
        : spec.input;
    const machine = spec.provide(c);
    const arrangeNext = async (i: number) => {
      const next = path.steps[i];
      if (next && isActorEvent(next.event)) await spec.arrange?.(next.event, c);
    };
    await arrangeNext(0);
    /** How many microsteps each event type has caused so far. */
    const seen = new Map<string, number>();
    /** Which step the microsteps belong to (0: start). */
    let at = 0;
    const actor: AnyActorRef = (running = createActor(machine, {
      clock: new SimulatedClock(),
      ...(input !== undefined ? { input } : {}),
      inspect: (ev) => {
        if (ev.type === '@xstate.microstep') {
          const e = ev as unknown as {
            event: EventObject;
            _transitions: Array<{ source: Node; eventType: string }>;
          };
          seen.set(e.event.type, (seen.get(e.event.type) ?? 0) + 1);
          for (const t of e._transitions) {
            const key = transitionKey(t);
            cov.transitions.add(key);
            if (cov.steps) (cov.steps[at] ??= new Set()).add(key);
          }
        }
      },
    }));
    const check = async (label: string) => {
      const snap = actor.getSnapshot() as Snap;
      for (const p of activePaths(snap)) {
        cov.states.add(p);
        const assert = spec.states[p];
        if (!assert) throw new Error(`${spec.name}: no assertion for state ${p}`);
        try {
          await assert(snap, c);
        } catch (e) {
          throw new Error(
            `${spec.name}: assertion of ${p} failed after ${label}: ${(e as Error).message}`,
            {
              cause: e,
            },
          );
        }
      }
    };
    // Counts are taken before each check: a reply that lands while the
    // previous state's assertions run still counts for the next step.
    let baseline = new Map(seen);
    actor.on('*', (e: EventObject) => c.emitted.push(e));
    actor.start();
    if (cov.steps) cov.start = (actor.getSnapshot() as Snap).value;
    baseline = new Map(seen);
    await check('start');
    const system = new Set(spec.systemEvents ?? []);
    for (let i = 0; i < path.steps.length; i++) {
      const step = path.steps[i] as PathStep;
      const label = `step ${i + 1} (${describeEvent(step.event)})`;
      at = i + 1;
      c.emitted = [];
      const before = baseline.get(step.event.type) ?? 0;
      const happened = () =>
        (seen.get(step.event.type) ?? 0) > before &&
        serialize(actor.getSnapshot() as Snap) === step.state;
      if (isActorEvent(step.event)) {
        await arrangeNext(i + 1);
        await settle(happened);
      } else if (isAfter(step.event)) {
        await arrangeNext(i + 1);
        await spec.arrange?.(step.event, c);
        const ms = delayOf(machine, actor.getSnapshot() as Snap, step.event.type);
        // The simulator lives through the delay (its timers run in order); async work settles each second.
        for (let t = 0; t < ms; t += 1000) {
          world.clock.advance(Math.min(1000, ms - t));
          await flush();
        }
        actor.send(step.event);
        await settle(happened);
      } else if (system.has(step.event.type)) {
        await arrangeNext(i + 1);
        await spec.arrange?.(step.event, c);
        await settle(happened);
      } else {
        await arrangeNext(i + 1);
        const ev = spec.resolve
          ? spec.resolve(step.event, c, actor.getSnapshot() as Snap)
          : step.event;
        actor.send(ev);
      }
      const now = serialize(actor.getSnapshot() as Snap);
      if (now !== step.state) {
        throw new Error(`${spec.name}: ${label} expected ${step.state}, got ${now}`);
      }
      baseline = new Map(seen);
      await check(label);
    }
  } finally {
    // A failed path must not leave its actor running into the next one.
    running?.stop();
    world.sim.stop();
  }
}
