import { describe, expect, it } from 'vitest';
import { summaryAtRows } from '../../../src/ui/trade/summary.ts';

describe('positions summary at the rows’ instant', () => {
  const server = {
    profitLossSum: -0.27,
    netValue: 9_990.73,
    securityDepositPrent: 35.52,
    securityDepositAvailableSum: 9_955.21,
  };

  it('shows the sum of the rows as the P&L (the report: summary −0.27, row −0.16)', () => {
    const s = summaryAtRows(server, [{ profitLoss: -0.16 }]);
    expect(s?.profitLoss).toBe(-0.16);
    // Net value and available move by the same 0.11.
    expect(s?.netValue).toBe(9_990.84);
    expect(s?.available).toBe(9_955.32);
  });

  it('adds several rows in decimals (no float drift)', () => {
    const s = summaryAtRows({ ...server, profitLossSum: 0 }, [
      { profitLoss: 0.1 },
      { profitLoss: 0.2 },
    ]);
    expect(s?.profitLoss).toBe(0.3);
  });

  it('keeps the server figures before the rows arrive, and nothing before the summary', () => {
    expect(summaryAtRows(server, undefined)).toEqual({
      profitLoss: -0.27,
      netValue: 9_990.73,
      available: 9_955.21,
    });
    expect(summaryAtRows(undefined, [])).toBeUndefined();
  });

  it('is zero with no open position', () => {
    expect(summaryAtRows(server, [])?.profitLoss).toBe(0);
  });
});
