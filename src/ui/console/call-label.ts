/**
 * How the console names an API call: its label in the console's words, then
 * the API id (the wire name, misspellings and all) in parentheses. The Faults
 * pane and the QA plan's steps (tests/paths/plan/words.ts) both build it here,
 * so a plan quotes exactly the option a tester picks.
 */

/** A `t`-like lookup: the app's, or the plan's reading of a locale file. */
export type Translate = (key: string) => string;

/** The i18n key of a call's label. */
export const callLabelKey = (call: string): string => `console.calls.${call}`;

/** A call as the console shows it: `Account details (userInfo)`. */
export const callLabel = (t: Translate, call: string): string =>
  `${t(callLabelKey(call))} (${call})`;

/** The calls with their labels, sorted by label in the language `lang`. */
export function sortedCalls<C extends string>(
  t: Translate,
  calls: readonly C[],
  lang?: string,
): { call: C; label: string }[] {
  return calls
    .map((call) => ({ call, label: callLabel(t, call) }))
    .sort((a, b) => a.label.localeCompare(b.label, lang));
}
