/**
 * A trade's card asked for from its line on the chart (ui/trade/open-trade.ts):
 * the list of its kind opens it once loaded, says it has gone when it is not
 * there, and the trade mode the trader chose is never changed for it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { answerRequest, endListMode, requestTrade } from '../../../src/ui/trade/open-trade.ts';
import { ui } from '../../../src/state/ui.ts';
import { preferences } from '../../../src/state/preferences.ts';

const items = [{ id: 'a' }, { id: 'b' }];
const idOf = (x: { id: string }) => x.id;

describe('a card asked for from the chart', () => {
  afterEach(() => {
    ui.openTrade = undefined;
    ui.listMode = undefined;
  });

  it('is answered by the list of its kind only, once that list has loaded', () => {
    expect(answerRequest({ kind: 'option', id: 'a' }, 'order', items, idOf)).toBeUndefined();
    expect(answerRequest({ kind: 'order', id: 'a' }, 'order', undefined, idOf)).toBeUndefined();
    expect(answerRequest(undefined, 'order', items, idOf)).toBeUndefined();
    expect(answerRequest({ kind: 'order', id: 'b' }, 'order', items, idOf)).toEqual({
      open: items[1],
    });
  });

  it('is told it has gone when the loaded list no longer shows it', () => {
    expect(answerRequest({ kind: 'order', id: 'closed' }, 'order', items, idOf)).toBe('gone');
    expect(answerRequest({ kind: 'option', id: 'x' }, 'option', [], idOf)).toBe('gone');
  });

  it("holds the list's kind for the card, and leaves the trade mode alone", () => {
    preferences.tradeMode = 'market';
    requestTrade('option', '42');
    expect(ui.openTrade).toEqual({ kind: 'option', id: '42' });
    expect(ui.listMode).toBe('option');
    expect(preferences.tradeMode).toBe('market');
    endListMode();
    expect(ui.listMode).toBeUndefined();
    requestTrade('order', '7');
    expect(ui.listMode).toBe('market');
  });
});
