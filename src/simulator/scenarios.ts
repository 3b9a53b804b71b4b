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
}

export class Scenarios {
  private forced: ForcedReply[] = [];
  private delays: DelayRule[] = [];

  force(rule: ForcedReply): void {
    this.forced.push({ times: 1, ...rule });
  }

  delay(rule: DelayRule): void {
    this.delays.push({ times: 1, ...rule });
  }

  clear(): void {
    this.forced = [];
    this.delays = [];
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
    return rule;
  }

  takeForced(call: CallName): ForcedReply | undefined {
    return this.take(this.forced, call);
  }

  takeDelay(call: CallName): number {
    return this.take(this.delays, call)?.ms ?? 0;
  }

  /** What is armed, for the reviewer console. */
  list(): { forced: ForcedReply[]; delays: DelayRule[] } {
    return { forced: [...this.forced], delays: [...this.delays] };
  }
}
