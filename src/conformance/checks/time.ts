/**
 * Time: the contract has no clock call, so the server's clock is read where
 * it shows: the HTTP Date header and the quotes' stamps (lastUpdate, a
 * delta's time). The app computes market hours, countdowns and the chart's
 * bars from them against its own clock.
 */
import type { OptionOrder } from '../../api/types/trading.ts';
import { CheckFailure, Skip, sleep, type Check, type Kit } from '../kit.ts';
import { kitOption, type KitOption } from './calls.ts';
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
  tc(
    'option-settles',
    SPEC.demo,
    "the kit's demo option (calls.addOrderOption) settles once its term is over: checkOptionCompletion completed, userOptionDetail with priceEnd, winLost and completeTime, userOptionHistory (finished) lists it",
    async (kit) => {
      const budget = (kit.opts.settleMs ?? 35_000) * kit.slack;
      let o: KitOption;
      try {
        o = await kitOption(kit);
      } catch (e) {
        if (e instanceof Skip) throw e;
        throw new Skip('no option to watch: calls.addOrderOption failed');
      }
      if (o.timeLong * 1000 > budget)
        throw new Skip(
          `the shortest option term is ${o.timeLong} s, longer than the kit waits (${budget} ms): checked as placed and running only`,
        );
      const wait = o.endsAt - Date.now();
      if (wait > 0) await sleep(wait + 200);
      // A fresh token: the run's sessions of the account may have ended (passwordSubmit, sign-out).
      const token = (await kit.booksOf(o.account)).demo;
      const end = Date.now() + 10_000 * kit.slack;
      for (;;) {
        const r = await kit.ok('checkOptionCompletion', { uid: o.uid }, token);
        if ((r.data as { completed?: boolean }).completed === true) break;
        if (Date.now() > end)
          throw new CheckFailure(
            `checkOptionCompletion completed within ${10 * kit.slack} s of the option's end`,
            r.ex,
            'completed false',
          );
        await sleep(500);
      }
      const d = (await kit.ok('userOptionDetail', { uid: o.uid }, token)).data as OptionOrder;
      if (
        d.positionStatus !== 1 ||
        d.completeTime === null ||
        d.priceEnd === null ||
        d.winLost === null
      )
        throw new CheckFailure(
          'the settled option: positionStatus 1, completeTime, priceEnd and winLost',
          kit.last,
          `positionStatus ${d.positionStatus}, completeTime ${d.completeTime}, priceEnd ${d.priceEnd}, winLost ${d.winLost}`,
        );
      const h = await kit.ok('userOptionHistory', { limit: 10, page: 1, positionStatus: 1 }, token);
      const items = (h.data as { items: OptionOrder[] }).items;
      if (!items.some((i) => i.uid === o.uid || i.id === o.uid))
        throw new CheckFailure(
          `the finished options (userOptionHistory positionStatus 1) to list option ${o.uid}`,
          h.ex,
          'not on the first page',
        );
    },
  ),
];
