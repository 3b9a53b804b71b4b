/**
 * Transition keys, and a recorder for tests that drive the real screens.
 *
 * A transition definition is named `source|eventType|index` (its source
 * state node's path, the event type or `always`, its place in that list);
 * the path tests (tests/paths/framework.ts) and the UI path run
 * (tests/e2e/ui-paths.spec.ts) count coverage with these same keys.
 *
 * When a test sets `window.__TRADER_INSPECT__ = []` before the app loads,
 * every machine actor the app creates is started with `inspected`, which
 * appends to that array, per microstep, one record per transition taken and
 * one with the state value reached (and the value each machine starts in).
 *
 * A reviewer's recording (ui/console/record) listens, through
 * {@link onOutsideEvent}, to the events machines receive from outside any
 * actor: what the screens send. It starts while the app runs, so every actor
 * gets `inspected`; with neither a test's array nor a listener it returns at once.
 */
import type { AnyStateMachine, InspectionEvent } from 'xstate';

type Node = AnyStateMachine['root'];

const nodePath = (n: Node) => n.path.join('.');

/** The key of one transition taken (as an inspection's `_transitions` carry them). */
export function transitionKey(t: { source: Node; eventType: string }): string {
  const src = t.source;
  const list = t.eventType === '' ? src.always : src.transitions.get(t.eventType);
  // The definition taken is the very object the inspection hands over.
  const i = (list ?? []).findIndex((d: object) => d === t);
  return `${nodePath(src)}|${t.eventType === '' ? 'always' : t.eventType}|${Math.max(0, i)}`;
}

/** One record: machine id, actor session, and a transition key or the state value reached. */
export interface InspectRecord {
  m: string;
  a: string;
  k?: string;
  v?: unknown;
}

interface Microstep {
  type: '@xstate.microstep';
  actorRef: { sessionId: string; logic: { id?: string } };
  snapshot: { value: unknown };
  _transitions: Array<{ source: Node; eventType: string }>;
}

declare global {
  interface Window {
    /** Set to `[]` by a test before the app loads: the machines' transitions are recorded there. */
    __TRADER_INSPECT__?: InspectRecord[];
  }
}

const sink: InspectRecord[] | undefined =
  typeof window !== 'undefined' ? window.__TRADER_INSPECT__ : undefined;

/** Whether a test asked for the transitions (it also gets the API handle, services.ts). */
export const inspecting = Array.isArray(sink);

/** A machine received an event from outside any actor: its id and the event. */
export type OutsideEventListener = (machine: string, event: { type: string }) => void;
let outside: OutsideEventListener | undefined;

/** Hear every event a machine receives from the screens (one listener; undefined stops). */
export function onOutsideEvent(listener: OutsideEventListener | undefined): void {
  outside = listener;
}

function record(ev: InspectionEvent): void {
  if (outside && ev.type === '@xstate.event' && !ev.sourceRef) {
    const logic = (ev.actorRef as unknown as Microstep['actorRef']).logic;
    if (logic?.id) outside(logic.id, ev.event);
  }
  if (!sink) return;
  // The state a machine starts in (no microstep names it).
  if (ev.type === '@xstate.snapshot' && ev.event.type === 'xstate.init' && 'value' in ev.snapshot) {
    // XState's public ActorRef type does not show the actor's logic; every actor has one.
    const logic = (ev.actorRef as unknown as Microstep['actorRef']).logic;
    if (logic.id) sink.push({ m: logic.id, a: ev.actorRef.sessionId, v: ev.snapshot.value });
    return;
  }
  if (ev.type !== '@xstate.microstep') return;
  // XState's inspection types leave a microstep's `_transitions` out; they are there at run time.
  const e = ev as unknown as Microstep;
  const m = e.actorRef.logic.id ?? '?';
  const a = e.actorRef.sessionId;
  for (const t of e._transitions) sink.push({ m, a, k: transitionKey(t) });
  sink.push({ m, a, v: e.snapshot.value });
}

/** Actor options for every machine the app starts. */
export const inspected: { inspect?: (ev: InspectionEvent) => void } = { inspect: record };
