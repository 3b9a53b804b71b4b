/** The client's half of a `prices` delta subscription: which messages to apply, and when to ask for every product again. */
import { describe, expect, it } from 'vitest';
import {
  pricePatches,
  priceSequence,
  RESYNC_EVERY,
} from '../../../src/api/realtime/price-patch.ts';
import type { PricesDeltaMessage, PricesMessage } from '../../../src/api/types/realtime.ts';

const full = (seq?: number): PricesMessage => ({
  topic: 'prices',
  data: {},
  ...(seq === undefined ? {} : { seq }),
});
const delta = (seq: number): PricesDeltaMessage => ({ topic: 'prices', seq, time: 5, patch: [] });

describe('prices delta sequence', () => {
  it('applies a full message and the deltas that follow on, one number at a time', () => {
    const s = priceSequence();
    expect([full(0), delta(1), delta(2), delta(3)].map((m) => s.accept(m))).toEqual([
      'apply',
      'apply',
      'apply',
      'apply',
    ]);
  });

  it('a missed delta: the next is not applied, the client asks for every product once, and a full message starts over', () => {
    const s = priceSequence();
    s.accept(full(0));
    s.accept(delta(1));
    expect(s.accept(delta(3))).toBe('resync');
    expect(s.accept(delta(4))).toBe('drop');
    expect(s.accept(delta(5))).toBe('drop');
    expect(s.accept(full(0))).toBe('apply');
    expect(s.accept(delta(1))).toBe('apply');
  });

  it('a delta before any full message is dropped; still none after a while: ask again', () => {
    const s = priceSequence();
    const verdicts = Array.from({ length: RESYNC_EVERY * 2 }, (_, i) => s.accept(delta(i + 7)));
    expect(verdicts.filter((v) => v === 'resync')).toHaveLength(2);
    expect(verdicts.slice(0, RESYNC_EVERY - 1).every((v) => v === 'drop')).toBe(true);
  });

  it('a server without deltas: its plain messages (no numbers) are applied as they come', () => {
    const s = priceSequence();
    expect([full(), full(), full()].map((m) => s.accept(m))).toEqual(['apply', 'apply', 'apply']);
  });

  it("fills in the message's time where a product gives none", () => {
    const m: PricesDeltaMessage = {
      topic: 'prices',
      seq: 1,
      time: 2_000,
      patch: [
        { name: 'A', bidPrice: 1 },
        { name: 'B', tradeStatus: 0, lastUpdate: 1_000 },
      ],
    };
    expect(pricePatches(m)).toEqual([
      { name: 'A', bidPrice: 1, lastUpdate: 2_000 },
      { name: 'B', tradeStatus: 0, lastUpdate: 1_000 },
    ]);
  });
});
