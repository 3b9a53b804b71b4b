/**
 * A loadable screen (ui/loadable.ts) renders at once when its module is in: no
 * fallback, so React has no boundary's content to hold back (issue 31: React.lazy
 * suspended a page opened on a chart although its module was in, and Buy showed
 * about 160 ms later). Before its module is in, it suspends like React.lazy.
 */
import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { loadable } from '../../../src/ui/loadable.ts';

const Screen = ({ name }: { name: string }) => createElement('p', null, `screen ${name}`);
const inBoundary = (el: ReturnType<typeof createElement>) =>
  renderToStaticMarkup(createElement(Suspense, { fallback: 'skeleton' }, el));

describe('loadable', () => {
  it('suspends before its module is in, renders at once after, and loads once', async () => {
    const load = vi.fn(async () => Screen);
    const S = loadable(load);
    expect(inBoundary(createElement(S, { name: 'a' }))).toBe('skeleton');
    await S.start();
    expect(inBoundary(createElement(S, { name: 'a' }))).toBe('<p>screen a</p>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('started before the first render: no fallback at all', async () => {
    const S = loadable(async () => Screen);
    await S.start();
    expect(inBoundary(createElement(S, { name: 'b' }))).toBe('<p>screen b</p>');
  });
});
