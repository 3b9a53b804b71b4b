/**
 * The locale files, one lazy chunk each. A module of its own (no translator), so
 * the start-up entry can begin loading the first language before the app's
 * chunk arrives; a second import of the same file is served from the module map.
 */
import { LANGUAGES, type Language } from '../config/site.ts';
import { pseudoLocale, pseudoWanted } from './pseudo.ts';

/** Development's pseudo-locale, if one was asked for: it stands in for English (pseudo.ts). */
const PSEUDO = import.meta.env.DEV ? pseudoWanted() : undefined;

export const isLanguage = (x: unknown): x is Language => LANGUAGES.includes(x as Language);

/** The languages written right to left. */
export const textDirection = (lng: string): 'rtl' | 'ltr' =>
  lng === 'ar' || (lng === 'en' && PSEUDO === 'xb') ? 'rtl' : 'ltr';

// English, the fallback, is in two parts (first-texts.ts); every other language is one file.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*.json',
  '!./locales/en.json',
]);
loaders['./locales/en.json'] = () => import('./locales/en.json?first');

/** A language's file; for English, the first route's part of it ({@link loadRestOfEnglish} has the rest). */
export async function loadLocale(lng: Language): Promise<Record<string, unknown> | undefined> {
  const loader = loaders[`./locales/${lng}.json`];
  const tree = loader ? (await loader()).default : undefined;
  return lng === 'en' ? pseudo(tree) : tree;
}

/** English beyond the first route's texts. */
export const loadRestOfEnglish = async (): Promise<Record<string, unknown> | undefined> =>
  pseudo((await import('./locales/en.json?rest')).default);

// `import.meta.env.DEV` first: a production build drops the pseudo-locales whole.
const pseudo = (tree: Record<string, unknown> | undefined) =>
  import.meta.env.DEV && PSEUDO && tree ? pseudoLocale(tree, PSEUDO) : tree;
