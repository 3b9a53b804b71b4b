import { chromium } from 'playwright-core';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const p = await b.newPage({
  viewport: { width: Number(process.argv[3] || 390), height: Number(process.argv[4] || 844) },
});
p.on('console', (m) => console.log('console', m.type(), m.text()));
p.on('pageerror', (e) => console.log('pageerror', e.message));
const t0 = Date.now();
await p.goto(process.argv[2] || 'http://127.0.0.1:4180/');
await p
  .waitForSelector('[data-testid^="row-bid-"]', { timeout: 10000 })
  .catch((e) => console.log('no rows', e.message));
console.log('first price ms', Date.now() - t0);
const a = await p.locator('[data-testid^="row-bid-"]').first().textContent();
await p.waitForTimeout(1500);
await p.waitForTimeout(2500);
const b2 = await p.locator('[data-testid^="row-bid-"]').first().textContent();
console.log('BTC', a, b2);
await p.screenshot({ path: process.argv[5] || '/tmp/home.png', fullPage: false });
await b.close();
