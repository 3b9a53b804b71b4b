/**
 * Scenario switches for reviewers and tests: force a reply code or an HTTP
 * status on the next matching call, delay replies, return a malformed body.
 */
import type { CallName } from '../api/contract.ts';

export interface ForcedReply {
  /** Which call; any call when absent. */
  call?: CallName;
  /** Reply code to answer with (HTTP 200). */
  code?: number;
  msg?: string;
  /** HTTP status to answer with instead. */
  status?: number;
  /** A raw body (for example, not JSON). */
  body?: string;
  /** How many matching calls it applies to (default 1). */
  times?: number;
}

export interface DelayRule {
  call?: CallName;
  ms: number;
  times?: number;
  /**
   * Hold the reply after the call is handled and saved, not before: what it
   * changed is already true for every other call while its own reply is late
   * (a server slow to answer after its commit: a password change's 401s reach
   * the client's other calls first).
   */
  after?: boolean;
}

/** Where the armed rules live: the simulator's (persisted) state, or memory. */
export interface ScenarioStore {
  forced: ForcedReply[];
  delays: DelayRule[];
}

/** The reviewer's armed replies and delays (forced codes, HTTP statuses, slow calls), matched per call. */
export class Scenarios {
  /**
   * `store`: the state's faults section, so what is armed survives a page
   * load (`persist` saves it after each change); a fresh one without.
   */
  constructor(
    private readonly store: ScenarioStore = { forced: [], delays: [] },
    private readonly persist: () => void = () => {},
  ) {}

  force(rule: ForcedReply): void {
    this.store.forced.push({ times: 1, ...rule });
    this.persist();
  }

  delay(rule: DelayRule): void {
    this.store.delays.push({ times: 1, ...rule });
    this.persist();
  }

  clear(): void {
    this.store.forced.splice(0);
    this.store.delays.splice(0);
    this.persist();
  }

  private take<T extends { call?: CallName; times?: number }>(
    list: T[],
    call: CallName,
  ): T | undefined {
    const i = list.findIndex((r) => !r.call || r.call === call);
    if (i < 0) return undefined;
    const rule = list[i] as T;
    rule.times = (rule.times ?? 1) - 1;
    if (rule.times <= 0) list.splice(i, 1);
    this.persist();
    return { ...rule };
  }

  takeForced(call: CallName): ForcedReply | undefined {
    return this.take(this.store.forced, call);
  }

  takeDelay(call: CallName): { ms: number; after: boolean } {
    const rule = this.take(this.store.delays, call);
    return { ms: rule?.ms ?? 0, after: rule?.after === true };
  }

  /** What is armed, for the reviewer console. */
  list(): { forced: ForcedReply[]; delays: DelayRule[] } {
    // Plain copies: the state's objects are proxies (persist/tracker.ts), which no message can carry.
    return {
      forced: this.store.forced.map((r) => ({ ...r })),
      delays: this.store.delays.map((r) => ({ ...r })),
    };
  }
}
