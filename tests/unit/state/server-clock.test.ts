import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  learnFromQuotes,
  learnServerTime,
  resetServerClock,
  serverClockMoved,
  serverNow,
  serverOffset,
  serverTimeKnown,
} from '../../../src/state/server-clock.ts';
import { memoryStorage } from '../../support/storage.ts';

describe('serverClock', () => {
  let local = 1_000_000;
  afterEach(() => resetServerClock());

  it('is the device clock until a server time arrives', () => {
    resetServerClock(() => local);
    expect(serverNow()).toBe(local);
    expect(serverTimeKnown()).toBe(false);
    learnServerTime(local);
    expect(serverTimeKnown()).toBe(true);
  });

  it('follows a server ahead by minutes, or a device clock wrong by minutes', () => {
    resetServerClock(() => local);
    learnServerTime(local + 300_000 - 40); // stamped 40 ms before it arrived
    expect(serverOffset()).toBe(299_960);
    local += 1000;
    expect(serverNow()).toBe(local + 299_960);
  });

  it('keeps the freshest estimate of recent samples (delivery only delays a stamp)', () => {
    resetServerClock(() => local);
    learnServerTime(local - 10, local);
    learnServerTime(local - 200, local);
    expect(serverOffset()).toBe(-10);
  });

  it('jumps forward at once when the server skips time', () => {
    resetServerClock(() => local);
    learnServerTime(local, local);
    learnServerTime(local + 50_000, local + 200);
    expect(serverOffset()).toBe(49_800);
  });

  it('follows the server back once old samples leave the window', () => {
    resetServerClock(() => local);
    learnServerTime(local + 60_000, local);
    learnServerTime(local + 6000, local + 6000);
    expect(serverOffset()).toBe(0);
  });

  it('follows the server back at the next quote when its clock was moved on purpose', () => {
    resetServerClock(() => local);
    learnServerTime(local + 60_000, local);
    // A scenario saved ten minutes ago is loaded: its clock goes back.
    serverClockMoved();
    learnServerTime(local - 600_000, local + 100);
    expect(serverOffset()).toBe(-600_100);
  });

  it('takes the freshest quote of a batch (a closed market keeps an old stamp)', () => {
    resetServerClock(() => local);
    learnFromQuotes([{ lastUpdate: local - 86_400_000 }, { lastUpdate: local + 5000 }]);
    expect(serverOffset()).toBe(5000);
  });
});

describe('serverClock across loads', () => {
  it('a new load starts from the offset the last one learned (a stored token is judged before any quote)', async () => {
    const { entries: store, storage } = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    try {
      vi.resetModules();
      const first = await import('../../../src/state/server-clock.ts');
      expect(first.serverOffset()).toBe(0);
      // The server is 31 minutes ahead (its clock skipped); small moves are not written each quote.
      first.learnServerTime(Date.now() + 31 * 60_000);
      const written = store.get('serverOffset');
      first.learnServerTime(Date.now() + 31 * 60_000 + 300);
      expect(store.get('serverOffset')).toBe(written);
      vi.resetModules();
      const next = await import('../../../src/state/server-clock.ts');
      expect(next.serverOffset()).toBeGreaterThan(31 * 60_000 - 1000);
      expect(next.serverNow() - Date.now()).toBeGreaterThan(31 * 60_000 - 1000);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
