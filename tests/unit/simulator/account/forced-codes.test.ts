/**
 * Wallet codes with no condition a user can cause are reached through the
 * back office's scenario switch; the client shows them like any other code.
 */
import { describe, expect, it } from 'vitest';
import type { CallName } from '../../../../src/api/contract.ts';
import { seeded, world } from './helpers.ts';

const FORCED: Array<[number, CallName]> = [
  [1003, 'userInfo'],
  [201, 'myWalletBalance'],
  [202, 'withdrawWalletCalculate'],
  [204, 'transformWallet'],
  [205, 'userWithdraw'],
  [206, 'userWithdraw'],
  [1012, 'uesrRecharge'],
  [1013, 'currencySimpleCoinNet'],
  [1019, 'userDeposit'],
  [1032, 'userDeposit'],
  [1033, 'userDeposit'],
  [1040, 'transformWallet'],
  [1041, 'userDeposit'],
  [1043, 'currencySimpleCoinNet'],
  [1046, 'userWallet'],
  [1048, 'userWithdraw'],
  [1053, 'userWithdraw'],
  [1054, 'transformWallet'],
  [1056, 'resetUser'],
  [1058, 'userDeposit'],
  [1059, 'currencySimpleCoinNet'],
  [1060, 'currencySimpleCoinNet'],
  [1061, 'currencySimpleCoinNet'],
  [1062, 'currencySimpleCoinNet'],
  [1063, 'withdrawWalletCalculate'],
  [1068, 'myWalletBalance'],
  [1071, 'userWithdraw'],
  [1072, 'userWithdraw'],
  [1073, 'userWithdraw'],
  [1075, 'userWithdraw'],
  [1087, 'currencySimpleCoinNet'],
  [1158, 'transformWallet'],
  [23557, 'userWithdraw'],
];

describe('codes reached by the scenario switch', () => {
  it.each(FORCED)('%i on %s', async (code, call) => {
    const w = await world();
    await seeded(w);
    w.sim.backOffice.force({ call, code });
    const r = await w.api.call(call, undefined, { noAlert: true });
    expect(r.code).toBe(code);
    expect(r.message).toMatch(new RegExp(`\\(code ${code}\\)$`));
  });
});
