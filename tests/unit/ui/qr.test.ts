/**
 * The deposit QR code, read back: the SVG the component renders is rasterised
 * from its own path data and decoded by an independent decoder (jsQR), which
 * must return the address exactly.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QrCode } from '../../../src/ui/components/qr.tsx';

const SCALE = 4;

/** Rasterise the component's SVG (white background, `M x y h1v1h-1z` dark modules). */
function rasterise(svg: string): { data: Uint8ClampedArray; width: number } {
  const n = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const d = /<path d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const width = n * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, xs, ys] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const x0 = Number(xs) * SCALE;
    const y0 = Number(ys) * SCALE;
    for (let y = y0; y < y0 + SCALE; y++)
      for (let x = x0; x < x0 + SCALE; x++)
        data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  }
  return { data, width };
}

const render = (text: string) =>
  renderToStaticMarkup(createElement(QrCode, { text, label: 'QR', fallback: 'none' }));

describe('deposit QR code', () => {
  for (const address of [
    'TQ5N4d8yLk3vWbC2mX9pR7sT1uV6wY8zAb', // TRC20-shaped
    '0x52908400098527886E0F7030069857D2E4169EE7', // ERC20, mixed case
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // bech32
    'x'.repeat(300), // longer than the old hand-written encoder could hold
  ]) {
    it(`decodes back to ${address.slice(0, 16)}… (${address.length} chars)`, () => {
      const svg = render(address);
      expect(svg).toContain('role="img"');
      const { data, width } = rasterise(svg);
      expect(jsQR(data, width, width)?.data).toBe(address);
    });
  }

  it('shows the fallback when there is nothing to encode', () => {
    expect(render('')).toBe('none');
  });
});
