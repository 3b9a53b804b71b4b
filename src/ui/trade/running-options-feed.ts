/**
 * The signed-in user's running options, read while anything shows them (the
 * option positions list, the chart's trade lines): one poll however many
 * watch. The positions list polls every RUNNING_REFRESH_MS, so an option
 * placed from another tab appears within a few seconds; the chart asks once,
 * again when a trade here changes, and every RUNNING_REFRESH_MS only while an
 * option runs (a desktop shows a chart all the time: most traders have none
 * running). Cleared on sign-out.
 */
import { subscribe } from 'valtio/vanilla';
import type { ApiClient } from '../../api/client.ts';
import { OPTION_RUNNING_LIMIT } from '../../config/constants.ts';
import { runningOptions } from '../../state/running-options.ts';
import { session } from '../../state/session.ts';
import { tradeEvents } from '../../state/trade-events.ts';

export const RUNNING_REFRESH_MS = 3000;

let watchers = 0;
/** Watchers that want the steady poll (the positions list). */
let pollers = 0;
let stop: (() => void) | undefined;

function start(api: ApiClient): () => void {
  let alive = true;
  const load = () => {
    if (!session.token) return;
    void api
      .call(
        'userOptionHistory',
        { page: 1, limit: OPTION_RUNNING_LIMIT, positionStatus: 0 },
        { quiet: true },
      )
      .then((r) => {
        if (alive && r.data && session.token) runningOptions.list = r.data.items;
      });
  };
  load();
  const id = setInterval(() => {
    if (pollers > 0 || (runningOptions.list?.length ?? 0) > 0) load();
  }, RUNNING_REFRESH_MS);
  // Signed out: nothing to show; signed in again (or a new token): asked at once.
  let token = session.token;
  const offSession = subscribe(session, () => {
    if (session.token === token) return;
    token = session.token;
    if (!token) runningOptions.list = undefined;
    else load();
  });
  // An option placed or settled here shows at once, not at the next poll.
  const offTrades = subscribe(tradeEvents, load);
  return () => {
    alive = false;
    clearInterval(id);
    offSession();
    offTrades();
    // A later watcher waits for a fresh list, not one from before.
    runningOptions.list = undefined;
  };
}

/**
 * Keep the running options read until the returned function is called;
 * `poll`: every RUNNING_REFRESH_MS even while none runs.
 */
export function watchRunningOptions(api: ApiClient, poll = true): () => void {
  watchers += 1;
  if (poll) pollers += 1;
  if (watchers === 1) stop = start(api);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    watchers -= 1;
    if (poll) pollers -= 1;
    if (watchers === 0) {
      stop?.();
      stop = undefined;
    }
  };
}
