/**
 * Record statuses (trading.md §4, user-centre.md §4): market positionStatus
 * 1–4 grey, yellow, blue, red with a glyph each; option 0 waiting (yellow),
 * 1 done (blue); deposit and withdrawal payState 0, 1, 2 with fractional
 * values floored. Rendered with no texts, so labels read as their keys.
 */
import { createElement } from 'react';
import { keyMarkup } from '../../support/keys-only.ts';
import { describe, expect, it } from 'vitest';
import {
  MarketStatus,
  OptionStatus,
  PayState,
} from '../../../src/ui/screens/user/records-status.tsx';

const html = (el: ReturnType<typeof createElement>) => keyMarkup(el);

describe('record statuses', () => {
  it('market orders: 1 grey, 2 yellow, 3 blue, 4 red, each with its own glyph', () => {
    const tones = [1, 2, 3, 4].map((s) => html(createElement(MarketStatus, { status: s })));
    ['grey', 'yellow', 'blue', 'red'].forEach((tone, i) => {
      expect(tones[i]).toContain(`class="status ${tone}"`);
      expect(tones[i]).toContain(`position.status_${i + 1}`);
    });
    const glyphs = tones.map((h) => /<path d="([^"]+)"/.exec(h)?.[1]);
    expect(new Set(glyphs).size).toBe(4);
  });
  it('options: 0 waiting in yellow, 1 done in blue', () => {
    expect(html(createElement(OptionStatus, { status: 0 }))).toMatch(
      /class="status yellow".*wallet_ui\.option_status_0/,
    );
    expect(html(createElement(OptionStatus, { status: 1 }))).toMatch(
      /class="status blue".*wallet_ui\.option_status_1/,
    );
  });
  it('payState 0 waiting, 1 success, 2 fail; fractions floored', () => {
    const at = (p: number) => html(createElement(PayState, { payState: p }));
    expect(at(0)).toContain('wallet_ui.pay_state_0');
    expect(at(0.9)).toContain('wallet_ui.pay_state_0');
    expect(at(1)).toContain('wallet_ui.pay_state_1');
    expect(at(1.7)).toContain('wallet_ui.pay_state_1');
    expect(at(2.2)).toMatch(/class="status red".*wallet_ui\.pay_state_2/);
  });
});
