/** The translator (src/i18n/translator.ts) and every language the app offers, through createI18n. */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createTranslator, fill, lookup } from '../../src/i18n/translator.ts';
import { allTexts, changeLanguage, createI18n } from '../../src/i18n/index.ts';
import { LANGUAGES } from '../../src/config/site.ts';

const file = (lng: string) =>
  JSON.parse(
    readFileSync(new URL(`../../src/i18n/locales/${lng}.json`, import.meta.url), 'utf8'),
  ) as Record<string, Record<string, string>>;

describe('every language the app offers shows its own texts', () => {
  // i18next looked `zh-tw` up as `zh-TW`, then `zh`: both Chinese locales showed English.
  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s', async (lng) => {
    const own = file(lng);
    const inst = await createI18n(lng);
    expect(inst.language).toBe(lng);
    expect(inst.t('nav.home')).toBe(own.nav?.home);
    await allTexts();
    // A text in the rest of English is still shown in this language, not English.
    expect(inst.t('tips.server500')).toBe(own.tips?.server500);
    expect(inst.t('tips.server500')).not.toBe(file('en').tips?.server500);
  });

  it('a switch to a regional language shows it too', async () => {
    const inst = await createI18n('en');
    await changeLanguage(inst, 'zh-cn');
    expect(inst.t('nav.home')).toBe(file('zh-cn').nav?.home);
  });
});

describe('translator', () => {
  const make = () =>
    createTranslator({
      lng: 'de',
      fallbackLng: 'en',
      texts: {
        en: { a: 'A', greet: 'Hi {{name}}, {{ count }} new', n: { m: 'NM' }, 'f.lat': 'F', e: '' },
        de: { a: 'Ä', n: {} },
      },
    });

  it('looks a key up in the language, then in the fallback, then says the key', () => {
    const t = make().t;
    expect(t('a')).toBe('Ä');
    expect(t('n.m')).toBe('NM');
    expect(t('f.lat')).toBe('F');
    expect(t('e')).toBe('');
    expect(t('n')).toBe('n');
    expect(t('missing')).toBe('missing');
    expect(t('missing', { defaultValue: 'D' })).toBe('D');
  });

  it('fills {{name}}s and leaves one with no value as written', () => {
    const t = make().t;
    expect(t('greet', { name: 'Ann', count: 3 })).toBe('Hi Ann, 3 new');
    expect(t('greet', { name: '$&' })).toBe('Hi $&, {{ count }} new');
    expect(fill('{{toString}}', {})).toBe('{{toString}}');
  });

  it('keeps the first text added for a key; later files only add', () => {
    const inst = make();
    inst.addTexts('en', { a: 'changed', b: 'B', n: { k: 'NK' } });
    expect(inst.fixedT('en')('a')).toBe('A');
    expect(inst.t('b')).toBe('B');
    expect(inst.t('n.k')).toBe('NK');
  });

  it('tells listeners of a change of language, once, and gives a new t for it', () => {
    const inst = make();
    const heard = vi.fn();
    inst.on('languageChanged', heard);
    const before = inst.fixedT(inst.language);
    inst.changeLanguage('en');
    inst.changeLanguage('en');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledWith('en');
    expect(inst.fixedT(inst.language)).not.toBe(before);
    expect(inst.t('a')).toBe('A');
    inst.off('languageChanged', heard);
    inst.changeLanguage('de');
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('reads no inherited property as a text', () => {
    expect(lookup({}, 'constructor')).toBeUndefined();
    expect(lookup({ a: {} }, 'a.__proto__')).toBeUndefined();
    expect(make().t('toString')).toBe('toString');
  });
});
