/**
 * The translator (translator.ts) with one JSON file per locale, each loaded on demand. English is
 * the fallback for any key a locale lacks. Keys are the spec's names
 * (`tips.server500`, `code.305`, `p_t_username`…). English comes in two
 * parts (first-texts.ts): the first route's, with the start, and the rest
 * ({@link allTexts}).
 */
import { createTranslator, type I18n, type Texts } from './translator.ts';
import type { Language } from '../config/site.ts';
import { loadLocale as load, loadRestOfEnglish } from './loaders.ts';

export { isLanguage } from './loaders.ts';
export type { I18n, TFunction } from './translator.ts';

/** A translator on a language (English always loaded as the fallback). */
export async function createI18n(lng: Language): Promise<I18n> {
  // Both files at once (start-up waits for them).
  const [en, own] = await Promise.all([load('en'), lng === 'en' ? undefined : load(lng)]);
  const texts: Record<string, Texts> = { en: en ?? {} };
  if (own) texts[lng] = own;
  const inst = createTranslator({ lng, fallbackLng: 'en', texts });
  if (restOfEnglish) addRest(inst, restOfEnglish);
  else lacking.add(inst);
  return inst;
}

/** The rest of English once loaded, and the instances made before it was. */
let restOfEnglish: Texts | undefined;
const lacking = new Set<I18n>();
let loadingRest: Promise<void> | undefined;
const addRest = (inst: I18n, rest: Texts) => inst.addTexts('en', rest);

/**
 * Resolves once every i18n instance has all of English, the fallback of
 * every language. The first call loads the rest (after the first prices,
 * or with the first lazy screen: each waits for this, so no screen shows a
 * key); a failed load is tried again by the next call.
 */
export function allTexts(): Promise<void> {
  loadingRest ??= loadRestOfEnglish().then(
    (rest) => {
      restOfEnglish = rest ?? {};
      for (const inst of lacking) addRest(inst, restOfEnglish);
      lacking.clear();
    },
    (e: unknown) => {
      loadingRest = undefined;
      throw e;
    },
  );
  return loadingRest;
}

/** `load`, and all of English with it (a lazy screen's or panel's import). */
export const withAllTexts =
  <M>(load: () => Promise<M>) =>
  (): Promise<M> =>
    Promise.all([load(), allTexts()]).then(([m]) => m);

/** The language last asked for, per instance: a slower, older request must not win. */
const wanted = new WeakMap<I18n, Language>();

/**
 * Switch language, loading its file first. The last choice wins: en → ja →
 * en while the Japanese file is still loading stays English (the file is
 * kept for later, but the switch to it is dropped).
 */
export async function changeLanguage(inst: I18n, lng: Language): Promise<void> {
  wanted.set(inst, lng);
  if (!inst.hasTexts(lng)) {
    const own = await load(lng);
    if (own && !inst.hasTexts(lng)) inst.addTexts(lng, own);
  }
  if (wanted.get(inst) !== lng) return;
  inst.changeLanguage(lng);
}

/** A translate function that says when a key is missing (the client's `t`). */
export const strictT =
  (inst: I18n) =>
  (key: string): string | undefined =>
    inst.exists(key) ? inst.t(key) : undefined;
