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
