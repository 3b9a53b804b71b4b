/**
 * Upgrading saved data: a version 1 store (the whole state in one record,
 * images inline as data URLs) is migrated, in memory and in IndexedDB (the
 * worker's old `state`/`current` record); a version this build does not know
 * is refused with a clear message, never dropped.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { createSimulator } from '../../../../src/simulator/server.ts';
import { createVirtualClock } from '../../../../src/simulator/clock.ts';
import { indexedDbStore, memoryStore, type SimStore } from '../../../../src/simulator/store.ts';
import { StoreVersionError } from '../../../../src/simulator/persist/batch.ts';
import { isUploadRef } from '../../../../src/simulator/persist/uploads.ts';
import { createWorld, T0, type TestWorld } from '../../../support/sim.ts';
import { png, signIn } from '../account/helpers.ts';

/**
 * A version 1 state as the old simulator saved it: a user with an avatar, a
 * KYC record with three images, a deposit with a proof and a session.
 */
async function v1State() {
  const w = await createWorld({ ticking: false });
  const { uid } = await w.sim.backOffice.seedUser({
    email: 'old@example.com',
    password: 'secret123',
  });
  const login = await signIn(w, 'old@example.com');
  await w.api.call('infoSubmit', { metaData: JSON.stringify({ nickName: 'Old' }), avatar: png() });
  const metaData = JSON.stringify({ realName: 'Ann Lee', idCard: 'X1', idType: 1, locale: 'en' });
  await w.api.call('authSubmit', {
    metaData,
    cardImgFront: png(),
    cardImgReverse: png(),
    cardImgAvatar: png(),
  });
  await w.api.call('userDeposit', {
    metaData: JSON.stringify({ coinId: '101', amt: '1200', said: '', locale: 'en' }),
    depositProof: png(),
  });
  // Put the images back inline, as version 1 kept them.
  const state = JSON.parse(JSON.stringify(w.sim.ctx.state)) as Record<string, unknown>;
  const inline = async (v: unknown): Promise<unknown> => {
    if (isUploadRef(v)) return w.sim.backOffice.upload(v);
    if (typeof v !== 'object' || v === null) return v;
    for (const [k, c] of Object.entries(v)) (v as Record<string, unknown>)[k] = await inline(c);
    return v;
  };
  await inline(state);
  delete state.uploads;
  delete state.uploadSeq;
  state.version = 1;
  w.sim.stop();
  return { state, uid, token: login.data?.token ?? '', at: w.clock.now() };
}

async function expectMigrated(w: TestWorld, uid: string, token: string) {
  w.session.token = token;
  expect((await w.api.call('sessionCheck')).code).toBe(0);
  const info = (await w.api.call('userInfo')).data;
  expect(info?.nick).toBe('Old');
  expect(info?.avator).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);
  const kyc = (await w.api.call('auth')).data;
  expect(kyc?.cardImgFront).toMatch(/^data:image\/png;base64,/);
  expect(kyc?.cardImgAvatar).toMatch(/^data:image\/png;base64,/);
  const s = w.sim.ctx.state;
  expect(s.version).toBe(2);
  expect(s.users[uid]?.avatar).toMatch(/^upload:/);
  expect(Object.values(s.uploads).filter((u) => u.uid === uid)).toHaveLength(5);
  const [req] = w.sim.backOffice.walletRequests(uid);
  expect(await w.sim.backOffice.upload(req!.proof!)).toMatch(/^data:image\/png;base64,/);
}

describe('store: migration from version 1', () => {
  it('moves the images of a version 1 state into uploads and keeps everything else (memory)', async () => {
    const { state, uid, token, at } = await v1State();
    const store = memoryStore(state);
    const w = await createWorld({ store, ticking: false, start: at });
    await expectMigrated(w, uid, token);
    expect(JSON.stringify([...store.units.values()])).not.toContain('data:image');
    w.sim.stop();
    // Saved as units: a second start reads them, not the old record.
    const again = await createWorld({ store, ticking: false, start: at });
    await expectMigrated(again, uid, token);
    again.sim.stop();
  });

  it("migrates the worker's IndexedDB record (state/current) and deletes it", async () => {
    const { state, uid, token, at } = await v1State();
    const old = await openDB('sim-v1', 1, { upgrade: (d) => void d.createObjectStore('state') });
    await old.put('state', state, 'current');
    old.close();
    const w = await createWorld({ store: indexedDbStore('sim-v1'), ticking: false, start: at });
    await expectMigrated(w, uid, token);
    await w.sim.close();
    const db = await openDB('sim-v1');
    expect(db.version).toBe(2);
    expect(await db.get('state', 'current')).toBeUndefined();
    expect(await db.count('units')).toBeGreaterThan(10);
    expect(await db.count('blobs')).toBe(5);
    db.close();
    const again = await createWorld({ store: indexedDbStore('sim-v1'), ticking: false, start: at });
    await expectMigrated(again, uid, token);
    await again.sim.close();
  });

  it('refuses a state version it does not know, with a message saying so', async () => {
    const start = (store: SimStore) =>
      createSimulator({ seed: 7, clock: createVirtualClock(T0), store, ticking: false });
    const future = memoryStore({ version: 99, seed: 7, nextId: 5 });
    await expect(start(future)).rejects.toThrow(StoreVersionError);
    await expect(start(future)).rejects.toThrow(/state version 99; this version reads 2/);
    // Nothing was written over it.
    expect(future.units.size).toBe(0);
    expect(await future.load()).toMatchObject({ kind: 'legacy', state: { version: 99 } });
  });

  it('refuses an IndexedDB written by a newer layout, with a message saying so', async () => {
    const newer = await openDB('sim-newer', 3, {
      upgrade: (d) => void d.createObjectStore('units'),
    });
    newer.close();
    const store = indexedDbStore('sim-newer');
    await expect(store.load()).rejects.toThrow(StoreVersionError);
    await expect(store.load()).rejects.toThrow(/written by a newer version of the app/);
  });
});
