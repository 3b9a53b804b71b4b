/**
 * A QA plan arms a console fault while a drawer is open (the transfer's
 * amount, a card's form): the back office's handle and pane stack above every
 * drawer's backdrop, and under the toasts the step then reads. Followed by
 * hand, the backdrop took the press meant for the handle.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const zOf = (file: string, selector: string): number => {
  const css = readFileSync(new URL(`../../../src/ui/${file}`, import.meta.url), 'utf8');
  const rule = new RegExp(`(^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css);
  const z = rule && /z-index:\s*(\d+)/.exec(rule[2] ?? '');
  if (!z) throw new Error(`no z-index for ${selector} in ${file}`);
  return Number(z[1]);
};

describe('the console above drawers', () => {
  const backdrop = zOf('components/sheet.css', '.sheet-backdrop');
  const toasts = zOf('components/toaster.css', '.toaster');
  it('its handle and its pane stack over a drawer, under the toasts', () => {
    for (const z of [
      zOf('console/console-launcher.css', '.console-launcher'),
      zOf('console/console.css', '.console'),
    ]) {
      expect(z).toBeGreaterThan(backdrop);
      expect(z).toBeLessThan(toasts);
    }
  });
});
