/**
 * Limits and defaults of trading.md §3/§9 and user-centre.md §9 that the
 * code holds as constants or sends in payloads.
 */
import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { ApiClient } from '../../../src/api/client.ts';
import { OPTION_RUNNING_LIMIT, PAGE_SIZE } from '../../../src/config/constants.ts';
import { leverageOf, pipOf, precisionOf } from '../../../src/machines/validation/product-info.ts';
import { cryptoAddressActors } from '../../../src/machines/cryptoAddress/actors.ts';
import { bankCardActors } from '../../../src/machines/bankCard/actors.ts';
import type { ProductOrderInfo } from '../../../src/api/types/trading.ts';

/** An API that records what it was asked and answers an empty list. */
function recordingApi() {
  const calls: Array<[string, unknown]> = [];
  const api = {
    call: (name: string, payload: unknown) => {
      calls.push([name, payload]);
      return Promise.resolve({ code: 0, data: { list: [] } });
    },
  } as unknown as ApiClient;
  return { api, calls };
}

describe('product info defaults (trading §3, §9)', () => {
  it('leverage 100, pip 0.01, precision 2 when the product gives none; its own otherwise', () => {
    expect(leverageOf(null)).toBe(100);
    expect(pipOf(null)).toBe(0.01);
    expect(precisionOf(null)).toBe(2);
    const info = { multiple: 50, pip: 0.0001, pricePrecision: 5 } as ProductOrderInfo;
    expect(leverageOf(info)).toBe(50);
    expect(pipOf(info)).toBe(0.0001);
    expect(precisionOf(info)).toBe(5);
    // A precision of 0 is a real precision, not a missing one.
    expect(precisionOf({ pricePrecision: 0 } as ProductOrderInfo)).toBe(0);
  });
});

describe('page sizes (trading §9, user-centre §9)', () => {
  it('order and history lists page by 10; running options ask for up to 99999', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(OPTION_RUNNING_LIMIT).toBe(99999);
  });
  it('crypto wallets and bank cards are read as one page of up to 1000', async () => {
    const { api, calls } = recordingApi();
    const key = () => Promise.resolve('k');
    await toPromise(createActor(cryptoAddressActors(api, key).loadWallets).start());
    await toPromise(createActor(bankCardActors(api, key).loadCards).start());
    expect(calls).toEqual([
      ['userWallet', { pageNum: 1, pageSize: 1000 }],
      ['userBankCardList', { pageNum: 1, pageSize: 1000 }],
    ]);
  });
});
