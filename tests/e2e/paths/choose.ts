/**
 * The paths a machine's UI run drives: the same generated paths as the
 * simulator run (framework.ts), and of those the same covering choice as the
 * QA plan (cover.ts's choosePaths, paths a person can follow first, judged by
 * the machine's words). Which transitions and states a path
 * visits is read by replaying it on the machine itself with inert actors and
 * a clock that never fires: every actor result and delay is a step of the
 * path, sent as it is, so the replay takes exactly the path's transitions.
 */
import {
  createActor,
  fromCallback,
  SimulatedClock,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { activePaths, generatePaths, type PathSpec } from '../../paths/framework.ts';
import { followedByHand, type PlanPath } from '../../paths/plan/render.ts';
import { choosePaths } from '../../paths/plan/cover.ts';
import { wordsFor } from '../../paths/words/index.ts';
import { transitionKey } from '../../../src/machines/inspect.ts';

export interface Replayed extends PlanPath {
  /** Invoke ids of the actors started on start ([0]) and at each step ([i + 1]). */
  started: string[][];
}
export interface UiPath extends Replayed {
  /** The path's index among its spec's generated paths (for titles and reports). */
  index: number;
}

type Node = AnyStateMachine['root'];

/** Replay one path; its transitions per step ([0] on start) and the state nodes it visits. */
export function replay(spec: PathSpec, steps: Array<{ event: EventObject }>): Replayed {
  const machine = spec.machine;
  const inert = Object.fromEntries(
    Object.keys(machine.implementations.actors).map((k) => [k, fromCallback(() => {})]),
  );
  const transitions: string[][] = [[]];
  const states = new Set<string>();
  let at = 0;
  const actor = createActor(machine.provide({ actors: inert }), {
    clock: new SimulatedClock(),
    ...(spec.input !== undefined && typeof spec.input !== 'function' ? { input: spec.input } : {}),
    inspect: (ev) => {
      if (ev.type !== '@xstate.microstep') return;
      const e = ev as unknown as { _transitions: Array<{ source: Node; eventType: string }> };
      for (const t of e._transitions) (transitions[at] ??= []).push(transitionKey(t));
    },
  });
  // A child is (re)started when its ref is new: a state entered again invokes it afresh.
  let children: Record<string, unknown> = {};
  const started: string[][] = [];
  const newChildren = () => {
    const now = (actor.getSnapshot() as unknown as { children: Record<string, unknown> }).children;
    started.push(Object.keys(now).filter((k) => now[k] !== children[k]));
    children = { ...now };
  };
  actor.start();
  newChildren();
  const start = actor.getSnapshot().value as unknown;
  activePaths(actor.getSnapshot()).forEach((p) => states.add(p));
  const out: PlanPath['steps'] = [];
  for (const s of steps) {
    at += 1;
    transitions[at] = [];
    actor.send(s.event);
    newChildren();
    activePaths(actor.getSnapshot()).forEach((p) => states.add(p));
    out.push({ event: s.event, value: actor.getSnapshot().value as unknown });
  }
  actor.stop();
  return { spec: spec.name, start, steps: out, transitions, states: [...states], started };
}

/**
 * A machine's generated paths over its specs, and the covering choice: the QA
 * plan's, except that a path the driver cannot take through the screens
 * (`impossible`) is chosen only for what no other path covers.
 */
export function uiPaths(
  specs: PathSpec[],
  impossible?: (p: UiPath) => string | undefined,
): { all: UiPath[]; chosen: UiPath[] } {
  const all = specs.flatMap((spec) =>
    generatePaths(spec, typeof spec.input === 'function' ? undefined : spec.input).map((p, i) => ({
      ...replay(spec, p.steps),
      index: i,
    })),
  );
  const machine = specs[0]?.machine.id ?? '';
  const byHand = followedByHand(wordsFor(machine));
  return {
    all,
    chosen: choosePaths(all, (p) => byHand(p) && !impossible?.(p)),
  };
}
