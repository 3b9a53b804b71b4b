/**
 * The console's operations that move the simulator's clock make the app's
 * estimate of it start over (record/tap.ts, state/server-clock.ts): after a
 * scenario from ten minutes ago is loaded, the next quote sets the offset
 * back at once, not after the 5 s window.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { tapBackOffice } from '../../../src/ui/console/record/tap.ts';
import {
  learnServerTime,
  resetServerClock,
  serverOffset,
} from '../../../src/state/server-clock.ts';

afterEach(() => resetServerClock());

const office = () =>
  tapBackOffice({
    loadScenario: async () => undefined,
    marketGap: async () => 0,
  });

describe('the console and the server clock', () => {
  it('a scenario loaded: the next quote sets the offset, back as well as forward', async () => {
    const local = 10_000_000;
    resetServerClock(() => local);
    learnServerTime(local + 60_000, local);
    await office().loadScenario();
    await Promise.resolve();
    learnServerTime(local - 600_000, local + 100);
    expect(serverOffset()).toBe(-600_100);
  });

  it('an operation that does not move the clock keeps what was learned', async () => {
    const local = 10_000_000;
    resetServerClock(() => local);
    learnServerTime(local + 60_000, local);
    await office().marketGap();
    await Promise.resolve();
    learnServerTime(local - 600_000, local + 100);
    expect(serverOffset()).toBe(60_000);
  });
});
