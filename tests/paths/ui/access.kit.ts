/**
 * What the sign-in and sign-up drivers (tests/flows/login/ui.ts, tests/flows/register/ui.ts) share:
 * the English words, the specs' password and right code, and the form's boxes.
 */
import type { Page } from '@playwright/test';
import { makeW } from '../plan/words.ts';

const w = makeW('en');
export const t = w.t;
export const PASSWORD = 'secret123';
/** The samples' stand-in for the code the simulator sent (read from its outbox). */
export const RIGHT_CODE = '111111';
export const main = (p: Page) => p.getByRole('main');
export const passwordBox = (p: Page) => main(p).getByLabel(t('login.password'), { exact: true });
