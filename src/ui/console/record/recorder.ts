/**
 * The recorder: while on, what the reviewer does on the app's screens
 * (clicks, typing, choices, a screen opened without a click), the machine
 * events each caused, the notices the app showed and the back-office
 * operations the console sent, in order with the server's time. The
 * recording lives in sessionStorage, so a reload goes on recording; Stop
 * keeps what the screen showed then.
 */
import { onOutsideEvent } from '../../../machines/inspect.ts';
import { decodeToken, session } from '../../../state/session.ts';
import type { ScenarioDoc } from '../../../simulator/scenario-file.ts';
import {
  controlOf,
  inApp,
  regionsOnScreen,
  secretField,
  selectedTabs,
  targetOf,
} from './locate.ts';
import {
  addEvent,
  addStep,
  checkRecording,
  eventData,
  isFull,
  newRecording,
  redactArgs,
  SECRET,
  isSecret,
  type Recording,
  type Step,
  withoutCodes,
} from './model.ts';
import { isKeptOp } from './ops.ts';
import { RECORDING_KEY as KEY, recorder, setTap } from './tap.ts';

/** A screen change this soon after a click was that click's doing. */
const CAUSED_MS = 1500;

let rec: Recording | undefined;

/** The simulator's time now (see Recording.clockOffset). */
const serverNow = (device = Date.now()) => device + (rec?.clockOffset ?? 0);
let open: Step | undefined;
let lastClickAt = 0;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
const consoleToasts = new Map<string, number>();

function save(): void {
  saveTimer = undefined;
  try {
    if (rec) sessionStorage.setItem(KEY, JSON.stringify(rec));
    else sessionStorage.removeItem(KEY);
    recorder.unsaved = false;
  } catch {
    recorder.unsaved = true;
  }
}

function flush(): void {
  if (saveTimer === undefined) return;
  clearTimeout(saveTimer);
  save();
}

function changed(): void {
  recorder.steps = rec?.steps.length ?? 0;
  recorder.full = !!rec && isFull(rec);
  saveTimer ??= setTimeout(save, 250);
}

function push(step: Step): void {
  if (!rec || recorder.state !== 'on') return;
  addStep(rec, step);
  const last = rec.steps[rec.steps.length - 1];
  // Machine events of this dispatch belong to the step just taken (or the field typed again).
  const mine =
    last && (last === step || (step.kind === 'fill' && last.kind === 'fill')) ? last : undefined;
  open = mine;
  setTimeout(() => {
    if (open === mine) open = undefined;
  }, 0);
  changed();
}

function onClick(e: MouseEvent): void {
  const c = e.target instanceof Element ? controlOf(e.target) : undefined;
  const target = c && targetOf(c);
  if (!target) return;
  lastClickAt = Date.now();
  push({ kind: 'click', at: serverNow(), target });
}

function onInput(e: Event): void {
  const el = e.target;
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || !inApp(el)) return;
  if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) return;
  const target = targetOf(el);
  if (!target) return;
  const secret = el instanceof HTMLInputElement ? secretField(el) : undefined;
  push({ kind: 'fill', at: serverNow(), target, value: secret ? SECRET[secret] : el.value });
}

function onChange(e: Event): void {
  const el = e.target;
  if (!(el instanceof Element) || !inApp(el)) return;
  const target = targetOf(el);
  if (!target) return;
  if (el instanceof HTMLSelectElement) {
    const text = el.selectedOptions[0]?.textContent?.trim() ?? '';
    push({ kind: 'select', at: serverNow(), target, value: el.value, text });
  } else if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio'))
    push({ kind: 'check', at: serverNow(), target, checked: el.checked });
}

/** A screen opened by the address, Back, or the app itself (not by a recorded click). */
function onLocation(): void {
  if (Date.now() - lastClickAt < CAUSED_MS) return;
  push({ kind: 'go', at: serverNow(), path: location.pathname + location.search });
}

/** The app's notices as they appear (the console's own are left out). */
const toasts = new MutationObserver((records) => {
  for (const r of records)
    for (const n of r.addedNodes) {
      if (!(n instanceof HTMLElement)) continue;
      const found = n.matches('.toaster .toast') ? [n] : [...n.querySelectorAll('.toaster .toast')];
      for (const t of found) {
        const text = (t.textContent ?? '').trim();
        const mine = consoleToasts.get(text);
        if (text && !(mine && Date.now() - mine < 10_000))
          push({ kind: 'toast', at: serverNow(), text });
      }
    }
});

function listen(on: boolean): void {
  const fn = (on ? window.addEventListener : window.removeEventListener).bind(window);
  fn('click', onClick, true);
  fn('input', onInput, true);
  fn('change', onChange, true);
  fn('pushState', onLocation);
  // A reload or a closed tab: what the last 250 ms added is kept now.
  fn('pagehide', flush);
  fn('popstate', onLocation);
  if (on) toasts.observe(document.body, { childList: true, subtree: true });
  else toasts.disconnect();
  onOutsideEvent(
    on
      ? (machine, event) => {
          if (!open || event.type.startsWith('xstate.')) return;
          // A secret typed: the event carries it, so only its name is kept.
          const secret = open.kind === 'fill' && isSecret(open.value);
          const data = secret ? undefined : eventData(event as unknown as Record<string, unknown>);
          addEvent(open, { machine, type: event.type, ...(data ? { data } : {}) });
          changed();
        }
      : undefined,
  );
  setTap(
    on
      ? {
          op: (name, args, sentAt, result) => {
            const at = serverNow(sentAt);
            followClock(name, args, result);
            if (!isKeptOp(name)) return;
            const seen = selectedTabs();
            push({
              kind: 'op',
              at,
              op: name,
              args: redactArgs(args) as unknown[],
              ...(seen.length ? { seen } : {}),
            });
          },
          consoleToast: (text) => consoleToasts.set(text, Date.now()),
        }
      : undefined,
  );
}

/** An operation that moved the simulator's clock: the offset follows it. */
function followClock(name: string, args: unknown[], result: unknown): void {
  if (!rec) return;
  if (name === 'skipTime' && typeof result === 'number') rec.clockOffset = result - Date.now();
  const doc = args[0] as Partial<ScenarioDoc> | undefined;
  if (name === 'loadScenario' && typeof doc?.now === 'number')
    rec.clockOffset = doc.now - Date.now();
}

/** The e-mail of whoever is signed in, as the scenario knows them (the replay signs them in). */
function signedIn(doc: ScenarioDoc): string | undefined {
  const uid = decodeToken(session.token)?.uid;
  const users = (doc.state as { users?: Record<string, { email?: string }> }).users;
  return uid ? users?.[uid]?.email : undefined;
}

/** Start: the world now (saved through the back office) is where the replay starts. */
export async function startRecording(
  saveScenario: () => Promise<ScenarioDoc>,
  mode: Recording['mode'],
): Promise<void> {
  const scenario = withoutCodes(await saveScenario());
  const user = signedIn(scenario);
  rec = newRecording({
    mode,
    startedAt: scenario.now,
    clockOffset: scenario.now - Date.now(),
    viewport: { width: innerWidth, height: innerHeight },
    path: location.pathname + location.search,
    scenario,
    ...(user ? { user } : {}),
  });
  recorder.state = 'on';
  listen(true);
  changed();
  save();
}

/** Stop: keep what the screen shows now; the recording waits for Export. */
export function stopRecording(): void {
  if (!rec || recorder.state !== 'on') return;
  listen(false);
  rec.end = {
    at: serverNow(),
    path: location.pathname + location.search,
    regions: regionsOnScreen(),
  };
  recorder.state = 'stopped';
  save();
}

/** Forget the recording. */
export function discardRecording(): void {
  if (recorder.state === 'on') listen(false);
  rec = undefined;
  recorder.state = 'off';
  changed();
  save();
}

/** The recording (stopped, or still going). */
export const currentRecording = (): Recording | undefined => rec;

/** After a page load: go on with a recording this tab kept. The load itself is a step. */
export function resumeRecording(): void {
  if (rec) return;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    // One another build wrote, or nothing: forgotten, not half-read.
    rec = stored && !checkRecording(stored) ? (stored as Recording) : undefined;
  } catch {
    rec = undefined;
  }
  if (!rec) {
    save();
    return;
  }
  recorder.state = rec.end ? 'stopped' : 'on';
  changed();
  if (recorder.state !== 'on') return;
  listen(true);
  push({ kind: 'go', at: serverNow(), path: location.pathname + location.search });
}
