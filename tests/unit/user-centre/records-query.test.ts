/** The trade records' market query sends `columns` and the filter's positionStatus (§4, §7). */
import { describe, expect, it } from 'vitest';
import { marketQuery } from '../../../src/ui/screens/user/records-query.ts';

describe('trade records query', () => {
  it('always names the time to order by; the filter index + 1 is positionStatus', () => {
    expect(marketQuery(0)).toEqual({ columns: ['orderTime'] });
    expect(marketQuery(1)).toEqual({ positionStatus: 2, columns: ['orderTime'] });
    expect(marketQuery(2)).toEqual({ positionStatus: 3, columns: ['closingTime'] });
    expect(marketQuery(4)).toEqual({ positionStatus: 5, columns: ['orderTime'] });
  });
});
