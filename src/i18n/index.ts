/**
 * i18next with one JSON file per locale, each loaded on demand. English is
 * the fallback for any key a locale lacks. Keys are the spec's names
 * (`tips.server500`, `code.305`, `p_t_username`…).
 */
import i18next, { type i18n as I18n } from 'i18next';
import type { Language } from '../config/site.ts';
import { loadLocale as load } from './loaders.ts';

export { isLanguage } from './loaders.ts';

/** Create and initialise an i18next instance on a language (English always loaded as fallback). */
export async function createI18n(lng: Language): Promise<I18n> {
  const inst = i18next.createInstance();
  // Both files at once (start-up waits for them).
  const [en, own] = await Promise.all([load('en'), lng === 'en' ? undefined : load(lng)]);
  const resources: Record<string, { translation: Record<string, unknown> }> = {
    en: { translation: en ?? {} },
  };
  if (own) resources[lng] = { translation: own };
  await inst.init({
    lng,
    fallbackLng: 'en',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return inst;
}

/** The language last asked for, per instance: a slower, older request must not win. */
const wanted = new WeakMap<I18n, Language>();

/**
 * Switch language, loading its file first. The last choice wins: en → ja →
 * en while the Japanese file is still loading stays English (the file is
 * kept for later, but the switch to it is dropped).
 */
export async function changeLanguage(inst: I18n, lng: Language): Promise<void> {
  wanted.set(inst, lng);
  if (!inst.hasResourceBundle(lng, 'translation')) {
    const own = await load(lng);
    if (own) inst.addResourceBundle(lng, 'translation', own);
  }
  if (wanted.get(inst) !== lng) return;
  await inst.changeLanguage(lng);
}

/** A translate function that says when a key is missing (the client's `t`). */
export const strictT =
  (inst: I18n) =>
  (key: string): string | undefined =>
    inst.exists(key) ? inst.t(key) : undefined;
