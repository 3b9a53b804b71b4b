/**
 * Who a connection comes from, for the host's per-address shares
 * (limits.ts): the client's IPv4 address, or the /64 prefix of an IPv6 one
 * (a subscriber is usually handed a whole /64, so counting single IPv6
 * addresses would let one client take any number of shares).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';

/** The header the host sets on every wire request with the client's address (never a client's copy). */
export { PEER_HEADER } from '../payload.ts';

/** Expand an IPv6 address to its eight groups. */
function groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const a = head ? head.split(':') : [];
  const b = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(8 - a.length - b.length).fill('0');
  return [...a, ...fill, ...b];
}

/** The share key of an address: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64. */
export function addressKey(ip: string | undefined): string {
  if (!ip) return '?';
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1] as string;
  if (!isIPv6(ip)) return ip;
  const g = groups(ip.split('%')[0] as string).slice(0, 4);
  return `${g.map((x) => parseInt(x || '0', 16).toString(16)).join(':')}::/64`;
}

/**
 * The client's address of a request: the TCP peer's, or, behind a trusted
 * proxy, the last `X-Forwarded-For` entry (the one the proxy itself added).
 */
export function peerOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const last = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? '')).split(',').pop()?.trim();
    if (last) return addressKey(last);
  }
  return addressKey(req.socket.remoteAddress);
}

/** Counts of things held per key (connections, sockets), with a cap per key. */
export class Shares {
  private readonly held = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** Take one for a key; false (nothing taken) when the key holds its cap already. */
  take(key: string): boolean {
    const n = this.held.get(key) ?? 0;
    if (n >= this.cap) return false;
    this.held.set(key, n + 1);
    return true;
  }

  /** Give one back. */
  give(key: string): void {
    const n = (this.held.get(key) ?? 0) - 1;
    if (n > 0) this.held.set(key, n);
    else this.held.delete(key);
  }

  count(key: string): number {
    return this.held.get(key) ?? 0;
  }
}

/**
 * The address of the call being handled, across its awaits (the host runs
 * each call in it), for shares that are taken deep inside the simulator: a
 * password hash (password-pool.ts) is queued in its caller's turn.
 */
export const callPeer = new AsyncLocalStorage<string>();

/** A call refused because its address's line of calls waiting for a turn is full. */
export class LineFull extends Error {
  constructor() {
    super('too many calls waiting');
  }
}

/**
 * Turns per address: at most `atOnce` tasks of one address run at once, the
 * rest wait in order, at most `waiting` of them (past them: {@link LineFull}).
 * Other addresses never wait for it: it bounds the work one address has in
 * hand, and so what another's call queues behind on the host's one thread.
 */
export class Turns {
  private readonly running: Shares;
  private readonly lines = new Map<string, Array<() => void>>();

  constructor(
    atOnce: number,
    private readonly waiting: number,
  ) {
    this.running = new Shares(atOnce);
  }

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (!this.running.take(key)) {
      const line = this.lines.get(key) ?? [];
      if (line.length >= this.waiting) throw new LineFull();
      // The turn is handed over by the task that ends (its share stays taken).
      await new Promise<void>((resolve) => {
        line.push(resolve);
        this.lines.set(key, line);
      });
    }
    try {
      return await task();
    } finally {
      const line = this.lines.get(key);
      const next = line?.shift();
      if (line?.length === 0) this.lines.delete(key);
      if (next) next();
      else this.running.give(key);
    }
  }
}
