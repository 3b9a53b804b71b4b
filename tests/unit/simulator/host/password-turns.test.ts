/**
 * Password hashing takes turns between addresses (password-pool.ts over
 * fair-queue.ts). Found by attacking the host: one address signing in to 24
 * of its own accounts at once, well within its call rate, queued its hashes
 * in front of everyone's, and another address's sign-in went from about
 * 25 ms to 0.5–2.7 s. Now the other address waits for about one hash, and
 * the flooding address past its share of the queue is answered 429.
 */
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordPool } from '../../../../src/simulator/host/password-pool.ts';
import { slow } from '../../../support/time-scale.ts';
import { call, flood, type Host, PATHS, pct, sleep, startHost } from './kit.ts';

const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.9';
const ACCOUNTS = 24;

let h: Host | undefined;
let closePool: (() => Promise<void>) | undefined;
afterEach(async () => {
  await h?.close();
  await closePool?.();
  h = undefined;
});

async function signIn(port: number, from: string, username: string) {
  const t0 = performance.now();
  const r = await call(port, PATHS.login, {
    from,
    body: JSON.stringify({ username, password: 'secret123', type: 'E' }),
  });
  const code = r.status === 200 ? (JSON.parse(r.body) as { code: number }).code : -1;
  return { status: r.status, code, ms: performance.now() - t0 };
}

/** The owner's sign-in times, one after another. */
async function owner(port: number, n: number) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await signIn(port, OWNER, 'owner@example.com');
    expect(r.code).toBe(0);
    ms.push(r.ms);
  }
  return ms;
}

describe('password hashing takes turns between addresses', () => {
  it(
    "one address signing in to many accounts at once does not hold up another address's sign-in",
    async () => {
      // A share of 16 waiting (the default is 8) keeps the attacker's own wait well apart from the owner's.
      const pool = createPasswordPool({ threads: 1, addressQueue: 16 });
      closePool = () => pool.close();
      // Every sign-in of the attack in hand at once: the pool's turns are what is tested here,
      // not the host's per-address turns (limits.ts addressCallsAtOnce), which would hold them first.
      h = await startHost({ addressCallsAtOnce: ACCOUNTS }, { passwordHasher: pool });
      await h.sim.backOffice.seedUser({ email: 'owner@example.com', password: 'secret123' });
      for (let i = 0; i < ACCOUNTS; i++)
        await h.sim.backOffice.seedUser({ email: `a${i}@example.com`, password: 'secret123' });
      const port = h.port;
      await owner(port, 3); // warm
      const alone = await owner(port, 8);

      // Each lane signs in to its own account again as soon as it is answered (its own thread).
      let attacking = true;
      const attack = flood({
        port,
        path: PATHS.login,
        from: [ATTACKER],
        concurrency: ACCOUNTS,
        bodies: Array.from({ length: ACCOUNTS }, (_, k) =>
          JSON.stringify({ username: `a${k}@example.com`, password: 'secret123', type: 'E' }),
        ),
        durationMs: 5_000,
        pauseAfter429Ms: 20,
      }).finally(() => (attacking = false));
      await sleep(500); // the queue fills
      const during = await owner(port, 8);
      const within = attacking;
      const f = await attack;
      const figures =
        `owner's sign-in p50 ${pct(during, 50).toFixed(0)} ms (max ${Math.max(...during).toFixed(0)}) ` +
        `during, ${pct(alone, 50).toFixed(0)} ms alone; the attacker's own p50 ${pct(f.okMs, 50).toFixed(0)} ms, ` +
        `replies ${JSON.stringify(f.statuses)} in ${f.ms} ms`;
      console.log(figures);
      // The attack lasted the whole measurement and kept the hashing busy.
      expect(within, figures).toBe(true);
      expect(f.okMs.length, figures).toBeGreaterThan(20);
      // Past its share the attacker is answered 429.
      expect(f.statuses[429] ?? 0, figures).toBeGreaterThan(0);
      // Compared with the attacker's own sign-ins in the same moments (the machine's load is
      // the same for both): in arrival order the owner waited as long as they did, behind the
      // whole queue; in turns it waits for about one hash, they for their share of the queue.
      expect(pct(during, 50), figures).toBeLessThan(0.5 * pct(f.okMs, 50));
    },
    slow(90_000),
  );
});
