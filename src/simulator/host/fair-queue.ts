/**
 * A queue that takes turns between callers: at most `slots` tasks run at
 * once, and a free slot goes to the waiting caller served least lately (one
 * that just came first), not to whoever queued most. One caller's flood
 * then costs another caller the tasks already running, however many it
 * queues; several flooding callers, one task each at most.
 *
 * Waiting is bounded twice: per caller ({@link FairQueueOptions.perKey}) and
 * in all ({@link FairQueueOptions.total}). A full line refuses its own
 * caller; a full queue refuses the newest task of the longest line, so a
 * newcomer is never the one left out while another holds more.
 */

/** A task refused because its caller's line, or the whole queue, is full. */
export class QueueFull extends Error {
  constructor() {
    super('too many tasks waiting');
  }
}

export interface FairQueueOptions {
  /** Tasks running at once. */
  slots: number;
  /** Tasks waiting per caller. */
  perKey: number;
  /** Tasks waiting in all. */
  total: number;
}

interface Waiting {
  start(): void;
  refuse(): void;
}

interface Line {
  tasks: Waiting[];
  /** When the caller was last served (a count of tasks started); 0 for a newcomer. */
  served: number;
}

/** Tasks of many callers, run a few at a time in the callers' turns (see the file's comment). */
export class FairQueue {
  /** Lines by caller, only while they hold a task. */
  private readonly lines = new Map<string, Line>();
  private running = 0;
  private waiting = 0;
  private started = 0;

  constructor(private readonly opts: FairQueueOptions) {}

  /** Tasks waiting now (not running). */
  get size(): number {
    return this.waiting;
  }

  /**
   * Run a task in `key`'s turn; rejects with {@link QueueFull} when there is no
   * room. `share` replaces {@link FairQueueOptions.perKey} for this key.
   */
  run<T>(key: string, task: () => Promise<T>, share = this.opts.perKey): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.started++;
        // A task that throws synchronously is settled like one that rejects.
        void Promise.resolve()
          .then(task)
          .then(resolve, reject)
          .finally(() => {
            this.running--;
            this.next();
          });
      };
      if (this.running < this.opts.slots && this.waiting === 0) return start();
      const line = this.lines.get(key) ?? { tasks: [], served: 0 };
      const own = line.tasks.length;
      if (own >= share || !this.makeRoom(own)) return reject(new QueueFull());
      line.tasks.push({ start, refuse: () => reject(new QueueFull()) });
      this.lines.set(key, line);
      this.waiting++;
    });
  }

  /**
   * With the queue full, refuse the newest task of the longest line when that
   * line is longer than the caller's would be; false when the caller's is the one to refuse.
   */
  private makeRoom(own: number): boolean {
    if (this.waiting < this.opts.total) return true;
    let longest: Line | undefined;
    for (const line of this.lines.values())
      if (!longest || line.tasks.length > longest.tasks.length) longest = line;
    if (!longest || longest.tasks.length <= own + 1) return false;
    longest.tasks.pop()?.refuse();
    this.waiting--;
    return true;
  }

  private next(): void {
    while (this.running < this.opts.slots) {
      // At most `total` lines: a scan per task started.
      let turn: [string, Line] | undefined;
      for (const entry of this.lines) if (!turn || entry[1].served < turn[1].served) turn = entry;
      if (!turn) return;
      const [key, line] = turn;
      const first = line.tasks.shift() as Waiting;
      if (line.tasks.length === 0) this.lines.delete(key);
      this.waiting--;
      first.start();
      line.served = this.started;
    }
  }
}
