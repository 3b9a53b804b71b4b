/**
 * A reviewer's recording (issue 29 item 3): the scenario it started from,
 * then what the person did on screen and in the back office, in order, with
 * the server's time. Pure data and rules (no DOM): the recorder writes it,
 * the generator (generate.ts) turns it into a QA plan and a Playwright spec.
 *
 * No password or code is kept in clear: a field that takes one is recorded
 * as a placeholder the replay fills ({@link SECRET}), and back-office
 * arguments named like one are replaced the same way.
 */
import type { ScenarioDoc } from '../../../simulator/scenario-file.ts';
import type { IdentityState } from '../../../simulator/modules/identity/state.ts';

export const RECORDING_KIND = 'trader-recording';
export const RECORDING_VERSION = 1;
/** Steps kept at most; past it the recording says it is full and keeps no more. */
export const MAX_STEPS = 200;
/** Machine events kept per step (a burst of typing sends many). */
export const MAX_EVENTS_PER_STEP = 6;
/** A recorded text (a typed value, a name, a region's text) is cut to this length. */
export const MAX_TEXT = 400;
/** The longest a replay waits for one step's time (a reviewer's long pause), seconds. */
export const MAX_WAIT_S = 20;
/** Regions kept for the final expectation. */
export const MAX_REGIONS = 8;

/** What a replay fills instead of a secret: the scenario's known password, or the latest code sent. */
export const SECRET = { password: '{{password}}', code: '{{code}}' } as const;

/** The "role" of a field that has none (a password): the replay finds it by its label. */
export const LABEL = 'label';

/** Is this recorded value a placeholder for a secret? */
export const isSecret = (v: string): boolean => v === SECRET.password || v === SECRET.code;

/** Where an element is: its ARIA role (or {@link LABEL}) and accessible name, the nth of its kind, inside a dialog or not. */
export interface Target {
  role: string;
  name: string;
  /** Among visible elements of the same role and name in the same scope (0 when first). */
  nth: number;
  /** The named dialog it is in, when it is in one. */
  dialog?: string;
  /** That dialog's role when it is not `dialog`. */
  dialogRole?: 'alertdialog';
}

/** A machine event a step caused: the machine, the event type and its plain, non-secret fields. */
export interface MachineEvent {
  machine: string;
  type: string;
  data?: Record<string, string | number | boolean>;
}

interface StepBase {
  /** Server time (epoch ms). */
  at: number;
  events?: MachineEvent[];
}

export type Step = StepBase &
  (
    | { kind: 'click'; target: Target }
    | { kind: 'fill'; target: Target; value: string }
    | { kind: 'select'; target: Target; value: string; text: string }
    | { kind: 'check'; target: Target; checked: boolean }
    | { kind: 'go'; path: string }
    | {
        kind: 'op';
        op: string;
        args: unknown[];
        /** The selected tabs on screen when it was sent: what the reviewer waited for. */
        seen?: string[];
      }
    | { kind: 'toast'; text: string }
  );

/** A labelled part of the screen and its text when the reviewer pressed Stop. */
export interface Region {
  /** `aria-label` (located by it) or a role (located by role and name; `main` has none). */
  by: 'label' | 'role';
  role?: string;
  name: string;
  text: string;
  /** The text was long: this is its beginning. */
  cut?: true;
}

export interface Recording {
  kind: typeof RECORDING_KIND;
  version: number;
  /** Where it was recorded ('simulator' or 'live'); the replay runs in the page's simulator. */
  mode: 'simulator' | 'live';
  startedAt: number;
  /**
   * The simulator's clock minus the device's (ms), from the saved scenario's
   * time: a step's server time is the device's plus this. (The app's own
   * estimate lags a few seconds after a load moved the clock.)
   */
  clockOffset: number;
  /** The window's size, so the replay shows the same layout (phone or desktop). */
  viewport: { width: number; height: number };
  /** The e-mail of whoever was signed in when recording started (the replay signs them in). */
  user?: string;
  /** The route the app showed when recording started. */
  path: string;
  scenario: ScenarioDoc;
  steps: Step[];
  /** Steps that did not fit ({@link MAX_STEPS}). */
  dropped: number;
  /** Set by Stop: what the screen showed. */
  end?: { at: number; path: string; regions: Region[] };
}

/** Names of fields that hold a secret (over-matching is safe: a value lost, never one leaked). */
const PASSWORD_KEY = /password|pwd|secret|token/i;
const CODE_KEY = /^(code|otp|pin)$|Code$/;

/** Is a field or argument named like a password or a code? Which one. */
export function secretKind(name: string): keyof typeof SECRET | undefined {
  if (PASSWORD_KEY.test(name)) return 'password';
  return CODE_KEY.test(name) ? 'code' : undefined;
}

const cut = (s: string) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s);

/** A back-office argument list with every secret-named field replaced by its placeholder. */
export function redactArgs(value: unknown, key = '', depth = 0): unknown {
  const secret = secretKind(key);
  if (secret && (typeof value === 'string' || typeof value === 'number')) return SECRET[secret];
  // A scenario document carries hashes, not passwords: kept as the Save button writes it.
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if ((value as { kind?: unknown }).kind === 'trader-simulator-scenario') return value;
  if (Array.isArray(value)) return value.map((v) => redactArgs(v, '', depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, redactArgs(v, k, depth + 1)]),
  );
}

/** An event's plain fields, secrets and internals left out, texts cut. */
export function eventData(
  event: Record<string, unknown>,
): Record<string, string | number | boolean> | undefined {
  const out: Record<string, string | number | boolean> = {};
  // `{ field: 'password', value }`: the event names a secret field, so its value is one.
  const namesSecret = Object.values(event).some((v) => typeof v === 'string' && secretKind(v));
  for (const [k, v] of Object.entries(event)) {
    if (k === 'type' || secretKind(k) || (namesSecret && k === 'value')) continue;
    if (typeof v === 'string') out[k] = cut(v);
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The start scenario without the codes it holds in clear (live codes, their
 * copies in the outbox, captcha texts): a recording keeps none. A code sent
 * before Record cannot be typed in a replay; its resend window goes with it,
 * so the replay asks for a new one as the reviewer would.
 */
export function withoutCodes(doc: ScenarioDoc): ScenarioDoc {
  const copy = structuredClone(doc);
  const id = (copy.state as { identity?: Partial<IdentityState> }).identity;
  if (!id) return copy;
  id.codes = {};
  id.lastSent = {};
  id.captchas = {};
  id.outbox = (id.outbox ?? []).map(({ code, ...e }) =>
    code
      ? {
          ...e,
          text: e.text.replaceAll(code, '······'),
          subject: e.subject.replaceAll(code, '······'),
        }
      : e,
  );
  return copy;
}

/** A new recording that starts from `scenario`. */
export function newRecording(
  init: Pick<
    Recording,
    'mode' | 'startedAt' | 'clockOffset' | 'viewport' | 'path' | 'scenario' | 'user'
  >,
): Recording {
  return { kind: RECORDING_KIND, version: RECORDING_VERSION, ...init, steps: [], dropped: 0 };
}

/** Is the recording full? */
export const isFull = (r: Recording): boolean => r.steps.length >= MAX_STEPS;

/**
 * Add a step. Typing into the same field again changes the last step's value
 * (one step per field, not per key); a step past the cap is counted, not kept.
 */
export function addStep(r: Recording, step: Step): void {
  const last = r.steps[r.steps.length - 1];
  if (step.kind === 'fill' && last?.kind === 'fill' && sameTarget(last.target, step.target)) {
    last.value = cut(step.value);
    last.at = step.at;
    return;
  }
  if (isFull(r)) {
    r.dropped += 1;
    return;
  }
  r.steps.push(step.kind === 'fill' ? { ...step, value: cut(step.value) } : step);
}

/** Note a machine event against the step that caused it (kept to the first few, no repeats of a type). */
export function addEvent(step: Step, e: MachineEvent): void {
  const list = (step.events ??= []);
  const same = list.findIndex((x) => x.machine === e.machine && x.type === e.type);
  if (same >= 0) list[same] = e;
  else if (list.length < MAX_EVENTS_PER_STEP) list.push(e);
}

export const sameTarget = (a: Target, b: Target): boolean =>
  a.role === b.role && a.name === b.name && a.nth === b.nth && a.dialog === b.dialog;

/** Is this parsed JSON a recording this version can replay? The reason when not. */
export function checkRecording(x: unknown): string | undefined {
  const r = x as Partial<Recording> | null;
  if (!r || typeof r !== 'object' || r.kind !== RECORDING_KIND) return 'not a recording';
  if (r.version !== RECORDING_VERSION) return `recording version ${String(r.version)} unknown`;
  if (!Array.isArray(r.steps) || !r.scenario) return 'a recording without steps or scenario';
  return undefined;
}

/**
 * A figure that moves with the market between a recording and its replay: a
 * number with a fraction or grouped thousands (a price, an amount). Plain
 * integers (a count, an order number) do not, and are compared exactly.
 */
const FIGURE = /-?\d{1,3}(?:,\d{3})+(?:\.\d+)?|-?\d+\.\d+/g;
/** A date or a time of day: the replay runs at another time; any one matches. */
const WHEN = /\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}(?:\/\d{4})?|\d{1,2}:\d{2}(?::\d{2})?/g;
/**
 * How far a figure may be from the recorded one: relative, and at least the
 * floor. The replay acts at the recorded market times (replay-kit.ts `at`),
 * but a busy machine makes it late now and then: a gap fired a second later
 * fills 0.04 % lower, which moves that trade's P&L by 2 % (measured here).
 */
export const FIGURE_TOLERANCE = 0.05;
export const FIGURE_FLOOR = 0.1;

export const hasFigure = (s: string): boolean =>
  new RegExp(FIGURE.source).test(s) || new RegExp(WHEN.source).test(s);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

const ANY_FIGURE = '-?[\\d,]*\\d(?:\\.\\d+)?';
const ANY_WHEN = '[\\d:/-]+';

/** A whole-text pattern (its beginning when `cut`) in which each figure, date or time may be any. */
export function textPattern(text: string, cut = false): RegExp {
  const parts = squash(text)
    .split(WHEN)
    .map((p) => p.split(FIGURE).map(escape).join(ANY_FIGURE));
  return new RegExp(`^${parts.join(ANY_WHEN)}${cut ? '' : '$'}`);
}

const figures = (s: string) => [...s.matchAll(FIGURE)].map((m) => Number(m[0].replace(/,/g, '')));

/**
 * Do two texts say the same, each figure within {@link FIGURE_TOLERANCE} of
 * the recorded one, any date or time? (`cut`: the recorded text is the beginning.)
 */
export function sameText(actual: string, recorded: string, cut = false): boolean {
  const r = squash(recorded.replace(WHEN, ' '));
  const a = squash(actual.replace(WHEN, ' '));
  if (!textPattern(r, cut).test(a)) return false;
  const fa = figures(a);
  return figures(r).every((x, i) => {
    const y = fa[i] ?? NaN;
    return (
      Math.abs(x - y) <=
      Math.max(FIGURE_FLOOR, FIGURE_TOLERANCE * Math.max(Math.abs(x), Math.abs(y)))
    );
  });
}
