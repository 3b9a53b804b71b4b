/** The development pseudo-locales (issue 28 item 3): accented, 40 % longer, bracketed; xb right to left. */
import { describe, expect, it } from 'vitest';
import { pseudoLocale, pseudoText } from '../../src/i18n/pseudo.ts';

describe('pseudo-locales', () => {
  it('accents every letter, keeps placeholders and markup, and makes the text 40 % longer in brackets', () => {
    const s = pseudoText('Closed {{symbol}} at {{price}}', 'xa');
    expect(s).toMatch(/^\[Çĺóšéð \{\{symbol\}\} áţ \{\{price\}\} ~+\]$/);
    expect(s.match(/\{\{\w+\}\}/g)).toEqual(['{{symbol}}', '{{price}}']);
    // "Closed  at " is 11 letters a reader sees: 5 more.
    expect(s.match(/~/g)).toHaveLength(5);
    expect(pseudoText('<1>Sign up</1> now', 'xa')).toBe('[<1>Šíĝñ úþ</1> ñóŵ ~~~~~]');
    expect(pseudoText('Buy', 'xa')).toBe('[Ɓúý ~~]');
  });

  it('xb runs each text right to left; a whole file keeps its shape', () => {
    expect(pseudoText('Buy', 'xb')).toBe('\u202e[Ɓúý ~~]\u202c');
    expect(pseudoLocale({ a: 'Buy', b: { c: 'Sell' } }, 'xa')).toEqual({
      a: '[Ɓúý ~~]',
      b: { c: '[Šéĺĺ ~~]' },
    });
  });
});
