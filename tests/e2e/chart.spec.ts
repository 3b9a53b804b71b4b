/**
 * The product chart (trading.md §2 "Chart", §5, §9), as a user drives it:
 * controls by role and name, and what the chart shows read from its
 * accessible description (period, candle type, visible bars, indicators,
 * drawings — all read back from the chart itself) or from its pixels.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect, MOBILE, DESKTOP, screenshot, settled } from './fixtures.ts';
import { backOffice } from './sim.ts';

const chartOf = (page: Page, symbol = 'BTCUSDT') =>
  page.getByRole('img', { name: `${symbol} price chart` });

/** The chart's accessible description. */
const summary = (chart: Locator) =>
  chart.evaluate(
    (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
  );

function range(text: string) {
  const m = /Bars (\d+)–(\d+) of (\d+)/.exec(text);
  if (!m) throw new Error(`no range in "${text}"`);
  const [from, to, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return { from, to, total, width: to - from };
}

async function openChart(page: Page, size = MOBILE, path = '/chart/BTCUSDT') {
  await page.setViewportSize(size);
  await page.goto(path);
  const chart = chartOf(page, /(\w+)\/chart|chart\/(\w+)/.exec(path)?.slice(1).find(Boolean));
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  // 300 bars of history, and a live bar more each time a new period starts.
  await expect
    .poll(async () => Number(/Bars \d+–\d+ of (\d+)/.exec(await summary(chart))?.[1]))
    .toBeGreaterThanOrEqual(300);
  return chart;
}

/**
 * klinecharts takes a second click before its 500 ms click timer has fired as the
 * end of a double click, and drops it, wherever it lands (a point lost). That timer
 * starts at the mouse-down and runs on the page's main thread: on a busy machine it
 * fires late, so a wait counted in the test's own time (600 ms, as before) could end
 * first. A 600 ms timer set in the page after the click was handled fires after it,
 * however late both are: timers fire in the order of their deadlines.
 */
const pause = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 600))));

test('shows the product with a live chart; period and candle type switch and are kept', async ({
  page,
  consoleErrors,
}) => {
  const chart = await openChart(page, MOBILE, '/BTCUSDT/chart');
  await expect(page.getByRole('combobox', { name: 'Product' })).toHaveValue('BTCUSDT');
  await expect(page.getByRole('option', { name: /BTCUSDT · Bitcoin/ })).toBeAttached();
  expect(await summary(chart)).toMatch(/^1 min, Solid candles\./);

  // Live: the last candle moves without any input.
  const before = await chart.screenshot();
  await expect
    .poll(async () => (await chart.screenshot()).equals(before), { timeout: 8000 })
    .toBe(false);

  const period = page.getByRole('combobox', { name: 'Period' });
  await period.selectOption({ label: '5 min' });
  await expect.poll(() => summary(chart)).toMatch(/^5 min, Solid candles\. Bars \d+–(\d+) of \1\./);
  await period.selectOption({ label: '1 hour' });
  await expect.poll(() => summary(chart)).toMatch(/^1 hour, /);

  const candles = page.getByRole('combobox', { name: 'Candle type' });
  const solid = await chart.screenshot();
  for (const label of ['Hollow', 'Up hollow', 'Down hollow', 'OHLC', 'Area']) {
    await candles.selectOption({ label });
    await expect.poll(() => summary(chart)).toContain(`, ${label} candles.`);
  }
  expect((await chart.screenshot()).equals(solid)).toBe(false);

  await page.reload();
  await expect(period).toHaveValue('1h');
  await expect(candles).toHaveValue('area');
  await expect.poll(() => summary(chart)).toMatch(/^1 hour, Area candles\./);
  expect(consoleErrors).toEqual([]);
});

test('indicators: added and removed in the dialog, a fourth of a kind refused, kept after a reload', async ({
  page,
  consoleErrors,
}) => {
  const chart = await openChart(page);
  expect(await summary(chart)).toContain('Main indicators: MA. Sub indicators: VOL.');
  await page.getByRole('button', { name: 'Indicators' }).click();
  const dialog = page.getByRole('dialog', { name: 'Indicators' });
  await expect(dialog).toBeVisible();
  const main = dialog.getByRole('group', { name: 'Main indicators' });
  const sub = dialog.getByRole('group', { name: 'Sub indicators' });
  // The spec's two lists, and nothing else.
  const offered = {
    main: ['MA', 'EMA', 'SMA', 'BOLL', 'BBI'],
    sub: ['MA', 'EMA', 'VOL', 'MACD', 'BOLL', 'KDJ', 'RSI'],
  };
  for (const [group, names] of [
    [main, offered.main],
    [sub, offered.sub],
  ] as const) {
    await expect(group.getByRole('checkbox')).toHaveCount(names.length);
    for (const name of names)
      await expect(group.getByRole('checkbox', { name, exact: true })).toBeVisible();
  }

  await main.getByRole('checkbox', { name: 'EMA' }).check();
  await main.getByRole('checkbox', { name: 'BOLL' }).check();
  await expect.poll(() => summary(chart)).toContain('Main indicators: MA, EMA, BOLL.');
  await main.getByRole('checkbox', { name: 'BBI' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Up to 3 main indicators');
  await expect(main.getByRole('checkbox', { name: 'BBI' })).not.toBeChecked();
  expect(await summary(chart)).toContain('Main indicators: MA, EMA, BOLL.');

  await sub.getByRole('checkbox', { name: 'MACD' }).check();
  await sub.getByRole('checkbox', { name: 'KDJ' }).check();
  await sub.getByRole('checkbox', { name: 'RSI' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Up to 3 sub indicators');
  await expect(sub.getByRole('checkbox', { name: 'RSI' })).not.toBeChecked();
  await expect.poll(() => summary(chart)).toContain('Sub indicators: VOL, MACD, KDJ.');

  await main.getByRole('checkbox', { name: 'EMA' }).uncheck();
  await sub.getByRole('checkbox', { name: 'VOL' }).uncheck();
  await expect
    .poll(() => summary(chart))
    .toContain('Main indicators: MA, BOLL. Sub indicators: MACD, KDJ.');
  await screenshot(page, 'chart-indicators-mobile');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect
    .poll(() => summary(chart))
    .toContain('Main indicators: MA, BOLL. Sub indicators: MACD, KDJ.');
  await page.getByRole('button', { name: 'Indicators' }).click();
  await expect(main.getByRole('checkbox', { name: 'BOLL' })).toBeChecked();
  await expect(main.getByRole('checkbox', { name: 'EMA' })).not.toBeChecked();
  // Another symbol has its own choice.
  const eth = await openChart(page, MOBILE, '/chart/ETHUSDT');
  expect(await summary(eth)).toContain('Main indicators: MA. Sub indicators: VOL.');
  expect(consoleErrors).toEqual([]);
});

/** Each tool and where to click (fractions of the chart's box), one click per point. */
const TOOLS: Array<[string, Array<[number, number]>]> = [
  ['Horizontal line', [[0.3, 0.18]]],
  ['Vertical line', [[0.12, 0.3]]],
  [
    'Straight line',
    [
      [0.2, 0.5],
      [0.35, 0.4],
    ],
  ],
  [
    'Ray',
    [
      [0.4, 0.55],
      [0.5, 0.45],
    ],
  ],
  [
    'Segment',
    [
      [0.55, 0.3],
      [0.7, 0.25],
    ],
  ],
  ['Price line', [[0.6, 0.5]]],
  [
    'Parallel lines',
    [
      [0.15, 0.6],
      [0.3, 0.55],
      [0.25, 0.65],
    ],
  ],
  [
    'Channel',
    [
      [0.45, 0.62],
      [0.6, 0.58],
      [0.55, 0.68],
    ],
  ],
  [
    'Fibonacci',
    [
      [0.65, 0.2],
      [0.8, 0.6],
    ],
  ],
];

test('drawing tools: each tool draws, drawings are kept after a reload, and delete removes them', async ({
  page,
  consoleErrors,
}) => {
  // Twenty clicks, each given its 600 ms after the page handled it: long on a busy machine.
  test.slow();
  const chart = await openChart(page, DESKTOP);
  // Room to draw: the positions list (open by default on a tall window) is closed.
  const lists = page.getByRole('navigation', { name: 'Lists' });
  if (
    (await lists.getByRole('button', { name: 'Position' }).getAttribute('aria-pressed')) === 'true'
  ) {
    await lists.getByRole('button', { name: 'Position' }).click();
  }
  // The chart has taken the room the list left.
  await settled(page);
  await page.getByRole('button', { name: 'Drawing tools' }).click();
  const tools = page.getByRole('toolbar', { name: 'Drawing tools' });
  await expect(tools.getByRole('button', { name: 'Delete drawings' })).toBeDisabled();
  const box = (await chart.boundingBox())!;
  const drawn: string[] = [];
  for (const [name, points] of TOOLS) {
    const button = tools.getByRole('button', { name, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: `place the ${name}` })).toBeVisible();
    for (const [fx, fy] of points) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await pause(page);
    }
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    drawn.push(name);
    await expect.poll(() => summary(chart)).toContain(`Drawings: ${drawn.join(', ')}.`);
  }
  await page.mouse.move(box.x + box.width + 40, box.y - 20);
  await screenshot(page, 'chart-drawings-desktop');

  await page.reload();
  await expect.poll(() => summary(chart)).toContain(`Drawings: ${drawn.join(', ')}.`);
  // Drawings belong to their symbol.
  await page.goto('/chart/ETHUSDT');
  await expect.poll(() => summary(chartOf(page, 'ETHUSDT'))).toContain('Drawings: none.');
  await page.goBack();
  await expect.poll(() => summary(chart)).toContain(`Drawings: ${drawn.join(', ')}.`);

  await page.getByRole('button', { name: 'Drawing tools' }).click();
  await tools.getByRole('button', { name: 'Delete drawings' }).click();
  await expect.poll(() => summary(chart)).toContain('Drawings: none.');
  await page.reload();
  await expect.poll(() => summary(chart)).toContain('Drawings: none.');
  expect(consoleErrors).toEqual([]);
});

test('zoom in and out, shift left and right; each button stops at its limit', async ({
  page,
  consoleErrors,
}) => {
  const chart = await openChart(page);
  const now = async () => range(await summary(chart));
  const start = await now();
  expect(start.to).toBe(start.total);
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  // The newest bar is in its place by the right edge: nothing further right to show.
  await expect(button('Shift right')).toHaveAttribute('aria-disabled', 'true');
  await expect(button('Shift left')).not.toHaveAttribute('aria-disabled');

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await now()).width).toBeLessThan(start.width);
  const zoomed = await now();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(async () => (await now()).width).toBeGreaterThan(zoomed.width);

  const wide = await now();
  await page.getByRole('button', { name: 'Shift left' }).click();
  // 100 bars, the first few of them through the blank margin right of the last bar.
  await expect.poll(async () => (await now()).to).toBeLessThan(wide.to - 50);
  const left = await now();
  await expect(button('Shift right')).not.toHaveAttribute('aria-disabled');
  await page.getByRole('button', { name: 'Shift right' }).click();
  await expect.poll(async () => (await now()).to).toBeGreaterThan(left.to);
  // Back at the newest bar, Shift right stops being offered again.
  await expect(button('Shift right')).toHaveAttribute('aria-disabled', 'true');

  // Zoom in to the widest bar: the button says it can go no further, and a press changes nothing.
  for (let i = 0; i < 40 && (await button('Zoom in').getAttribute('aria-disabled')) !== 'true'; i++)
    await button('Zoom in').click();
  await expect(button('Zoom in')).toHaveAttribute('aria-disabled', 'true');
  const widest = await now();
  await button('Zoom in').click({ force: true }); // a person may press it anyway
  await expect(button('Zoom in')).toBeFocused();
  expect((await now()).width).toBe(widest.width);
  expect(consoleErrors).toEqual([]);
});

test('screenshot: the chart downloads as a JPEG', async ({ page, consoleErrors }) => {
  await openChart(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Screenshot' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('BTCUSDT-1min.jpg');
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(bytes.length).toBeGreaterThan(10_000);
  expect(consoleErrors).toEqual([]);
});

test('full screen, dark mode and the up/down colour theme', async ({ page, consoleErrors }) => {
  await openChart(page);
  const panel = page.getByRole('region', { name: 'BTCUSDT chart' });
  const full = page.getByRole('button', { name: 'Full screen' });
  await full.click();
  await expect(full).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(async () => (await panel.boundingBox())?.height).toBe(MOBILE.height);
  await full.click();
  await expect(full).toHaveAttribute('aria-pressed', 'false');
  await expect
    .poll(async () => (await panel.boundingBox())?.height)
    .toBeLessThan(MOBILE.height - 40);

  const chart = chartOf(page);
  const light = await chart.screenshot();
  await page.getByRole('button', { name: 'Dark chart and app' }).click();
  await expect(page.getByRole('button', { name: 'Dark chart and app' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect((await chart.screenshot()).equals(light)).toBe(false);

  const themes = page.getByRole('group', { name: 'Up/down colours' });
  await expect(themes.getByRole('radio', { name: 'Green up, red down' })).toBeChecked();
  await themes.getByRole('radio', { name: 'Red up, green down' }).check();
  await page.reload();
  await expect(themes.getByRole('radio', { name: 'Red up, green down' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Dark chart and app' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect(consoleErrors).toEqual([]);
});

test('after the market channel reconnects, the chart is refilled from history: no missing candle', async ({
  page,
  consoleErrors,
}) => {
  const chart = await openChart(page);
  const total = async () => range(await summary(chart)).total;
  // Freeze the market channel a few seconds before a minute turns: the new candle is then
  // only on the server, and the channel stays silent until the 10 s stale check reconnects it.
  // The simulator's clock is moved to 52.5 s into its minute (not waited for: up to a minute),
  // again if drawing the skip's own minute turn took the clock past 56 s.
  await page.getByRole('button', { name: 'Back office' }).click();
  const office = page.getByRole('dialog', { name: 'Simulator back office' });
  await office.getByRole('tab', { name: 'Faults' }).click();
  const second = async () => ((await backOffice<number>(page, 'now')) % 60_000) / 1000;
  for (let i = 0; i < 3 && (i === 0 || (await second()) >= 56); i++) {
    const skip = ((((52.5 - (await second())) * 1000) % 60_000) + 60_000) % 60_000;
    if (skip >= 1) await backOffice(page, 'skipTime', Math.round(skip));
    let last = -1;
    await expect
      .poll(
        async () => {
          const n = await total();
          const same = n === last;
          last = n;
          return same;
        },
        { intervals: [600] },
      )
      .toBe(true);
  }
  expect(await second()).toBeLessThan(56);
  const before = await total();
  await office.getByRole('button', { name: 'Freeze market' }).click();
  await office.getByRole('button', { name: 'Close the back office' }).click();
  // real delay: the minute has turned; the frozen channel brought nothing.
  await page.waitForTimeout(8_500);
  expect(await total()).toBe(before);
  // Reconnected (the channel is still frozen): history fills in the candle the channel missed.
  await expect.poll(total, { timeout: 15_000 }).toBe(before + 1);
  expect(consoleErrors).toEqual([]);
});

test.describe('touch', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: MOBILE });

  test('a finger pans the chart and two fingers pinch to zoom', async ({ page, consoleErrors }) => {
    const chart = await openChart(page);
    const box = (await chart.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const touch = async (
      type: 'touchStart' | 'touchMove' | 'touchEnd',
      points: Array<[number, number]>,
    ) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: points.map(([x, y], id) => ({ x: box.x + x, y: box.y + y, id })),
      });
    const y = box.height * 0.4;
    const start = range(await summary(chart));

    // Pan: drag right, towards older bars.
    await touch('touchStart', [[60, y]]);
    for (let x = 60; x <= 300; x += 20) await touch('touchMove', [[x, y]]);
    await touch('touchEnd', []);
    await expect.poll(async () => range(await summary(chart)).to).toBeLessThan(start.to);

    // Pinch out: two fingers apart, fewer bars in view.
    const before = range(await summary(chart));
    const mid = box.width / 2;
    await touch('touchStart', [
      [mid - 20, y],
      [mid + 20, y],
    ]);
    for (let d = 20; d <= 140; d += 15)
      await touch('touchMove', [
        [mid - d, y],
        [mid + d, y],
      ]);
    await touch('touchEnd', []);
    await expect.poll(async () => range(await summary(chart)).width).toBeLessThan(before.width);
    expect(consoleErrors).toEqual([]);
  });
});

test('screens: light and dark, phone and desktop', async ({ page, consoleErrors }) => {
  for (const [size, name] of [
    [MOBILE, 'mobile'],
    [DESKTOP, 'desktop'],
  ] as const) {
    await openChart(page, size);
    await screenshot(page, `chart-${name}-light`);
    // The desktop top bar has a dark-mode switch of its own: use the chart's.
    const dark = page
      .getByRole('region', { name: 'BTCUSDT chart' })
      .getByRole('button', { name: 'Dark chart and app' });
    await dark.click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await settled(page);
    await screenshot(page, `chart-${name}-dark`);
    await dark.click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  }
  expect(consoleErrors).toEqual([]);
});
