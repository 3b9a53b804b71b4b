/**
 * Fuzzing the simulator in process (as the worker hosts it): malformed
 * payloads at every call of the contract and malformed commands at both
 * channels. Refused payloads change nothing; every reply is a spec reply;
 * the simulator still serves afterwards.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../../src/api/types/realtime.ts';
import { createWorld, type TestWorld } from '../../../support/sim.ts';
import { CALLS, channelJunk, fieldsOf, malformed, REFUSALS, spec, wireOf } from './malformed.ts';

let w: TestWorld;
let token: string;
const cases = { malformed: 0, wellTyped: 0, commands: 0 };
beforeAll(async () => {
  w = await createWorld();
  token = (await w.sim.backOffice.seedUser({ email: 'fuzz@example.com', password: 'secret123' }))
    .token;
});
afterAll(() => {
  w.sim.stop();
  console.log(
    `edge fuzz, in process: ${cases.malformed} malformed and ${cases.wellTyped} random well-typed payloads over ${CALLS.length} calls, ${cases.commands} channel commands`,
  );
});

/** Values of the right kinds but random content: the handlers must answer, not crash. */
const wellTyped = (fields: string[]) =>
  fc.dictionary(
    fields.length ? fc.constantFrom(...fields) : fc.constant('x'),
    fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.double(), fc.constant(null)),
    { maxKeys: 6 },
  );

describe('fuzz: calls in process', () => {
  it('refuses a malformed payload at every call with 1001/501/23558, changing nothing', async () => {
    for (const name of CALLS) {
      await fc.assert(
        fc.asyncProperty(malformed(name), async (payload) => {
          const before = JSON.stringify(w.sim.ctx.state);
          const r = spec(await w.sim.handle(wireOf(name, payload, token)));
          expect(REFUSALS, `${name} ${JSON.stringify(payload)?.slice(0, 80)}`).toContain(r.code);
          const after = JSON.stringify(w.sim.ctx.state);
          if (after !== before) {
            const at = [...after].findIndex((c, i) => c !== before[i]);
            expect.fail(`${name} changed the state at …${after.slice(at - 80, at + 40)}`);
          }
          cases.malformed++;
        }),
        { numRuns: 30, seed: 11 },
      );
    }
    expect(spec(await w.sim.handle(wireOf('productList', {}, token))).code).toBe(0);
  });

  it('answers a well-typed payload with random content at every call with a spec reply, never a crash', async () => {
    for (const name of CALLS) {
      await fc.assert(
        fc.asyncProperty(wellTyped(fieldsOf(name)), async (payload) => {
          const res = await w.sim.handle(wireOf(name, payload, token));
          const r = spec(res);
          expect(r.code, `${name} ${JSON.stringify(payload)}`).not.toBe(1000);
          cases.wellTyped++;
        }),
        { numRuns: 30, seed: 12 },
      );
    }
    expect(spec(await w.sim.handle(wireOf('userInfo', {}, token))).code).toBe(0);
  });
});

describe('fuzz: channels in process', () => {
  it('ignores malformed commands on both channels; ticks still reach every client', async () => {
    const before = JSON.stringify(w.sim.ctx.state.users);
    for (const name of ['market', 'exchange'] as const) {
      const conn = await w.sim.connect(name, { message: () => {}, closed: () => {} });
      await fc.assert(
        fc.asyncProperty(channelJunk, async (cmd) => {
          await conn.send(cmd as never);
          cases.commands++;
        }),
        { numRuns: 500, seed: 13 },
      );
    }
    expect(JSON.stringify(w.sim.ctx.state.users)).toBe(before);
    const got: ServerMessage[] = [];
    const later = await w.sim.connect('market', { message: (m) => got.push(m), closed: () => {} });
    await later.send({ op: 'sub', topic: 'kline', symbol: 'BTCUSDT', period: '1min' });
    w.clock.advance(3_000);
    expect(got.some((m) => 'topic' in m && m.topic === 'kline')).toBe(true);
  });
});
