/** Language switches: the last choice wins even when an earlier one is still loading its file. */
import { describe, expect, it } from 'vitest';
import { changeLanguage, createI18n } from '../../src/i18n/index.ts';

describe('changeLanguage', () => {
  it('en → ja → en while the Japanese file loads stays English', async () => {
    const inst = await createI18n('en');
    const toJa = changeLanguage(inst, 'ja');
    await changeLanguage(inst, 'en');
    await toJa;
    expect(inst.language).toBe('en');
    expect(inst.t('nav.home')).toBe('Home');
  });

  it('a switch that is not overtaken applies, and its file stays for later', async () => {
    const inst = await createI18n('en');
    await changeLanguage(inst, 'ja');
    expect(inst.t('nav.home')).toBe('ホーム');
    await changeLanguage(inst, 'en');
    await changeLanguage(inst, 'ja');
    expect(inst.language).toBe('ja');
  });
});
