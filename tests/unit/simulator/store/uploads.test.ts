/**
 * Uploads live in the blob area, outside the state, within a per-user quota
 * (20 MB): an upload past it answers 1016 and keeps nothing; replacing an
 * avatar frees the old one; other users are not affected.
 */
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../../../src/simulator/store.ts';
import { QUOTA_CODE, UPLOAD_QUOTA_BYTES } from '../../../../src/simulator/persist/uploads.ts';
import { createWorld } from '../../../support/sim.ts';
import { seeded } from '../account/helpers.ts';
import { depositWith, pngOf } from './support.ts';

const MB = 1024 * 1024;

describe('store: uploads and their quota', () => {
  it('answers 1016 past 20 MB per user, frees a replaced avatar, and keeps images out of the state', async () => {
    expect(UPLOAD_QUOTA_BYTES).toBe(20 * MB);
    expect(QUOTA_CODE).toBe(1016);
    const store = memoryStore();
    const w = await createWorld({ store, ticking: false });
    const { uid } = await seeded(w, { email: 'q@example.com' });
    const used = () => w.sim.ctx.uploads.used(uid);
    expect(await depositWith(w, '1001', pngOf(7 * MB))).toBe(0);
    expect(await depositWith(w, '1002', pngOf(7 * MB))).toBe(0);
    expect(used()).toBe(14 * MB);
    expect(await depositWith(w, '1003', pngOf(7 * MB))).toBe(1016);
    expect(w.sim.backOffice.walletRequests(uid)).toHaveLength(2);
    expect(used()).toBe(14 * MB);

    const avatar = (bytes: number) =>
      w.api.call('infoSubmit', {
        metaData: JSON.stringify({ nickName: 'Q' }),
        avatar: pngOf(bytes),
      });
    expect((await avatar(5 * MB)).code).toBe(0);
    expect(used()).toBe(19 * MB);
    // The new avatar replaces the old one: 19 MB - 5 + 5.5 fits.
    expect((await avatar(5.5 * MB)).code).toBe(0);
    expect(used()).toBe(19.5 * MB);
    expect((await w.api.call('userInfo')).data?.avator?.length).toBeGreaterThan(7 * MB);
    // Three id images of 1 MB do not fit any more, and nothing is kept.
    const kyc = await w.api.call('authSubmit', {
      metaData: JSON.stringify({ realName: 'Q Lee', idCard: 'X1', idType: 1, locale: 'en' }),
      cardImgFront: pngOf(MB),
      cardImgReverse: pngOf(MB),
      cardImgAvatar: pngOf(MB),
    });
    expect(kyc.code).toBe(1016);
    expect((await w.api.call('auth')).data?.verifiedStatus).toBe(0);
    expect(used()).toBe(19.5 * MB);

    // Another user has a quota of their own.
    await seeded(w, { email: 'r@example.com' });
    expect(await depositWith(w, '1001', pngOf(7 * MB))).toBe(0);

    // The saved state holds references; the bytes are in the blob area.
    await w.sim.flush();
    const unitBytes = [...store.units.values()].reduce((n, v) => n + v.length, 0);
    expect(unitBytes).toBeLessThan(200_000);
    expect(store.stats.bytes).toBeGreaterThan(31 * MB);
    w.sim.stop();
  });
});
