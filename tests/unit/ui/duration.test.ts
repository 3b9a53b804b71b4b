/** Durations in the language's units (issue 25 item 9): "30秒", not "30s", on a Japanese screen. */
import { describe, expect, it } from 'vitest';
import en from '../../../src/i18n/locales/en.json';
import ja from '../../../src/i18n/locales/ja.json';
import de from '../../../src/i18n/locales/de.json';
import { durationLabel, formatDuration } from '../../../src/ui/format.ts';

const tOf =
  (file: { duration: Record<string, string> }) =>
  (key: 'duration.s' | 'duration.m' | 'duration.h', { n }: { n: number }) =>
    file.duration[key.slice('duration.'.length)]!.replace('{{n}}', String(n));

describe('durations', () => {
  it('English is unchanged: 30s, 5m, 1m 30s, 1h 30m', () => {
    expect([30, 300, 90, 5400].map((s) => formatDuration(s, tOf(en)))).toEqual([
      '30s',
      '5m',
      '1m 30s',
      '1h 30m',
    ]);
    expect(formatDuration(90)).toBe('1m 30s');
  });

  it('Japanese and German in their own units', () => {
    expect([30, 180, 3600].map((s) => formatDuration(s, tOf(ja)))).toEqual([
      '30秒',
      '3分',
      '1時間',
    ]);
    expect(formatDuration(180, tOf(de))).toBe('3 Min.');
  });

  it("a server's delivery label reads in the language; English keeps it; other names stay", () => {
    expect(durationLabel('30s', 'ja', tOf(ja))).toBe('30秒');
    expect(durationLabel('3min', 'ja', tOf(ja))).toBe('3分');
    expect(durationLabel('3min', 'en', tOf(en))).toBe('3min');
    expect(durationLabel('Turbo', 'ja', tOf(ja))).toBe('Turbo');
  });
});
