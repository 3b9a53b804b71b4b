/**
 * A stand-in for the simulator's responsible-trading handlers (built on the
 * rt-server branch at the same time, not in this one): the rules of
 * api/types/responsible.ts for rtLimits, rtSetLimits and rtSelfExclude, on a
 * fixed clock, with a failure code that can be armed per call. Once both
 * branches are merged the path spec runs on the real actors
 * (responsibleActors(world.api)) and this file goes.
 */
import type { CallResult } from '../../../src/api/client.ts';
import type { CallName } from '../../../src/api/contract.ts';
import type { RtKey, RtLimits, RtPending, RtState } from '../../../src/api/types/responsible.ts';
import { RT_KEYS, valueOf } from '../../../src/machines/responsible/form.ts';

export const NOW = Date.UTC(2026, 2, 10, 15, 0, 0);
export const ZONE = 'America/New_York';
export const COOLING_OFF_MS = 24 * 3_600_000;
const DAY = 86_400_000;

export const initialState = (): RtState => ({
  limits: { deposit: {}, loss: {}, turnover: {} },
  pending: [],
  usage: {
    deposit: { day: 50, week: 120, month: 300 },
    loss: { day: 0, week: 10, month: 25.5 },
    turnover: { day: 200, week: 800, month: 1500 },
  },
  resets: { day: NOW + DAY / 4, week: NOW + 4 * DAY, month: NOW + 21 * DAY },
  coolingOffMs: COOLING_OFF_MS,
  timezone: ZONE,
});

function put(limits: RtLimits, key: RtKey, v: number | undefined) {
  if (key === 'sessionMinutes' || key === 'realityCheckMinutes') {
    if (v === undefined) delete limits[key];
    else limits[key] = v;
    return;
  }
  const [l, p] = key.split('.') as ['deposit', 'day'];
  if (v === undefined) delete limits[l][p];
  else limits[l][p] = v;
}

/**
 * The server's answer to a wanted set of limits: a lower or new limit applies
 * at once; a raise or removal waits for the cooling-off period; asking for
 * the value in force drops a pending change.
 */
export function applyLimits(rt: RtState, wanted: RtLimits, now = NOW): RtState {
  const next: RtState = structuredClone(rt);
  for (const key of RT_KEYS) {
    const cur = valueOf(rt.limits, key);
    const want = valueOf(wanted, key);
    next.pending = next.pending.filter((p) => p.key !== key);
    if (want === cur) continue;
    const loosens = cur !== undefined && (want === undefined || want > cur);
    if (loosens) {
      const old = rt.pending.find((p) => p.key === key);
      const value = want ?? null;
      const appliesAt = old && old.value === value ? old.appliesAt : now + rt.coolingOffMs;
      next.pending.push({ key, value, appliesAt } satisfies RtPending);
    } else put(next.limits, key, want);
  }
  return next;
}

const ok = <K extends CallName>(data: CallResult<K>['data']): CallResult<K> => ({
  code: 0,
  data,
  reply: null,
  message: '',
});
const refused = <K extends CallName>(code: number): CallResult<K> => ({
  code,
  data: null,
  reply: null,
  message: `refused (code ${code})`,
});

export class FakeRtServer {
  state: RtState = initialState();
  excludedUntil: number | undefined;
  calls: CallName[] = [];
  private armed = new Map<CallName, number>();

  /** The next call of this name is refused with `code`. */
  fail(call: CallName, code: number): void {
    this.armed.set(call, code);
  }

  private take(call: CallName): number | undefined {
    this.calls.push(call);
    const code = this.armed.get(call);
    this.armed.delete(call);
    return code;
  }

  async limits(): Promise<CallResult<'rtLimits'>> {
    const code = this.take('rtLimits');
    return code ? refused(code) : ok(structuredClone(this.state));
  }

  async setLimits(p: { limits: RtLimits }): Promise<CallResult<'rtSetLimits'>> {
    const code = this.take('rtSetLimits');
    if (code) return refused(code);
    this.state = applyLimits(this.state, p.limits);
    return ok(structuredClone(this.state));
  }

  async selfExclude(p: { until: number }): Promise<CallResult<'rtSelfExclude'>> {
    const code = this.take('rtSelfExclude');
    if (code) return refused(code);
    if (p.until < NOW + DAY || p.until > NOW + 5 * 366 * DAY) return refused(23500);
    this.excludedUntil = p.until;
    return ok(null);
  }
}
