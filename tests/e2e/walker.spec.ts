/**
 * The walker (tests/walker/walk.ts) in the suite: a bounded budget of seeded
 * random walks on a phone and a desktop (the desktop walk over the wire only), in both projects (the built-in
 * simulator, and `sim:server` over HTTP and WebSocket). `npm run test:walk`
 * runs it for as long as asked (WALK_MINUTES, WALK_SEED, WALK_RUNS,
 * WALK_STEPS, WALK_VIEWPORT, WALK_PATH and WALK_REPLAY replay a failure).
 */
import { test, expect } from './fixtures.ts';
import { walk } from '../walker/walk.ts';

const env = process.env;
const minutes = Number(env.WALK_MINUTES ?? 0);
const viewports = (env.WALK_VIEWPORT ?? 'phone,desktop').split(',');

for (const view of ['phone', 'desktop'] as const) {
  test(
    `random walk on a ${view} finds no broken invariant`,
    // The desktop walk runs over the wire only (@wire): the phone walk covers the page's
    // simulator, and the suite's 30 minutes have no room for a fourth walk.
    { tag: view === 'desktop' ? ['@live', '@wire'] : '@live' },
    async ({ browser, live }) => {
      test.skip(!viewports.includes(view), `WALK_VIEWPORT leaves out the ${view}`);
      const budgetMs = minutes ? minutes * 60_000 : 100_000;
      test.setTimeout(budgetMs + 120_000);
      const seed = Number(env.WALK_SEED ?? (view === 'phone' ? 4101 : 4102) + (live ? 10 : 0));
      const result = await walk({
        browser,
        ...(live ? { live } : {}),
        phone: view === 'phone',
        seed,
        runs: Number(env.WALK_RUNS ?? (minutes ? 100_000 : 2)),
        steps: Number(env.WALK_STEPS ?? 25),
        timeLimitMs: budgetMs,
        ...(env.WALK_PATH ? { path: env.WALK_PATH } : {}),
        ...(env.WALK_REPLAY ? { replayPath: env.WALK_REPLAY } : {}),
        log: (l) => console.log(`[walk ${view}${live ? ' live' : ''}] ${l}`),
      });
      console.log(
        `[walk ${view}${live ? ' live' : ''}] ${result.walks} walks, ${result.steps} steps, ${result.transitions.size} machine transitions taken`,
      );
      const f = result.failure;
      expect(
        f,
        f &&
          `${f.plan}\n\nReplay: WALK_SEED=${f.seed} WALK_PATH=${f.path} WALK_REPLAY=${f.replayPath} (shrunk ${f.shrinks} times)`,
      ).toBeUndefined();
    },
  );
}
