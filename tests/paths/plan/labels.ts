/**
 * The plan's words for states and transitions, in the plan's language: a
 * state's short name (Words.names) and, for each transition, what the person
 * or the server does to take it, read from the first step of the plan's own
 * paths that takes it (the same phrasebook the steps use). The diagram
 * (mermaid.ts), each path's "Covers" list and its title (render.ts) use them.
 */
import type { AnyStateMachine } from 'xstate';
import { describeEvent } from '../framework.ts';
import { actorOf, delayOfType, eachNode } from './machine-parts.ts';
import type { PlanPath } from './render.ts';
import type { AnyEvent, StepCtx, W, Words } from './words.ts';
import { WORDS } from '../words/index.ts';

type Node = AnyStateMachine['root'];

/** Atomic state paths of a state value ('a.b'). */
export function leaves(v: unknown, prefix: string[] = []): string[] {
  if (typeof v === 'string') return [[...prefix, v].join('.')];
  if (!v || typeof v !== 'object') return [prefix.join('.')];
  return Object.entries(v).flatMap(([k, c]) => leaves(c, [...prefix, k]));
}

/** The phrasebook for one machine, with fallbacks in the machine's own terms. */
export function phrases(words: Words | undefined, w: W, inner: Words[] = []) {
  const stateText = (value: unknown, e: AnyEvent, c: StepCtx) =>
    leaves(value)
      .map((leaf) => {
        // A state with nothing to add defers to its parent.
        for (let p = leaf.split('.'); p.length; p = p.slice(0, -1)) {
          const say = words?.states[p.join('.')];
          if (!say) continue;
          const s = say(w, e, c);
          if (s) return s;
        }
        return words ? '' : w.say(`state ${leaf}`, `状態 ${leaf}`);
      })
      .filter(Boolean)
      .join(w.say('; ', '。'));
  /** A user's (or the clock's) step, or '' for an actor result. */
  const action = (e: AnyEvent, c: StepCtx) => {
    const d = delayOfType(e.type);
    if (actorOf(e.type)) return '';
    const say =
      d !== undefined
        ? words?.delays[d]
        : (words?.events[e.type] ?? inner.find((x) => x.events[e.type])?.events[e.type]);
    return say ? say(w, e, c) : describeEvent(e);
  };
  const arrange = (e: AnyEvent, c: StepCtx) => {
    const a = actorOf(e.type);
    if (!a) return '';
    const say = words?.actors[a.id]?.[a.kind];
    return say ? say(w, e, c) : describeEvent(e);
  };
  return { stateText, action, arrange };
}

/** One line of text, cut to about `max` characters with an ellipsis. */
export function cut(s: string, max = 48): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t;
}

export interface Transition {
  key: string;
  /** Source state path ('' for the machine itself). */
  from: string;
  /** Target state paths; empty when the transition stays (no target). */
  to: string[];
  /** What the person or the server does, cut short. */
  label: string;
}

export interface Labels {
  /** A state's short name ('' is the machine itself: "anywhere"). */
  state(path: string): string;
  /** A transition by key (`source|eventType|index`), with its label. */
  transition(key: string): Transition | undefined;
  /** A transition as one line: “From → To: label”. */
  line(key: string): string;
  /** A transition's definition, for a key read from the machine. */
  nodes: Map<string, Node>;
}

/** The definition a key names: its targets. */
function targetsOf(nodes: Map<string, Node>, key: string): string[] | undefined {
  const [src = '', type = '', index = '0'] = key.split('|');
  const n = nodes.get(src);
  if (!n) return undefined;
  const list = (type === 'always' ? n.always : n.transitions.get(type)) as
    Array<{ target?: Node[] }> | undefined;
  const def = list?.[Number(index)];
  if (!def) return undefined;
  return (def.target ?? []).map((t) => t.path.join('.'));
}

/**
 * Labels for a machine's plan. `paths` in order of preference: the plan's
 * chosen paths first (their step texts are the ones a tester reads), then
 * the rest the automated run generates.
 */
export function planLabels(
  machine: AnyStateMachine,
  words: Words | undefined,
  w: W,
  paths: PlanPath[],
): Labels {
  // Machines it invokes (the captcha inside sign-up): their transitions are in the paths too.
  const children = Object.values(machine.implementations?.actors ?? {}).filter(
    (a): a is AnyStateMachine => !!(a as AnyStateMachine)?.root && a !== machine,
  );
  const inner = children.flatMap((m) => (WORDS[m.id] ? [WORDS[m.id] as Words] : []));
  const ph = phrases(words, w, inner);
  const nodes = new Map<string, Node>();
  eachNode(machine, (n) => nodes.set(n.path.join('.'), n));
  /** The children's nodes by path, with their words: a key the machine itself lacks is theirs. */
  const childNodes = children.map((m) => {
    const own = new Map<string, Node>();
    eachNode(m, (n) => own.set(n.path.join('.'), n));
    return { nodes: own, words: WORDS[m.id] };
  });
  /** Whose transition a key is (undefined: the machine's own), and its targets. */
  const owner = (key: string) => {
    const to = targetsOf(nodes, key);
    if (to) return { to, child: undefined };
    for (const c of childNodes) {
      const t = targetsOf(c.nodes, key);
      if (t) return { to: t, child: c };
    }
    return undefined;
  };
  const said = new Map<string, string>();
  const sayFor = (key: string, e: AnyEvent, c: StepCtx): string => {
    const type = key.split('|')[1] ?? '';
    if (type === 'always') return w.say('At once', 'すぐに');
    // An event an actor sends the machine (the countdown's tick), not the step's own: its
    // words, where the words have one, else that it comes by itself (never the bare type).
    if (type !== e.type && !actorOf(type)) {
      const own = ph.action({ type } as AnyEvent, c);
      return own && own !== describeEvent({ type } as AnyEvent)
        ? own
        : w.say('By itself (no step of yours)', '操作なしで');
    }
    const a = actorOf(type);
    if (!a) return ph.action(e, c);
    // The reply's title where the words give one; how it is arranged (a console step) is the path's.
    const title = words?.titles?.[key] ?? inner.find((x) => x.titles?.[key])?.titles?.[key];
    return (
      (type === e.type ? title?.(w, e, c) : undefined) ||
      (a.kind === 'done'
        ? w.say('The server answers', 'サーバーが応答')
        : w.say('The request fails', 'リクエストが失敗'))
    );
  };
  for (const p of paths) {
    const history: AnyEvent[] = [];
    p.steps.forEach((s, i) => {
      const c: StepCtx = { spec: p.spec, history: [...history] };
      for (const key of p.transitions[i + 1] ?? [])
        if (!said.has(key)) said.set(key, sayFor(key, s.event, c));
      history.push(s.event);
    });
  }
  // A transition no path takes: its words for a bare event, else its event type.
  const bare = (key: string): string => {
    const type = key.split('|')[1] ?? '';
    const e = { type } as AnyEvent;
    const c: StepCtx = { spec: paths[0]?.spec ?? '', history: [] };
    try {
      return sayFor(key, e, c) || type;
    } catch {
      return type;
    }
  };
  const nameIn = (own: Words | undefined, path: string): string => {
    if (!path) return w.say('Anywhere', 'どこからでも');
    const name = own?.names?.[path];
    return name ? w.say(name[0], name[1]) : (path.split('.').at(-1) ?? path);
  };
  // One argument: callers map over it.
  const state = (path: string): string => nameIn(words, path);
  const transition = (key: string): Transition | undefined => {
    const to = owner(key)?.to;
    if (!to) return undefined;
    return { key, from: key.split('|')[0] ?? '', to, label: cut(said.get(key) ?? bare(key)) };
  };
  const line = (key: string): string => {
    const t = transition(key);
    if (!t) return key;
    // A child's transition names its states with the child's words (its root: the child's title).
    const child = owner(key)?.child;
    const own = child ? child.words : words;
    const name = (p: string) => (!p && child && own ? own.title(w) : nameIn(own, p));
    const to = t.to.length ? t.to.map(name).join(', ') : name(t.from);
    return w.say(`${name(t.from)} → ${to}: ${t.label}`, `${name(t.from)} → ${to}：${t.label}`);
  };
  return { state, transition, line, nodes };
}
