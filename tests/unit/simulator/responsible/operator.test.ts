/** The operator's responsible-trading operations over the operator API (what the console calls in live mode). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVirtualClock } from '../../../../src/simulator/clock.ts';
import { createSimulator, type Simulator } from '../../../../src/simulator/server.ts';
import { startSimServer, type SimServer } from '../../../../src/simulator/host/node-server.ts';
import { operatorRoute } from '../../../../src/simulator/host/operator-api.ts';
import { hashKey } from '../../../../src/simulator/host/operator-key.ts';
import { httpBackOffice, OperatorError } from '../../../../src/ui/console/http-back-office.ts';
import { hostApi, T0 } from '../../../support/sim.ts';
import { DAY, HOUR, limits } from './support.ts';

const KEY = 'test-operator-key-of-twenty';
let sim: Simulator;
let srv: SimServer;

beforeAll(async () => {
  sim = await createSimulator({
    seed: 5,
    clock: createVirtualClock(T0),
    ticking: false,
    passwordIterations: 1_000,
  });
  srv = await startSimServer(sim, 0, '127.0.0.1', [operatorRoute(sim, { keyHash: hashKey(KEY) })]);
});
afterAll(async () => {
  sim.stop();
  await srv.close();
});

describe('responsible trading in the back office', () => {
  it('shows a user limits and self-exclusion, lifts it, and sets the cooling-off', async () => {
    const bo = httpBackOffice({ url: `${srv.url}/operator`, key: KEY });
    const { uid } = await sim.backOffice.seedUser({
      email: 'bo@example.com',
      password: 'secret123',
    });
    const session: { token: string | undefined } = { token: undefined };
    const api = hostApi(srv.url, () => session.token);
    const first = await api.call('login', {
      username: 'bo@example.com',
      password: 'secret123',
      type: 'E',
    });
    session.token = first.data?.token;
    await bo.setCoolingOff(2);
    await api.call('rtSetLimits', { limits: limits({ loss: { day: 100 } }) });
    await api.call('rtSetLimits', { limits: limits({ loss: { day: 300 } }) });
    const until = T0 + 3 * DAY;
    expect((await api.call('rtSelfExclude', { until })).code).toBe(0);
    const shown = await bo.responsibleOf(uid);
    expect(shown).toMatchObject({
      limits: { loss: { day: 100 } },
      pending: [{ key: 'loss.day', value: 300, appliesAt: T0 + 2 * HOUR }],
      usage: { loss: { day: 0, week: 0, month: 0 } },
      coolingOffMs: 2 * HOUR,
      selfExcludedUntil: until,
    });
    await expect(bo.setCoolingOff(-1)).rejects.toBeInstanceOf(OperatorError);
    await expect(bo.responsibleOf('')).rejects.toBeInstanceOf(OperatorError);
    await bo.liftSelfExclusion(uid);
    expect((await bo.responsibleOf(uid)).selfExcludedUntil).toBeNull();
    const again = await api.call('login', {
      username: 'bo@example.com',
      password: 'secret123',
      type: 'E',
    });
    expect(again.code).toBe(0);
  });
});
