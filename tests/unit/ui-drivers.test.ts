/**
 * The UI path drivers (tests/paths/ui): every machine driven through the
 * screens has an entry for each of its event types, actor results, delays
 * and states, read from the machine definition (as plan-words.test.ts does
 * for the words).
 */
import { describe, expect, it } from 'vitest';
import { missingWords } from '../paths/plan/machine-parts.ts';
import { UI_MACHINES } from '../paths/ui/index.ts';

describe('UI path drivers', () => {
  it("drive the card's eight flows", () => {
    expect(UI_MACHINES.map((m) => m.driver.machine).sort()).toEqual([
      'deposit',
      'loan',
      'login',
      'optionSettlement',
      'realtime',
      'register',
      'session',
      'withdraw',
    ]);
  });
  for (const { driver, specs } of UI_MACHINES) {
    it(`${driver.machine}: an entry for every event, actor result, delay and state`, () => {
      expect(specs.every((s) => s.machine.id === driver.machine)).toBe(true);
      expect(missingWords(specs[0]!.machine, driver)).toEqual([]);
    });
  }
  it('a missing entry is named', () => {
    const { driver, specs } = UI_MACHINES[0]!;
    const { 'form.submit': _, ...events } = driver.events;
    expect(missingWords(specs[0]!.machine, { ...driver, events })).toEqual(['event form.submit']);
  });
});
