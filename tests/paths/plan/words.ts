/**
 * The vocabulary of a QA plan: how a machine's events, actor results, delays
 * and states read for a person using the app. Each machine's mapping lives in
 * tests/paths/words/<machine>.words.ts; the plan writer (render.ts) turns the
 * generated paths into steps with it.
 *
 * App texts are referenced by i18n key and resolved from the locale file of
 * the plan's language, so a Japanese plan quotes what the app shows in
 * Japanese. The plan's own sentences have English and Japanese templates;
 * other languages use the English ones around the app's texts.
 */
import { readFileSync } from 'node:fs';
import type { EventObject } from 'xstate';
import { callLabel } from '../../../src/ui/console/call-label.ts';
import type { Tab } from '../../../src/ui/console/console-tabs.ts';

/** The console's tabs a plan step names (src/ui/console/console-tabs.ts). */
export type ConsoleTab = Exclude<Tab, 'scenarios'>;

export interface W {
  lang: string;
  /** One of the plan's own sentences: English or Japanese template. */
  say(en: string, ja: string): string;
  /** An app text as the screen shows it, quoted. */
  q(key: string, params?: Record<string, unknown>): string;
  /** An app text, unquoted. */
  t(key: string, params?: Record<string, unknown>): string;
  /** Any text as the screen shows it (a label built from texts), quoted. */
  quote(text: string): string;
  /** A step in the simulator console: “Back office” ▸ tab ▸ controls. */
  console(tab: ConsoleTab, ...controls: string[]): string;
  /** Arm a one-shot fault in Console ▸ Faults for the next call of `call`. */
  fault(call: string, kind: 'code' | 'status', value: number): string;
  /**
   * A step only the automated run can do (neither the app nor the console
   * makes it happen): returns `text`, and counts it, so the plan keeps the
   * path apart from those a person follows (cover.ts).
   */
  automated(text: string): string;
  /** How many automated-only steps this W has phrased. */
  readonly automatedSteps: number;
  /**
   * What the screen shows only while a call is on its way (a spinner, grey
   * bars, a button's “Loading…”): replies take under 100 ms, so a person
   * cannot see it unaided. `call` names the API call the state waits on: the
   * plan arms a reply delay for it in the console before the step (Console ▸
   * Faults ▸ Delay the reply) and says the expectation holds while the reply
   * is held back. Without a call (nothing the console can hold back) the plan
   * leaves the expectation out of the manual steps and lists it as
   * automated-only. The text is returned marked (see {@link readTransient}).
   */
  transient(text: string, call?: string): string;
  /** Arm a one-shot reply delay in Console ▸ Faults for the next call of `call`. */
  delay(call: string, ms: number): string;
}

/** Marks around a transient expectation: start, call, text, end (private-use characters). */
const T0 = '\uE000';
const T1 = '\uE001';
const T2 = '\uE002';
const MARKED = new RegExp(`${T0}([^${T1}]*)${T1}([^${T2}]*)${T2}`, 'g');

/** One transient expectation found in a phrase. */
export interface TransientPart {
  text: string;
  /** The API call it waits on; undefined when no call can be held back. */
  call?: string;
}

/**
 * The transient parts of a phrase, and the phrase with `held(part)` in place
 * of each (return '' to leave a part out: a separator beside it goes too).
 */
export function readTransient(
  s: string,
  held: (p: TransientPart) => string = (p) => p.text,
): { text: string; parts: TransientPart[] } {
  const parts: TransientPart[] = [];
  const text = s
    .replace(MARKED, (_, call: string, text: string) => {
      const p: TransientPart = call ? { text, call } : { text };
      parts.push(p);
      return `${T0}${held(p)}${T2}`;
    })
    // A part left out takes one separator beside it along.
    .replace(new RegExp(`(?:; |。|、| → )${T0}${T2}|${T0}${T2}(?:; |。|、| → )?`, 'g'), '')
    .replace(new RegExp(`[${T0}${T2}]`, 'g'), '');
  return { text, parts };
}

const START = '\uE003';

/**
 * An actor's arrangement that must be made before the path's first step: one
 * that signs in or out, or reloads, clears the form the earlier steps filled
 * in, so made just before the step that needs it the tester would press on
 * an empty form (login's second factor: sign in, require it, log out).
 */
export const atStart = (s: string): string => (s ? `${START}${s}` : s);

/** An arrangement's text, and whether it belongs before the path's first step. */
export const readAtStart = (s: string): { text: string; atStart: boolean } =>
  s.startsWith(START)
    ? { text: s.slice(START.length), atStart: true }
    : { text: s, atStart: false };

/** A phrase without its transient marks. */
export const plain = (s: string): string => readTransient(s).text;

// The events a words file sees carry whatever the spec's samples carry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEvent = EventObject & Record<string, any>;

export interface StepCtx {
  /** The spec (set-up) this path belongs to. */
  spec: string;
  /** The events before this one on the path. */
  history: AnyEvent[];
  /** The events after this one (a condition arranged ahead: a connection that must not open). */
  later?: AnyEvent[];
}

/** A phrase for one step; '' means nothing to say (e.g. a normal server reply). */
export type Say = (w: W, e: AnyEvent, c: StepCtx) => string;

export interface Words {
  /** Machine id. */
  machine: string;
  /** The screen or feature, as a heading. */
  title(w: W): string;
  /** How to reach the screen: the first step of every path. */
  open(w: W, spec: string): string;
  /** Set-up shared by every path of a spec, in words. */
  before(w: W, spec: string): string[];
  /** What a person does for each event type. */
  events: Record<string, Say>;
  /** How to arrange each actor's result, by invoke id. */
  actors: Record<string, { done?: Say; error?: Say }>;
  /** What a person does for a delayed transition, by delay name or ms. */
  delays: Record<string, Say>;
  /** What the screen shows in each state (path 'a.b'). */
  states: Record<string, Say>;
  /**
   * Each state's short name for the plan's diagram and its paths' "Covers"
   * lines (path 'a.b'): English and Japanese, a few words each (the
   * `states` sentences say all a screen shows; these only tell boxes apart).
   */
  names?: Record<string, StateName>;
  /** Path titles for key transitions (`source|eventType|index`, see framework.ts). */
  titles?: Record<string, Say>;
}

/** A state's short name: [English, Japanese]. */
export type StateName = readonly [en: string, ja: string];

const cache = new Map<string, Record<string, unknown>>();
function locale(lang: string): Record<string, unknown> {
  let l = cache.get(lang);
  if (!l) {
    const file = new URL(`../../../src/i18n/locales/${lang}.json`, import.meta.url);
    l = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    cache.set(lang, l);
  }
  return l;
}

/** i18next-style lookup: nested by dots, or a flat key that contains dots or spaces. */
export function lookup(lang: string, key: string): string | undefined {
  const l = locale(lang);
  if (typeof l[key] === 'string') return l[key] as string;
  let cur: unknown = l;
  for (const part of key.split('.')) cur = (cur as Record<string, unknown> | undefined)?.[part];
  return typeof cur === 'string' ? cur : undefined;
}

export function makeW(lang: string): W {
  const ja = lang === 'ja';
  const t = (key: string, params: Record<string, unknown> = {}) => {
    const s = lookup(lang, key) ?? lookup('en', key);
    if (s === undefined) throw new Error(`plan: no text for i18n key ${key}`);
    return s.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(params[k] ?? ''));
  };
  const quote = (text: string) => (ja ? `「${text}」` : `“${text}”`);
  const q = (key: string, params?: Record<string, unknown>) => quote(t(key, params));
  const say = (en: string, j: string) => (ja ? j : en);
  const consoleStep = (tab: ConsoleTab, ...controls: string[]) =>
    say(
      `In the console: ${[q(`console.tab_${tab}`), ...controls].join(' ▸ ')}`,
      `コンソールで ${[q(`console.tab_${tab}`), ...controls].join(' ▸ ')}`,
    );
  let automatedSteps = 0;
  return {
    lang,
    say,
    t,
    q,
    quote,
    console: consoleStep,
    fault: (call, kind, value) =>
      consoleStep(
        'faults',
        `${q('console.nextCall')} = ${quote(callLabel(t, call))}`,
        `${q(kind === 'code' ? 'console.code' : 'console.status')} = ${value}`,
        q(kind === 'code' ? 'console.forceCode' : 'console.forceStatus'),
      ),
    automated: (text) => {
      automatedSteps++;
      return text;
    },
    get automatedSteps() {
      return automatedSteps;
    },
    transient: (text, call) => `${T0}${call ?? ''}${T1}${text}${T2}`,
    delay: (call, ms) =>
      consoleStep(
        'faults',
        `${q('console.nextCall')} = ${quote(callLabel(t, call))}`,
        `${q('console.delayMs')} = ${ms}`,
        q('console.delay'),
      ),
  };
}
