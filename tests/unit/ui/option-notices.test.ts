/**
 * An option that settles while no drawer shows it says how it ended
 * (ui/trade/option-notices.ts): after the trader closed the place screen's
 * drawer or reloaded, the result was otherwise only in History.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  settlementOnScreen,
  settlementTold,
  watchSettledOptions,
} from '../../../src/ui/trade/option-notices.ts';
import { clearSession, setSession } from '../../../src/state/session.ts';
import { toasts } from '../../../src/state/toasts.ts';
import { tradeChanged } from '../../../src/state/trade-events.ts';
import type { ApiClient } from '../../../src/api/client.ts';
import type { OptionOrder } from '../../../src/api/types/trading.ts';
import { fakeToken } from '../../support/token.ts';

const running = (uid: string) =>
  ({
    uid,
    id: uid,
    tradePair: 'BTCUSDT',
    orderType: 0,
    price: 100,
    priceEnd: null,
    amount: 20,
    rate: 80,
    winLost: null,
    completeTime: null,
    positionStatus: 0,
  }) as OptionOrder;
const settled = (uid: string, winLost: number) =>
  ({
    ...running(uid),
    priceEnd: winLost > 0 ? 101 : 99,
    winLost,
    completeTime: 1,
    positionStatus: 1,
  }) as OptionOrder;

/** The server: `list` runs; a detail is the settled option (or still running `late` times). */
function server(results: Record<string, number>, late = 0) {
  const state = { list: [] as OptionOrder[], details: 0 };
  const reply = (data: unknown) => ({ code: 0, data, reply: null, message: '' });
  const client = {
    call: vi.fn(async (name: string, p: { uid?: string }) => {
      if (name === 'userOptionHistory') return reply({ items: state.list, pages: 1 });
      state.details += 1;
      const uid = p.uid!;
      return reply(state.details <= late ? running(uid) : settled(uid, results[uid]!));
    }),
  };
  return { api: client as unknown as ApiClient, state };
}

const notices = () =>
  toasts.list
    .filter((t) => t.text?.key.startsWith('option.settled_'))
    .map((t) => [t.text!.key, (t.text!.values.pnl as { value: number }).value]);

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
  setSession(fakeToken('1'));
  toasts.list.splice(0);
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.useRealTimers();
  clearSession();
});

describe('an option settled out of sight is announced', () => {
  it('with what it won or lost, once, when it leaves the running list', async () => {
    const s = server({ a: 16, b: -20 });
    s.state.list = [running('a'), running('b')];
    stop = watchSettledOptions(s.api);
    await vi.advanceTimersByTimeAsync(0);
    expect(notices()).toEqual([]);
    s.state.list = [];
    tradeChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(notices()).toEqual([
      ['option.settled_won', 16],
      ['option.settled_lost', 20],
    ]);
    // The next reload of the list says nothing more.
    tradeChanged();
    await vi.advanceTimersByTimeAsync(5000);
    expect(notices()).toHaveLength(2);
  });

  it('looks again when the result is not in yet', async () => {
    const s = server({ c: 16 }, 2);
    s.state.list = [running('c')];
    stop = watchSettledOptions(s.api);
    await vi.advanceTimersByTimeAsync(0);
    s.state.list = [];
    tradeChanged();
    await vi.advanceTimersByTimeAsync(0);
    expect(notices()).toEqual([]);
    await vi.advanceTimersByTimeAsync(2500);
    expect(notices()).toEqual([['option.settled_won', 16]]);
  });

  it('not while a drawer shows its settlement, nor after one has shown the result', async () => {
    const s = server({ d: 16, e: -20 });
    s.state.list = [running('d'), running('e')];
    stop = watchSettledOptions(s.api);
    await vi.advanceTimersByTimeAsync(0);
    const off = settlementOnScreen('d');
    settlementTold('e');
    s.state.list = [];
    tradeChanged();
    // (Within the 10 s a toast nobody shows is kept.)
    await vi.advanceTimersByTimeAsync(5000);
    expect(notices()).toEqual([]);
    off();
  });

  it('not for the options of the book left behind on a switch', async () => {
    const s = server({ f: 16 });
    s.state.list = [running('f')];
    stop = watchSettledOptions(s.api);
    await vi.advanceTimersByTimeAsync(0);
    s.state.list = [];
    setSession(fakeToken('1', '1'));
    await vi.advanceTimersByTimeAsync(5000);
    expect(notices()).toEqual([]);
  });
});
