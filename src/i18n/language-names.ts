/** Each language as its own speakers name it, with its flag (the language menu; QA plans name it too). */
import type { Language } from '../config/site.ts';

export const LANGUAGE_NAMES: Record<Language, [flag: string, name: string]> = {
  en: ['🇬🇧', 'English'],
  'zh-tw': ['🇹🇼', '繁體中文'],
  'zh-cn': ['🇨🇳', '简体中文'],
  ja: ['🇯🇵', '日本語'],
  de: ['🇩🇪', 'Deutsch'],
  fr: ['🇫🇷', 'Français'],
  it: ['🇮🇹', 'Italiano'],
  ko: ['🇰🇷', '한국어'],
  es: ['🇪🇸', 'Español'],
  vi: ['🇻🇳', 'Tiếng Việt'],
  th: ['🇹🇭', 'ไทย'],
  id: ['🇮🇩', 'Bahasa Indonesia'],
  ar: ['🇦🇪', 'العربية'],
};
