/**
 * Home banners (issue 25 item 9): the app captions a banner it knows, named
 * by its URL's fragment or file name (home.banner_<id>); a data URL without a
 * fragment (a broker's own image) has no id, so no caption.
 */
import { describe, expect, it } from 'vitest';
import { bannerId } from '../../../src/ui/components/banner-carousel.tsx';

describe('bannerId', () => {
  it('reads the fragment, else the file name without its extension', () => {
    expect(bannerId('data:image/svg+xml,%3Csvg%3E%3C%2Fsvg%3E#markets')).toBe('markets');
    expect(bannerId('https://cdn.example.com/banners/demo.png?v=3')).toBe('demo');
    expect(bannerId('https://cdn.example.com/b/options.svg#options')).toBe('options');
  });
  it('gives none for a data URL without a fragment or an empty fragment', () => {
    expect(bannerId('data:image/png;base64,iVBORw0KGgo=')).toBeUndefined();
    expect(bannerId('https://cdn.example.com/promo.jpg#')).toBeUndefined();
  });
});
