/**
 * The channel faults a reviewer arms (the back office; channels.ts acts on
 * them): a frozen channel's connections stay open but silent; a stalled
 * channel's next connections do not open, held until the channel is dropped
 * or the stall lifted, when they fail as a network error would.
 *
 * The counts and the frozen list are the simulator's state (persisted, so
 * they survive the page load that restarts the page's worker); `persist`
 * saves them after each change. Without them, kept in memory.
 */
import type { ChannelName } from '../api/wire.ts';

/** The channel faults a reviewer arms: dropped connections, stalled handshakes, frozen channels. */
export class ChannelFaults {
  /** Connection attempts held unopened by the stall; `refuse` fails one. */
  private readonly held = new Set<{ name: ChannelName; refuse: (e: Error) => void }>();

  constructor(
    private readonly stalls: Partial<Record<ChannelName, number>> = {},
    private readonly frozen: ChannelName[] = [],
    private readonly persist: () => void = () => {},
  ) {}

  /**
   * Let a new connection of a channel open: at once, or (stall) never: held
   * until the channel is dropped or the stall lifted. Hosts call it before
   * they open anything.
   */
  admit(name: ChannelName): Promise<void> {
    const left = this.stalls[name] ?? 0;
    if (left <= 0) return Promise.resolve();
    this.stalls[name] = left - 1;
    this.persist();
    return new Promise((_, reject) => this.held.add({ name, refuse: reject }));
  }

  /** The next `more` connections of a channel do not open; 0 lifts the stall (held ones fail). */
  stall(name: ChannelName, more: number): void {
    this.stalls[name] = more > 0 ? (this.stalls[name] ?? 0) + more : 0;
    this.persist();
    if (more <= 0) this.refuseHeld(name, 'stall lifted');
  }

  /** Connections of a channel still to be held. */
  stalled(name: ChannelName): number {
    return this.stalls[name] ?? 0;
  }

  /** Fail every connection of a channel held by the stall (it was lifted, or the channel dropped). */
  refuseHeld(name: ChannelName, reason: string): void {
    for (const h of [...this.held]) {
      if (h.name !== name) continue;
      this.held.delete(h);
      h.refuse(new Error(reason));
    }
  }

  freeze(name: ChannelName, on: boolean): void {
    const i = this.frozen.indexOf(name);
    if (on && i < 0) this.frozen.push(name);
    else if (!on && i >= 0) this.frozen.splice(i, 1);
    else return;
    this.persist();
  }

  isFrozen(name: ChannelName): boolean {
    return this.frozen.includes(name);
  }
}
