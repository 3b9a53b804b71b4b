/**
 * The cards area as the words of bankCard and cryptoAddress say it
 * (src/ui/screens/user/cards-kit.tsx): the back arrow, a saved list, the
 * phone field, the page a finished save or delete goes to.
 */
import type { W } from '../plan/words.ts';

export const backArrow = (w: W) =>
  w.say(
    `Press the back arrow at the top left (${w.q('common.back')})`,
    `左上の戻る矢印（${w.q('common.back')}）を押す`,
  );

/** A saved list: its rows, or the empty text; the add button either way. */
export const listShows = (
  w: W,
  rows: string[],
  k: { empty: string; add: string; edit?: string },
) => {
  if (rows.length === 0)
    return w.say(
      `${w.q(k.empty)} and the button ${w.q(k.add)}`,
      `${w.q(k.empty)}とボタン${w.q(k.add)}`,
    );
  const list = rows.map((r) => `“${r}”`).join(', ');
  const listJa = rows.map((r) => `「${r}」`).join('、');
  const edit = k.edit ? w.say(` with ${w.q(k.edit)}`, `（${w.q(k.edit)}付き）`) : '';
  return w.say(
    `The list: ${list}${edit}; the button ${w.q(k.add)}`,
    `一覧：${listJa}${edit}。ボタン${w.q(k.add)}`,
  );
};

/** The phone field is a country code and a number ('+44 7911 123456'; bare digits keep +1). */
export const phoneStep = (w: W, value: string, labelKey: string) => {
  const m = /^\+(\d+)\s*(.*)$/.exec(value);
  const [code, rest] = m ? [m[1] as string, m[2] as string] : ['1', value];
  return w.say(
    `In ${w.q(labelKey)} choose +${code} in ${w.q('form.dialCode')} and type “${rest}”`,
    `${w.q(labelKey)}で${w.q('form.dialCode')}を +${code} にし、「${rest}」と入力`,
  );
};

/** A save or delete done: its page goes to the list route. */
export const toList = (w: W, titleKey: string, route: string) =>
  w.say(`; the page goes to ${w.q(titleKey)} (${route})`, `。${w.q(titleKey)}（${route}）に移動`);
