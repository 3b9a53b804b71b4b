/**
 * What a machine definition asks a words file to name: its event types, the
 * results of its actors (invoke id, done and error, where the machine handles
 * them), its delays and its state nodes. Read from the definition itself, so
 * a new event, actor or state makes the words test fail until it is named.
 */
import type { AnyStateMachine } from 'xstate';
import { statePaths } from '../framework.ts';

type Node = AnyStateMachine['root'];

export interface MachineParts {
  events: string[];
  /** invoke id → which results the machine handles. */
  actors: Record<string, { done: boolean; error: boolean }>;
  delays: string[];
  states: string[];
}

export function eachNode(machine: AnyStateMachine, visit: (n: Node) => void): void {
  const walk = (n: Node) => {
    visit(n);
    for (const c of Object.values(n.states ?? {})) walk(c as Node);
  };
  walk(machine.root);
}

export const actorOf = (type: string): { id: string; kind: 'done' | 'error' } | undefined => {
  if (type.startsWith('xstate.done.actor.')) return { id: type.slice(18), kind: 'done' };
  if (type.startsWith('xstate.error.actor.')) return { id: type.slice(19), kind: 'error' };
  return undefined;
};
export const delayOfType = (type: string): string | undefined =>
  type.startsWith('xstate.after.') ? (type.split('.')[2] ?? '') : undefined;

export function machineParts(machine: AnyStateMachine): MachineParts {
  const events = new Set<string>();
  const actors: MachineParts['actors'] = {};
  const delays = new Set<string>();
  eachNode(machine, (n) => {
    for (const inv of (n as unknown as { invoke: Array<{ id: string }> }).invoke ?? [])
      actors[inv.id] ??= { done: false, error: false };
    for (const type of n.transitions.keys()) {
      const a = actorOf(type);
      const d = delayOfType(type);
      if (a) (actors[a.id] ??= { done: false, error: false })[a.kind] = true;
      else if (d !== undefined) delays.add(d);
      else if (!type.startsWith('xstate.')) events.add(type);
    }
  });
  return {
    events: [...events].sort(),
    actors,
    delays: [...delays].sort(),
    states: statePaths(machine),
  };
}

/** The parts a words file does not name ('event x', 'actor y.done', 'delay z', 'state a.b'). */
export function missingWords(
  machine: AnyStateMachine,
  words: {
    events: Record<string, unknown>;
    actors: Record<string, { done?: unknown; error?: unknown }>;
    delays: Record<string, unknown>;
    states: Record<string, unknown>;
  },
): string[] {
  const p = machineParts(machine);
  const out: string[] = [];
  for (const e of p.events) if (!words.events[e]) out.push(`event ${e}`);
  for (const [id, r] of Object.entries(p.actors)) {
    if (r.done && !words.actors[id]?.done) out.push(`actor ${id}.done`);
    if (r.error && !words.actors[id]?.error) out.push(`actor ${id}.error`);
  }
  for (const d of p.delays) if (!words.delays[d]) out.push(`delay ${d}`);
  for (const s of p.states) if (!words.states[s]) out.push(`state ${s}`);
  return out;
}

/**
 * The states a words file gives no short name (Words.names), or one without
 * both English and Japanese, or one too long for a diagram's box.
 */
export function missingNames(
  machine: AnyStateMachine,
  names: Record<string, readonly [string, string]> | undefined,
): string[] {
  return statePaths(machine).flatMap((s) => {
    const [en = '', ja = ''] = names?.[s] ?? [];
    if (!en || !ja) return [`name ${s}`];
    if (!/[\u3040-\u30ff\u4e00-\u9fff]/.test(ja)) return [`name ${s} (ja is not Japanese)`];
    return en.length > 40 || ja.length > 40 ? [`name ${s} (longer than 40)`] : [];
  });
}
