/**
 * Time: the contract has no clock call, so the server's clock is read where
 * it shows: the HTTP Date header and the quotes' stamps (lastUpdate, a
 * delta's time). The app computes market hours, countdowns and the chart's
 * bars from them against its own clock.
 */
import { CheckFailure, Skip, type Check, type Kit } from '../kit.ts';
import { SPEC } from './spec.ts';
import { openProduct } from './market-data.ts';

const tc = (id: string, spec: string, title: string, run: (kit: Kit) => Promise<void>): Check => ({
  id: `time.${id}`,
  area: 'time',
  spec,
  title,
  run,
});

export const timeChecks: Check[] = [
  tc(
    'http-date',
    SPEC.calls,
    "the HTTP Date header within the tolerance of this machine's clock",
    async (kit) => {
      const r = await kit.call('productList');
      const date = r.ex.headers.date;
      if (!date) throw new Skip('the server sends no Date header');
      const skew = Date.parse(date) - Date.now();
      if (Math.abs(skew) > kit.toleranceMs + 1_000)
        throw new CheckFailure(
          `the Date header within ${kit.toleranceMs} ms of this machine's clock`,
          r.ex,
          `${skew} ms off`,
        );
    },
  ),
  tc(
    'quote-stamps',
    SPEC.entities,
    "an open product's quote (thumb) stamped within the tolerance of this machine's clock",
    async (kit) => {
      const { info } = await openProduct(kit);
      const t0 = Date.now();
      const r = await kit.call('thumb', { symbol: info.productCode });
      const stamp = Number((r.data as { lastUpdate?: unknown } | undefined)?.lastUpdate);
      const skew = stamp - t0;
      if (!Number.isFinite(stamp) || Math.abs(skew) > kit.toleranceMs)
        throw new CheckFailure(
          `data.lastUpdate within ${kit.toleranceMs} ms of this machine's clock`,
          r.ex,
          Number.isFinite(stamp) ? `${skew} ms off` : 'no lastUpdate',
        );
    },
  ),
  tc(
    'channel-stamps',
    SPEC.topics,
    'price deltas stamped (time) within the tolerance of when they arrive',
    async (kit) => {
      const s = await kit.open(kit.opts.wsMarket);
      s.send({ op: 'sub', topic: 'prices', delta: true });
      const deltas = () =>
        s.got.filter((g) => typeof (g.msg as { time?: unknown } | undefined)?.time === 'number');
      await s.until(() => deltas().length >= 3, 5_000, 'three price deltas');
      for (const g of deltas().slice(0, 3)) {
        const skew = (g.msg as { time: number }).time - g.at;
        if (Math.abs(skew) > kit.toleranceMs)
          throw new CheckFailure(
            `time within ${kit.toleranceMs} ms of arrival`,
            undefined,
            `${skew} ms off in ${g.raw.slice(0, 200)}`,
          );
      }
      s.close();
    },
  ),
];
