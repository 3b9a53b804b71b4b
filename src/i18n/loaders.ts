/**
 * The locale files, one lazy chunk each. A module of its own (no i18next), so
 * the start-up entry can begin loading the first language before the app's
 * chunk arrives; a second import of the same file is served from the module map.
 */
import { LANGUAGES, type Language } from '../config/site.ts';
import { pseudoLocale, pseudoWanted } from './pseudo.ts';

/** Development's pseudo-locale, if one was asked for: it stands in for English (pseudo.ts). */
const PSEUDO = import.meta.env.DEV ? pseudoWanted() : undefined;

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

/** The languages written right to left (i18next's `dir` says the same once it is loaded). */
export const textDirection = (lng: string): 'rtl' | 'ltr' =>
  lng === 'ar' || (lng === 'en' && PSEUDO === 'xb') ? 'rtl' : 'ltr';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');

export async function loadLocale(lng: Language): Promise<Record<string, unknown> | undefined> {
  const loader = loaders[`./locales/${lng}.json`];
  const tree = loader ? (await loader()).default : undefined;
  // `import.meta.env.DEV` first: a production build drops the pseudo-locales whole.
  return import.meta.env.DEV && PSEUDO && tree && lng === 'en' ? pseudoLocale(tree, PSEUDO) : tree;
}
