/**
 * Gives the main thread back between start-up steps, so input, paint and the
 * worker's messages are not held behind one long task (issue 14: no task
 * over 50 ms). scheduler.yield keeps this work's place at the front of the
 * queue where the browser has it; elsewhere a message-channel task, which
 * (unlike setTimeout) is not clamped to 4 ms or throttled in the background.
 */
export function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (s?.yield) return s.yield();
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      resolve();
    };
    ch.port2.postMessage(null);
  });
}
