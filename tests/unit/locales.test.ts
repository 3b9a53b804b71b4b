/**
 * Every locale file has exactly English's keys, the same {{placeholders}}
 * in each text, and no text left empty; the language list and the files
 * agree. The console names every API call, and only those, each with a label
 * of its own in every language.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/config/site.ts';
import { contract } from '../../src/api/contract.ts';
import { texts } from '../support/i18n.ts';

const holes = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const en = texts('en');
const files = readdirSync('src/i18n/locales')
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

describe('locales', () => {
  it('has a file for every language the app offers', () => {
    expect(files.sort()).toEqual([...LANGUAGES].sort());
  });

  for (const lng of files.filter((f) => f !== 'en')) {
    it(`${lng}: same keys and placeholders as English, nothing empty`, () => {
      const other = texts(lng);
      expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [k, v] of en) {
        const text = other.get(k) ?? '';
        expect(text.trim(), `${lng} ${k}`).not.toBe('');
        expect(holes(text), `${lng} ${k}`).toEqual(holes(v));
      }
    });
  }
});

describe('console call labels', () => {
  const calls = Object.keys(contract).sort();
  for (const lng of files)
    it(`${lng}: every call has a label of its own under console.calls, and only calls`, () => {
      const labels = texts(lng);
      const named = [...labels.keys()]
        .filter((k) => k.startsWith('console.calls.'))
        .map((k) => k.slice('console.calls.'.length))
        .sort();
      expect(named).toEqual(calls);
      const seen = new Map<string, string>();
      for (const call of calls) {
        const label = (labels.get(`console.calls.${call}`) ?? '').trim();
        expect(label, `${lng} ${call}`).not.toBe('');
        expect(seen.get(label), `${lng} ${call}: same label as`).toBeUndefined();
        seen.set(label, call);
      }
    });
});
