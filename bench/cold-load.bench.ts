/**
 * Cold load to the first live price on screen, in headless Chromium against
 * the production build (fresh profile each run, so no cache and no saved state).
 */
import { execSync, spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import type { BenchResult } from './types.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const PORT = 4391;

export async function run(): Promise<BenchResult[]> {
  execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
  const server = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  try {
    for (let i = 0; i < 100; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    const times: number[] = [];
    const longTasks: number[] = [];
    const startup: number[] = [];
    for (let i = 0; i < 5; i++) {
      const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await ctx.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __long: Array<[number, number]> };
        w.__long = [];
        new PerformanceObserver((l) =>
          l.getEntries().forEach((e) => w.__long.push([e.startTime, e.duration])),
        ).observe({
          type: 'longtask',
          buffered: true,
        });
      });
      const t0 = Date.now();
      await page.goto(`http://127.0.0.1:${PORT}/`);
      await page.waitForSelector('[data-testid^="row-bid-"]');
      times.push(Date.now() - t0);
      const shown = await page.evaluate(() => performance.now());
      // Then stream the whole table for 3 s and collect long tasks.
      await page.waitForTimeout(3000);
      const tasks = await page.evaluate(
        () => (window as unknown as { __long: Array<[number, number]> }).__long,
      );
      startup.push(...tasks.filter(([s]) => s < shown).map(([, d]) => d));
      longTasks.push(...tasks.filter(([s]) => s >= shown).map(([, d]) => d));
      await ctx.close();
    }
    await browser.close();
    times.sort((a, b) => a - b);
    return [
      {
        name: 'cold load to first live price (median of 5)',
        value: times[2] ?? NaN,
        unit: 'ms',
        max: 1000,
      },
      { name: 'cold load to first live price (worst of 5)', value: times[4] ?? NaN, unit: 'ms' },
      {
        name: 'longest task while streaming the product table (3 s)',
        value: Math.max(0, ...longTasks),
        unit: 'ms',
        max: 50,
        note: `${longTasks.length} long task(s)`,
      },
      {
        name: 'longest task during start-up',
        value: Math.max(0, ...startup),
        unit: 'ms',
        note: `${startup.length} long task(s)`,
      },
    ];
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}
