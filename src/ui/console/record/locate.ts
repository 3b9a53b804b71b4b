/**
 * How the recorder names what the reviewer touched, in the terms a
 * Playwright replay finds it by: the element's ARIA role and accessible name
 * (dom-accessibility-api computes both as the accessible-name spec says, as
 * Playwright does), which of the visible ones with that role and name it is,
 * and the named dialog around it. Also the labelled regions whose text the
 * replay checks at the end.
 */
import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import { LABEL, MAX_REGIONS, MAX_TEXT, type Region, type Target } from './model.ts';

/** The console, its handle and the toasts are not the app's screen. */
const NOT_APP = '.console, .console-launcher, .toaster, .outbox-notice';

/** Controls a click is recorded on (the nearest one around what was clicked). */
const CONTROL =
  'button, a[href], summary, [role=button], [role=tab], [role=link], [role=menuitem], [role=option], [role=row], [role=switch], [role=checkbox], [role=radio]';

export const inApp = (el: Element): boolean => !el.closest(NOT_APP);

const visible = (el: Element): boolean =>
  (el as HTMLElement).checkVisibility?.() ?? (el as HTMLElement).offsetParent !== null;

const clean = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);

/**
 * The element's role and name, and where it is among its kind. A field with
 * no role (a password's) is found by its label. Undefined when it has no name.
 */
export function targetOf(el: Element): Target | undefined {
  const role = getRole(el) ?? (el.matches('input, textarea, select') ? LABEL : null);
  const name = clean(computeAccessibleName(el));
  if (!role || !name) return undefined;
  const dialog = el.parentElement?.closest('[role=dialog], [role=alertdialog], dialog');
  const scope: ParentNode = dialog ?? document;
  const dialogName = dialog ? clean(computeAccessibleName(dialog)) : '';
  // Only elements that can have this role are named (naming is the costly part).
  const same = [...scope.querySelectorAll(`${el.localName}, [role="${role}"]`)].filter(
    (x) => visible(x) && (getRole(x) ?? LABEL) === role && clean(computeAccessibleName(x)) === name,
  );
  const nth = Math.max(0, same.indexOf(el));
  const alert = dialog && getRole(dialog) === 'alertdialog';
  return {
    role,
    name,
    nth,
    ...(dialogName ? { dialog: dialogName } : {}),
    ...(dialogName && alert ? { dialogRole: 'alertdialog' as const } : {}),
  };
}

/** The control a click on `el` pressed, if it is a control of the app. */
export function controlOf(el: Element): Element | undefined {
  const c = el.closest(CONTROL);
  if (!c || !inApp(c)) return undefined;
  // A checkbox or radio is recorded by its change (a click on its label clicks it too).
  if (c instanceof HTMLInputElement) return undefined;
  return c;
}

/** Is this field a password or a one-time code? (Its value is never recorded.) */
export function secretField(el: HTMLInputElement): 'password' | 'code' | undefined {
  const auto = el.autocomplete ?? '';
  if (el.type === 'password' || /password/.test(auto)) return 'password';
  if (auto === 'one-time-code') return 'code';
  // A password field whose "show" toggle made it text keeps its name.
  return /password/i.test(computeAccessibleName(el)) ? 'password' : undefined;
}

/** Labelled parts of a screen worth checking: sections, lists, tab lists, status boxes. */
const REGION =
  'section[aria-label], section[aria-labelledby], dl[aria-label], ul[aria-label], [role=region], [role=tablist], [role=status][aria-label], [role=alert]';

/**
 * The labelled regions on screen now (the main content and any open dialog
 * of the app), outermost only, each with its text; the main content as a
 * whole when none of them is in it (a screen that is one list of records).
 */
export function regionsOnScreen(): Region[] {
  const out: Region[] = [];
  const kept: Element[] = [];
  const found = [...document.querySelectorAll(REGION)].filter((el) => inApp(el) && visible(el));
  for (const el of found) {
    if (out.length >= MAX_REGIONS) break;
    if (found.some((o) => o !== el && o.contains(el))) continue;
    const text = regionText(el);
    const label = el.getAttribute('aria-label');
    const role = label ? undefined : getRole(el);
    const name = label ?? clean(computeAccessibleName(el));
    if (!text || !name || (!label && !role)) continue;
    out.push(label ? { by: 'label', name, ...text } : { by: 'role', role: role!, name, ...text });
    kept.push(el);
  }
  // Screens kept alive behind the shown one are hidden mains.
  const main = [...document.querySelectorAll('main')].find(visible);
  const text = main ? regionText(main) : undefined;
  if (main && text && !kept.some((el) => main.contains(el)))
    out.push({ by: 'role', role: 'main', name: '', ...text });
  return out;
}

/** An element's text as shown, cut at a word when long (the replay then compares the beginning). */
function regionText(el: Element): { text: string; cut?: true } | undefined {
  const all = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!all) return undefined;
  if (all.length <= MAX_TEXT) return { text: all };
  const at = all.lastIndexOf(' ', MAX_TEXT);
  return { text: all.slice(0, at > 0 ? at : MAX_TEXT), cut: true };
}

/** The names of the app's selected tabs on screen (the state of a screen the reviewer acted on). */
export function selectedTabs(): string[] {
  return [...document.querySelectorAll('[role=tab][aria-selected=true]')]
    .filter((el) => inApp(el) && visible(el))
    .map((el) => clean(computeAccessibleName(el)))
    .filter(Boolean)
    .slice(0, 3);
}
