/** Identity verification, full and junior, with the back office's review. */
import { describe, expect, it } from 'vitest';
import type { TestWorld } from '../../../support/sim.ts';
import { png, seeded, world } from './helpers.ts';

const full = (w: TestWorld, images: boolean, fields: Record<string, string> = {}) =>
  w.api.call('authSubmit', {
    metaData: JSON.stringify({
      realName: 'Ann Lee',
      idCard: 'X1234567',
      idType: 1,
      locale: 'en',
      ...fields,
    }),
    ...(images ? { cardImgFront: png(), cardImgReverse: png(), cardImgAvatar: png() } : {}),
  });

describe('KYC', () => {
  it('submit → in review (form locked) → approve → verified; a further submit answers 1014', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    expect((await w.api.call('auth')).data).toEqual({
      realName: '',
      idCard: '',
      verifiedStatus: 0,
    });
    expect((await full(w, true)).code).toBe(0);
    const rec = (await w.api.call('auth')).data;
    expect(rec).toMatchObject({
      realName: 'Ann Lee',
      idCard: 'X1234567',
      idType: 1,
      verifiedStatus: 1,
    });
    expect(rec?.cardImgFront).toMatch(/^data:image\/png;base64,/);
    expect(w.sim.backOffice.reviews()).toEqual([expect.objectContaining({ kind: 'kyc', uid })]);
    w.sim.backOffice.approveKyc(uid);
    expect((await w.api.call('auth')).data?.verifiedStatus).toBe(2);
    expect((await full(w, true)).code).toBe(1014);
  });

  it('a rejection sets status 3 with the reason and notifies 629007; a resubmission keeps the images', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    await full(w, true);
    w.sim.backOffice.rejectKyc(uid, 'Photo blurred');
    expect((await w.api.call('auth')).data).toMatchObject({
      verifiedStatus: 3,
      remark: 'Photo blurred',
    });
    const n = (await w.api.call('userNotification', { page: 1, limit: 10 })).data?.list[0];
    expect(n).toMatchObject({ alarmType: 629007, remark: 'Photo blurred' });
    expect((await full(w, false, { realName: 'Ann B. Lee' })).code).toBe(0);
    const rec = (await w.api.call('auth')).data;
    expect(rec).toMatchObject({ realName: 'Ann B. Lee', verifiedStatus: 1 });
    expect(rec?.remark).toBeUndefined();
    expect(rec?.cardImgAvatar).toMatch(/^data:image\/png/);
  });

  it('answers 23553 for missing images on the first submission, 1001 without a name, 1016 for a bad id type, 23558 for markup', async () => {
    const w = await world();
    await seeded(w);
    expect((await full(w, false)).code).toBe(23553);
    expect((await full(w, true, { realName: '' })).code).toBe(1001);
    expect((await full(w, true, { idType: '7' })).code).toBe(1016);
    expect((await full(w, true, { idCard: '<x>' })).code).toBe(23558);
    expect((await full(w, true, { authEmail: 'not-mail' })).code).toBe(1016);
  });

  it('junior verification: name, id type and number only, reviewed on its own', async () => {
    const w = await world();
    const { uid } = await seeded(w);
    const r = await w.api.call('juniorAuthSubmit', {
      metaData: JSON.stringify({ locale: 'en' }),
      realName: 'Ann Lee',
      idCard: 'J-77',
      idType: '0',
    });
    expect(r.code).toBe(0);
    expect((await w.api.call('juniorAuth')).data).toMatchObject({
      realName: 'Ann Lee',
      idCard: 'J-77',
      idType: 0,
      verifiedStatus: 1,
    });
    expect((await w.api.call('auth')).data?.verifiedStatus).toBe(0);
    w.sim.backOffice.approveKyc(uid, true);
    expect((await w.api.call('juniorAuth')).data?.verifiedStatus).toBe(2);
    expect(() => w.sim.backOffice.approveKyc(uid)).toThrow(/not in review/);
  });
});
