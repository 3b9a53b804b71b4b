/**
 * A check for moving CSS without changing what is drawn (issue 26 item 3).
 * Not part of `npm test`: run it by hand on two builds and compare.
 *
 *   node scripts/css-diff.mjs dump <dist dir> <out.json> [port]
 *   node scripts/css-diff.mjs diff <before.json> <after.json> [noise.json]
 *
 * `dump` serves the build with `vite preview`, opens every route of the
 * registry (src/machines/routes.ts) signed out and signed in, plus the
 * simulator console, the order form and a confirm dialog, at 390x844 and
 * 1440x900, and records for every element a key (its DOM path) and its
 * computed style (PROPS below). Text is ignored. `diff` prints the keys and
 * properties that differ; with a third dump of the same build as `before`,
 * differences that also differ between those two runs (live prices, clocks)
 * are left out as noise.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const PROPS = [
  'display',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'box-sizing',
  'width',
  'height',
  'min-width',
  'max-width',
  'min-height',
  'max-height',
  'margin',
  'padding',
  'border-width',
  'border-style',
  'border-color',
  'border-radius',
  'flex-direction',
  'flex-wrap',
  'flex',
  'justify-content',
  'align-items',
  'align-self',
  'gap',
  'grid-template-columns',
  'grid-template-rows',
  'grid-column',
  'grid-row',
  'overflow-x',
  'overflow-y',
  'color',
  'background-color',
  'background-image',
  'opacity',
  'visibility',
  'box-shadow',
  'outline-style',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'line-height',
  'text-align',
  'white-space',
  'text-overflow',
  'text-decoration-line',
  'font-variant-numeric',
  'vertical-align',
  'cursor',
  'transform',
  'inset-inline-start',
];

const SYMBOL = 'BTCUSDT';
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } };
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const routePaths = () => {
  const src = readFileSync(new URL('../src/machines/routes.ts', import.meta.url), 'utf8');
  const block = src.slice(src.indexOf('export const ROUTES'), src.indexOf('] as const'));
  return [...block.matchAll(/path: '([^']+)'/g)].map((m) => m[1].replace(':symbol', SYMBOL));
};

/**
 * Let the page settle: no skeleton or splash, something in the page's main
 * area, and the number of elements unchanged over three polls (a lazy screen
 * may show nothing at all while its chunk loads). At most 15 s.
 */
async function settle(page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => document.fonts.ready);
  await page
    .waitForFunction(
      () => {
        const w = window;
        const n = document.getElementsByTagName('*').length;
        const busy =
          !!document.querySelector('[class*="skeleton"], .splash') ||
          !document.querySelector('main > *, [role="dialog"] > *');
        w.__cssDiffSeen = busy || w.__cssDiffCount !== n ? 0 : (w.__cssDiffSeen ?? 0) + 1;
        w.__cssDiffCount = n;
        return w.__cssDiffSeen >= 3;
      },
      null,
      { polling: 300, timeout: 15_000 },
    )
    .catch(() => {});
}

async function snapshot(page) {
  return page.evaluate((props) => {
    const out = {};
    const walk = (el, path) => {
      const cs = getComputedStyle(el);
      out[path] = props.map((p) => cs.getPropertyValue(p)).join('|');
      if (el instanceof SVGElement) return;
      const counts = {};
      for (const c of el.children) {
        const tag = c.tagName.toLowerCase();
        if (tag === 'script' || tag === 'style' || tag === 'link') continue;
        counts[tag] = (counts[tag] ?? 0) + 1;
        // Classes are part of the key: an element whose classes (or an ancestor's) differ
        // between runs is in another state (a price up, not down; quotes stale, not live).
        const cls =
          typeof c.className === 'string' ? c.className.trim().split(/\s+/).join('.') : '';
        walk(
          c,
          `${path}>${tag}${counts[tag] > 1 ? `[${counts[tag]}]` : ''}${cls ? `.${cls}` : ''}`,
        );
      }
    };
    walk(document.body, 'body');
    return out;
  }, PROPS);
}

async function signIn(page, email) {
  await page.goto('/login');
  await page.waitForFunction(() => !!window.__simulator);
  await page.evaluate(
    (e) =>
      window.__simulator.backOffice.seedUser({ email: e, password: 'secret123', deposit: 50000 }),
    email,
  );
  const scope = page.getByRole('dialog', { name: 'Sign in' }).or(page.getByRole('main'));
  await scope.getByLabel('E-mail').first().fill(email);
  await scope.getByLabel('Password', { exact: true }).first().fill('secret123');
  await scope.getByRole('button', { name: 'Sign in' }).first().click();
  await page.waitForURL(/\/$/);
  await page.evaluate(() => window.__simulator.backOffice.flags());
}

async function dumpViewport(browser, base, vpName) {
  const result = {};
  const ctx = await browser.newContext({
    baseURL: base,
    viewport: VIEWPORTS[vpName],
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await ctx.newPage();
  const take = async (name) => {
    await settle(page);
    result[`${vpName} ${name}`] = await snapshot(page);
    process.stdout.write('.');
  };
  const paths = routePaths();
  for (const p of paths) {
    await page.goto(p);
    await take(`out ${p}`);
  }
  await signIn(page, `css-${vpName}-${Date.now()}@example.com`);
  for (const p of paths) {
    await page.goto(p);
    await take(`in ${p}`);
  }
  // Not routes: the simulator console, the order form, a confirm dialog.
  await page.goto('/');
  await settle(page);
  await page.locator('.console-launcher').click();
  await page.getByRole('dialog', { name: 'Simulator back office' }).waitFor();
  await take('console');
  await page.goto(`/${SYMBOL}/place?direction=0`);
  await take('order form');
  await page.goto('/user');
  await settle(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).waitFor();
  await take('log out dialog');
  await ctx.close();
  return result;
}

async function dump(dist, out, port) {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--host', '127.0.0.1', '--port', port, '--strictPort', '--outDir', dist],
    { stdio: 'ignore', detached: true },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (
        await fetch(base).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 100) throw new Error('vite preview did not start');
      await new Promise((r) => setTimeout(r, 300));
    }
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROME_ARGS,
    });
    const result = {};
    for (const vp of Object.keys(VIEWPORTS))
      Object.assign(result, await dumpViewport(browser, base, vp));
    await browser.close();
    writeFileSync(out, JSON.stringify({ props: PROPS, pages: result }));
    console.log(`\n${Object.keys(result).length} pages written to ${out}`);
  } finally {
    process.kill(-server.pid);
  }
}

/** Differences between two dumps, as [page, key, prop, before, after]. */
function differences(a, b) {
  const rows = [];
  rows.compared = 0;
  for (const [pg, els] of Object.entries(a.pages)) {
    const other = b.pages[pg];
    if (!other) {
      rows.push([pg, '(page)', 'missing', '', '']);
      continue;
    }
    for (const [key, v] of Object.entries(els)) {
      const w = other[key];
      // An element only one run has (a list that loaded more rows) says nothing about the CSS.
      if (w === undefined) continue;
      rows.compared++;
      if (v === w) continue;
      const x = v.split('|');
      const y = w.split('|');
      a.props.forEach((p, i) => {
        if (x[i] !== y[i]) rows.push([pg, key, p, x[i], y[i]]);
      });
    }
  }
  return rows;
}

function diff(beforeFile, afterFile, noiseFile) {
  const read = (f) => JSON.parse(readFileSync(f, 'utf8'));
  const before = read(beforeFile);
  let rows = differences(before, read(afterFile));
  const compared = rows.compared;
  if (noiseFile) {
    const noisy = differences(before, read(noiseFile));
    const props = new Set(noisy.map((r) => `${r[0]}\u0000${r[1]}\u0000${r[2]}`));
    rows = rows.filter((r) => !props.has(`${r[0]}\u0000${r[1]}\u0000${r[2]}`));
  }
  for (const r of rows) console.log(r.join('  |  '));
  console.log(`${rows.length} difference(s) in ${compared} elements found in both dumps`);
  process.exitCode = rows.length ? 1 : 0;
}

const [cmd, ...args] = process.argv.slice(2);
if (cmd === 'dump') await dump(args[0], args[1], args[2] ?? '4403');
else if (cmd === 'diff') diff(args[0], args[1], args[2]);
else
  console.log(
    'usage: css-diff.mjs dump <dist> <out.json> [port] | diff <a.json> <b.json> [noise.json]',
  );
