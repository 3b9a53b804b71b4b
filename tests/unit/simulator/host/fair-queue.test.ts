/**
 * The host's fair queue (password hashing takes turns between callers'
 * addresses): the order of service, and who is refused when lines fill.
 */
import { describe, expect, it } from 'vitest';
import { FairQueue, QueueFull } from '../../../../src/simulator/host/fair-queue.ts';

/** Queue tasks named `<key><n>` at once; resolves to the order they ran in and each outcome. */
async function runAll(q: FairQueue, names: string[]) {
  const ran: string[] = [];
  const outcomes = await Promise.allSettled(
    names.map((n) =>
      q.run(n.slice(0, 1), async () => {
        ran.push(n);
        await new Promise((r) => setTimeout(r, 1));
        return n;
      }),
    ),
  );
  const refused = names.filter((_, i) => {
    const o = outcomes[i];
    return o?.status === 'rejected' && o.reason instanceof QueueFull;
  });
  return { ran, refused };
}

describe('FairQueue', () => {
  it('serves waiting callers in turns, not in arrival order', async () => {
    const q = new FairQueue({ slots: 1, perKey: 10, total: 100 });
    const { ran, refused } = await runAll(q, ['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2']);
    expect(ran).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4']);
    expect(refused).toEqual([]);
    expect(q.size).toBe(0);
  });

  it('a caller that comes while another is being served goes next', async () => {
    const q = new FairQueue({ slots: 1, perKey: 10, total: 100 });
    const ran: string[] = [];
    let late: Promise<unknown> | undefined;
    const task = (n: string) => async () => {
      ran.push(n);
      // b comes while a's second task runs: a has had its turn, b has not.
      if (n === 'a2') late = q.run('b', task('b1'));
      await new Promise((r) => setTimeout(r, 1));
    };
    await Promise.all(['a1', 'a2', 'a3', 'a4'].map((n) => q.run('a', task(n))));
    await late;
    expect(ran).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it("refuses past a caller's share of waiting tasks; another caller still gets in", async () => {
    const q = new FairQueue({ slots: 1, perKey: 2, total: 100 });
    // a1 runs at once; a2 and a3 wait; a4 and a5 are over a's share.
    const { ran, refused } = await runAll(q, ['a1', 'a2', 'a3', 'a4', 'a5', 'b1']);
    expect(refused).toEqual(['a4', 'a5']);
    expect(ran).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('when full, refuses the newest task of the longest line, never a newcomer', async () => {
    const q = new FairQueue({ slots: 1, perKey: 10, total: 4 });
    // a1 runs; a2..a5 fill the queue; b1 takes a5's place; a6 is refused (a holds the most).
    const { ran, refused } = await runAll(q, ['a1', 'a2', 'a3', 'a4', 'a5', 'b1', 'a6']);
    expect(refused).toEqual(['a5', 'a6']);
    expect(ran).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  });

  it('a task that throws frees its slot for the next', async () => {
    const q = new FairQueue({ slots: 1, perKey: 10, total: 10 });
    const failing = q.run('a', () => {
      throw new Error('boom');
    });
    const next = q.run('b', () => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ran');
  });
});
