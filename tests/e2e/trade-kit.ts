/** Steps the trading specs of issue 25 share, on phone (390 px) and desktop (1440 px). */
import type { Locator, Page } from '@playwright/test';
import { DESKTOP, MOBILE } from './fixtures.ts';
import { signIn } from './sim.ts';

/** Both layouts, for a spec written once and run on each. */
export const LAYOUTS = [
  { name: 'phone', desktop: false },
  { name: 'desktop', desktop: true },
] as const;

/** A new user signed in, on BTCUSDT's buy form: the phone's place screen, the desktop's panel. */
export async function buyForm(page: Page, desktop: boolean, email: string): Promise<Locator> {
  await page.setViewportSize(desktop ? DESKTOP : MOBILE);
  await signIn(page, email);
  if (!desktop) await page.goto('/BTCUSDT/place?direction=0');
  return desktop
    ? page.getByRole('complementary', { name: 'Place order' })
    : page.getByRole('main');
}

/** From the list of positions: the only BTCUSDT position's detail drawer. */
export async function openPosition(page: Page, desktop: boolean): Promise<Locator> {
  if (desktop) await page.getByRole('region', { name: 'Position' }).getByRole('row').nth(1).click();
  else await page.getByRole('button', { name: /^BTCUSDT \d+$/ }).click();
  return page.getByRole('dialog', { name: /^BTCUSDT · / });
}

/**
 * On a buy form: 0.1 lots with a stop loss and a take profit `away` from the bid (the
 * form's "Below" hint), filled in, not yet placed.
 */
export async function fillBuyWithStops(
  form: Locator,
  away: number,
): Promise<{ bid: number; sl: string; tp: string }> {
  await form.getByLabel('Volume (lots)').fill('0.1');
  await form.getByRole('checkbox', { name: 'Stop loss' }).check();
  await form.getByRole('checkbox', { name: 'Take profit' }).check();
  const hint = form.getByText(/^Below \d+\.\d\d$/);
  const bid = Number((await hint.textContent())!.slice('Below '.length));
  const sl = (bid - away).toFixed(2);
  const tp = (bid + away).toFixed(2);
  await form.getByRole('textbox', { name: 'Stop loss' }).fill(sl);
  await form.getByRole('textbox', { name: 'Take profit' }).fill(tp);
  return { bid, sl, tp };
}
