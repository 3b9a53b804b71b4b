/**
 * The per-address share of the password-hash queue is a host limit like the
 * others (`SIM_LIMIT_ADDRESS_HASHES_WAITING`, limits.ts), not only an option
 * of the pool: `sim:server` as its own process, with a share of 1, answers
 * one address's sign-ins past it with 429 and changes nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { limitsFromEnv } from '../../../../src/simulator/host/limits.ts';
import { startLiveServer, type LiveServer } from '../../../e2e/live-server.ts';
import { slow } from '../../../support/time-scale.ts';
import { call, PATHS } from './kit.ts';

let srv: LiveServer | undefined;
afterAll(() => srv?.stop());

describe('SIM_LIMIT_ADDRESS_HASHES_WAITING', () => {
  it('is read from the environment', () => {
    expect(limitsFromEnv({ SIM_LIMIT_ADDRESS_HASHES_WAITING: '3' }).addressHashesWaiting).toBe(3);
    expect(() => limitsFromEnv({ SIM_LIMIT_ADDRESS_HASHES_WAITING: '0' })).toThrow(
      'SIM_LIMIT_ADDRESS_HASHES_WAITING must be a positive number',
    );
  });

  it(
    'bounds the hashes one address has waiting in sim:server',
    async () => {
      srv = await startLiveServer(8, { SIM_LIMIT_ADDRESS_HASHES_WAITING: '1' });
      const n = 12;
      for (let i = 0; i < n; i++)
        await srv.call('seedUser', { email: `h${i}@example.com`, password: 'secret123' });
      const replies = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          call(srv!.port, PATHS.login, {
            from: '127.0.0.2',
            body: JSON.stringify({
              username: `h${i}@example.com`,
              password: 'secret123',
              type: 'E',
            }),
          }),
        ),
      );
      const statuses = replies.map((r) => r.status);
      console.log(`12 sign-ins at once, a share of 1 waiting: ${statuses.join(' ')}`);
      // The threads' slots and one waiting are served; the rest are told to come back.
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      // Another address is still served.
      const other = await call(srv.port, PATHS.login, {
        from: '127.0.0.3',
        body: JSON.stringify({ username: 'h0@example.com', password: 'secret123', type: 'E' }),
      });
      expect(other.status).toBe(200);
    },
    slow(60_000),
  );
});
