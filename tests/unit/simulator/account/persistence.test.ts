/** The account side survives a restart from its store (secrets are never from the seed: see security/). */
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../../src/simulator/store.ts';
import { createWorld } from '../../../support/sim.ts';
import { cash, funded, seeded, signIn } from './helpers.ts';

describe('persistence', () => {
  it('keeps users, sessions, held withdrawals, notifications and the outbox across a restart', async () => {
    const store = memoryStore();
    const w1 = await createWorld({ ticking: false, store });
    const { uid } = await seeded(w1, { email: 'keep@example.com' });
    await funded(w1, uid, '2000');
    await w1.api.call('transformWallet', { currId: '2', curr: 'USDT', type: 0, num: '500' });
    const login = await signIn(w1, 'keep@example.com');
    await w1.api.call('sendMail', { email: 'other@example.com', type: '1', locale: 'en' });
    w1.sim.backOffice.sendMessage(uid, 'Hello', 'Kept');
    await w1.sim.flush();
    w1.sim.stop();

    const w2 = await createWorld({ ticking: false, store, start: w1.clock.now() + 5000 });
    w2.session.token = login.data?.token;
    expect((await w2.api.call('sessionCheck')).code).toBe(0);
    expect(cash(w2, uid)).toBe('1500');
    expect((await w2.api.call('myWalletBalance')).data?.list[1]?.balance).toBe('500');
    expect((await w2.api.call('unreadCount')).data).toEqual({ count: 1 });
    expect(w2.sim.backOffice.lastCode('other@example.com')).toMatch(/^\d{6}$/);
    const r = await w2.api.call('refresh', {
      token: login.data?.token ?? '',
      refreshToken: login.data?.refreshToken ?? '',
    });
    expect(r.code).toBe(0);
    expect(w2.sim.ctx.ledger.total().toString()).toBe('0');
  });
});
