/**
 * Waits for a line the page logs (console.debug), without running anything in
 * the page: Playwright's waitForFunction and waitForSelector first evaluate its
 * injected script in the page (about 10 ms of main thread, 40 ms at 4x CPU
 * throttling), which fell inside the start-up they measured, in both our app
 * and the reference page, and counted among its long tasks.
 */
import type { Page } from 'playwright-core';

/** Loads `url` and resolves when the page logs `line`; rejects after `timeoutMs`. */
export async function gotoUntilSignal(
  page: Page,
  url: string,
  line: string,
  timeoutMs = 30_000,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const signal = new Promise<void>((resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no "${line}" from ${url} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    page.on('console', (m) => {
      if (m.text() === line) resolve();
    });
  });
  try {
    await page.goto(url);
    await signal;
  } finally {
    clearTimeout(timer);
  }
}
