/**
 * The simulator's SharedWorker heap for the soak bench: Playwright has no
 * handle on a shared worker, so this attaches to it through the browser's
 * CDP target domain (a non-flattened session, messages wrapped in
 * Target.sendMessageToTarget) to force a GC and read its heap.
 */
import type { Browser, CDPSession } from 'playwright-core';

interface Wrapped {
  sessionId: string;
  message: string;
}

export interface WorkerHeap {
  /** Used JS heap after a forced GC (MB), or NaN when no shared worker is found. */
  read(): Promise<number>;
}

export async function workerHeap(browser: Browser): Promise<WorkerHeap> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  const target = targetInfos.find((t) => t.type === 'shared_worker');
  if (!target) return { read: async () => NaN };
  const { sessionId } = await cdp.send('Target.attachToTarget', {
    targetId: target.targetId,
    flatten: false,
  });
  let seq = 0;
  const waiting = new Map<number, (r: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e: Wrapped) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message) as { id?: number; result?: unknown };
    if (m.id !== undefined) waiting.get(m.id)?.(m.result);
  });
  const call = (method: string) =>
    new Promise<unknown>((resolve) => {
      const id = ++seq;
      waiting.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method }),
      });
    });
  return {
    async read() {
      await call('HeapProfiler.collectGarbage');
      const h = (await call('Runtime.getHeapUsage')) as { usedSize: number };
      return h.usedSize / 2 ** 20;
    },
  };
}
