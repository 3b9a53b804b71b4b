/** klinecharts' own texts (legend labels, period units) from our translations. */
import { registerLocale } from 'klinecharts';

type T = (key: string) => string;

const KEYS = ['time', 'open', 'high', 'low', 'close', 'volume', 'turnover', 'change'] as const;
const UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const;

/** Register the current language's texts with klinecharts; returns the locale name to set. */
export function chartLocale(t: T, language: string): string {
  const name = `app-${language}`;
  const texts: Record<string, string> = {};
  for (const k of KEYS) texts[k] = t(`chart.legend.${k}`);
  for (const u of UNITS) texts[u] = t(`chart.units.${u}`);
  registerLocale(name, texts as Parameters<typeof registerLocale>[1]);
  return name;
}
