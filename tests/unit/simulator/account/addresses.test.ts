/** Coin networks and saved crypto addresses, encoded with the session's aesKey. */
import { describe, expect, it } from 'vitest';
import { decodeSensitive, encodeSensitive } from '../../../../src/api/aes-codec.ts';
import { seeded, world } from './helpers.ts';

const ADDR = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

describe('crypto addresses', () => {
  it('lists the networks with deposit address and withdraw limits', async () => {
    const w = await world();
    await seeded(w);
    const list = (await w.api.call('currencySimpleCoinNet')).data?.dtoList ?? [];
    expect(list.map((n) => `${n.currency}-${n.protocol}`)).toEqual([
      'USDT-TRC20',
      'USDT-ERC20',
      'BTC-BTC',
      'ETH-ERC20',
      'TRX-TRC20',
    ]);
    expect(list[0]).toMatchObject({
      id: '101',
      minWithdrawAmount: 100,
      maxWithdrawAmount: 10000000,
    });
    expect(list[0]?.address).toMatch(/^T/);
  });

  it('adds (address sent encoded), lists (returned encoded) and deletes an address', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = w.sim.ctx.state.users[uid]?.aesKey ?? '';
    const enc = await encodeSensitive(key, ADDR);
    expect(enc).not.toContain(ADDR);
    expect(
      (await w.api.call('addUserWallet', { currencyId: '105', cryptocurrencyAddress: enc })).code,
    ).toBe(0);
    const [a] = (await w.api.call('userWallet', { pageNum: 1, pageSize: 1000 })).data?.list ?? [];
    expect(a).toMatchObject({
      currencyId: '105',
      currencyName: 'TRX',
      protocol: 'TRC20',
      minWithdrawAmount: 500,
    });
    expect(await decodeSensitive(key, a?.cryptocurrencyAddress ?? '')).toBe(ADDR);
    expect(w.sim.ctx.state.account.addresses[a?.walletId ?? '']?.address).toBe(ADDR);
    expect((await w.api.call('deleteUserWallet', { walletId: a?.walletId ?? '' })).code).toBe(0);
    expect((await w.api.call('userWallet', { pageNum: 1, pageSize: 1000 })).data?.list).toEqual([]);
    expect((await w.api.call('deleteUserWallet', { walletId: a?.walletId ?? '' })).code).toBe(1037);
  });

  it('answers 1031 for a second address on a network, 1030 unknown network, 1049 empty, 1016 undecodable or not an address, 23558 markup', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const key = w.sim.ctx.state.users[uid]?.aesKey ?? '';
    const add = async (currencyId: string, plain: string, raw = false) =>
      (
        await w.api.call('addUserWallet', {
          currencyId,
          cryptocurrencyAddress: raw ? plain : await encodeSensitive(key, plain),
        })
      ).code;
    expect(await add('105', ADDR)).toBe(0);
    expect(await add('105', 'TXanotherAddressOnTheSameNetwork01')).toBe(1031);
    expect(await add('42', ADDR)).toBe(1030);
    expect(await add('101', '', true)).toBe(1049);
    expect(await add('101', ADDR, true)).toBe(1016);
    expect(await add('101', 'short')).toBe(1016);
    expect(await add('101', '<img src=x onerror=alert(1)>')).toBe(23558);
  });

  it('is switched off with NO_WALLET_WITHDRAW and for demo sessions (23523)', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const enc = await encodeSensitive(w.sim.ctx.state.users[uid]?.aesKey ?? '', ADDR);
    w.sim.backOffice.setFlag('NO_WALLET_WITHDRAW', true);
    expect(
      (await w.api.call('addUserWallet', { currencyId: '105', cryptocurrencyAddress: enc })).code,
    ).toBe(23523);
    w.sim.backOffice.setFlag('NO_WALLET_WITHDRAW', false);
    w.session.token = (await w.api.call('switchUser')).data?.token;
    expect(
      (await w.api.call('addUserWallet', { currencyId: '105', cryptocurrencyAddress: enc })).code,
    ).toBe(23523);
  });
});
