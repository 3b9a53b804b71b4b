/**
 * The app's translator: one nested JSON tree per language, the fallback
 * language's tree for any key a language lacks, `{{name}}` filled from the
 * values given, and an event when the language changes.
 *
 * It replaced i18next and react-i18next (issue 31: 19 KB of the first
 * route's JavaScript, gzip, for the part of them the app used). It also
 * mends what i18next did with a region's language: it looked `zh-tw` up as
 * `zh-TW`, then `zh`, so Traditional and Simplified Chinese showed English;
 * a key is looked up here in the language exactly as the site names it.
 */

/** A language's texts: nested by the key's dots (`tips.server500`). */
export type Texts = Record<string, unknown>;

/** Values for a text's `{{name}}`s; `defaultValue` stands in for a missing key. */
export type TOptions = { defaultValue?: string; [name: string]: unknown };

/** A text by key, in the current language (or the fallback); the key itself when neither has it. */
export type TFunction = (key: string, options?: TOptions) => string;

type Listener = (lng: string) => void;

export interface I18n {
  /** The language texts are shown in. */
  readonly language: string;
  /** A text in the current language; may be called detached from the instance. */
  readonly t: TFunction;
  /** The same, always in one language (a new function per language, for memoised views). */
  fixedT(lng: string): TFunction;
  /** Whether the current language or the fallback has the key as a text. */
  exists(key: string): boolean;
  hasTexts(lng: string): boolean;
  /** Adds texts to a language; a key already there keeps its text. */
  addTexts(lng: string, texts: Texts): void;
  /** Shows texts in another language (its texts added first) and tells the listeners. */
  changeLanguage(lng: string): void;
  on(event: 'languageChanged', fn: Listener): void;
  off(event: 'languageChanged', fn: Listener): void;
}

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * A key's text in one tree: nested by dots, or a key that itself holds dots
 * (`"a.b": …` beside `"a": {…}`), as the locale files and i18next allowed.
 */
export function lookup(tree: unknown, key: string): string | undefined {
  if (typeof tree !== 'object' || tree === null) return undefined;
  const node = tree as Record<string, unknown>;
  if (own(node, key)) {
    const v = node[key];
    return typeof v === 'string' ? v : undefined;
  }
  // The shortest prefix that names an object goes one level down (bounded by the key's dots).
  let dot = key.indexOf('.');
  while (dot > 0) {
    const head = key.slice(0, dot);
    if (own(node, head) && typeof node[head] === 'object') {
      const found = lookup(node[head], key.slice(dot + 1));
      if (found !== undefined) return found;
    }
    dot = key.indexOf('.', dot + 1);
  }
  return undefined;
}

/** `{{name}}` (spaces allowed inside) filled from `values`; one with no value is left as written. */
export function fill(text: string, values: TOptions | undefined): string {
  if (!values || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    own(values, name) && values[name] !== undefined ? String(values[name]) : whole,
  );
}

export function createTranslator(options: {
  lng: string;
  fallbackLng: string;
  texts: Record<string, Texts>;
}): I18n {
  const { fallbackLng } = options;
  // A language's texts in the order added: the first that has a key gives its text.
  const trees = new Map<string, Texts[]>();
  const listeners = new Set<Listener>();
  const fixed = new Map<string, TFunction>();
  let language = options.lng;

  const inOne = (lng: string, key: string): string | undefined => {
    for (const tree of trees.get(lng) ?? []) {
      const text = lookup(tree, key);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  const resolve = (lng: string, key: string): string | undefined =>
    inOne(lng, key) ?? (lng === fallbackLng ? undefined : inOne(fallbackLng, key));

  const fixedT = (lng: string): TFunction => {
    let fn = fixed.get(lng);
    if (!fn) {
      fn = (key, values) => fill(resolve(lng, key) ?? values?.defaultValue ?? key, values);
      fixed.set(lng, fn);
    }
    return fn;
  };

  const inst: I18n = {
    get language() {
      return language;
    },
    t: (key, values) => fixedT(language)(key, values),
    fixedT,
    exists: (key) => resolve(language, key) !== undefined,
    hasTexts: (lng) => trees.has(lng),
    addTexts(lng, texts) {
      const list = trees.get(lng);
      if (list) list.push(texts);
      else trees.set(lng, [texts]);
    },
    changeLanguage(lng) {
      if (lng === language) return;
      language = lng;
      for (const fn of [...listeners]) fn(lng);
    },
    on: (_event, fn) => void listeners.add(fn),
    off: (_event, fn) => void listeners.delete(fn),
  };
  for (const [lng, texts] of Object.entries(options.texts)) inst.addTexts(lng, texts);
  return inst;
}
