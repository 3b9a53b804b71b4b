/**
 * The Faults pane names each call by its label and API id, sorted by label in
 * the current language, and the QA plan quotes exactly that option (issue 27).
 */
import { describe, expect, it } from 'vitest';
import { contract, type CallName } from '../../../src/api/contract.ts';
import { allTexts, createI18n } from '../../../src/i18n/index.ts';
import { callLabel, sortedCalls } from '../../../src/ui/console/call-label.ts';
import { makeW } from '../../paths/plan/words.ts';

const CALLS = Object.keys(contract) as CallName[];

describe('console call labels', () => {
  it('read “label (apiId)”, the wire name kept as it is', async () => {
    const t = (await createI18n('en')).t;
    // The console is a lazy screen: it shows once all of English is in.
    await allTexts();
    expect(callLabel(t, 'userInfo')).toBe('Account details (userInfo)');
    expect(callLabel(t, 'currencyBanckCardCoinNet')).toBe(
      'Withdrawal limits and networks (currencyBanckCardCoinNet)',
    );
  });

  for (const lang of ['en', 'ja'] as const)
    it(`${lang}: options sorted by label; the plan names the option the pane shows`, async () => {
      const i18n = await createI18n(lang);
      await allTexts();
      const options = sortedCalls(i18n.t, CALLS, i18n.language);
      expect(options.map((o) => o.call).sort()).toEqual([...CALLS].sort());
      const labels = options.map((o) => o.label);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, lang)));
      const w = makeW(lang);
      for (const { call, label } of options) {
        expect(w.fault(call, 'code', 1000)).toContain(` = ${w.quote(label)} ▸ `);
        expect(w.delay(call, 3000)).toContain(` = ${w.quote(label)} ▸ `);
      }
    });
});
