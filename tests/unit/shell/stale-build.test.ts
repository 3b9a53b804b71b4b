/** Recovery from a redeploy: which errors count, and one reload per build (no loop). */
import { describe, expect, it } from 'vitest';
import { isChunkError, reloadForNewBuild } from '../../../src/ui/boot/stale-build.ts';
import { chatSandbox } from '../../../src/ui/shell/service-chat.tsx';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
  };
};

describe('stale build', () => {
  it('knows the browsers’ failed-chunk errors from other errors', () => {
    expect(
      isChunkError(
        new TypeError('Failed to fetch dynamically imported module: /assets/chart-x.js'),
      ),
    ).toBe(true);
    expect(isChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkError(new Error('Unable to preload CSS for /assets/chart.css'))).toBe(true);
    expect(isChunkError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(
      false,
    );
  });

  it('reloads to / once per build, then not again for the same build', () => {
    const storage = memory();
    const went: string[] = [];
    const deps = { storage, go: (u: string) => went.push(u), home: '/', version: '1.0.0+a' };
    expect(reloadForNewBuild(deps)).toBe(true);
    expect(reloadForNewBuild(deps)).toBe(false);
    expect(went).toEqual(['/']);
    // The next build may recover once more after its own redeploy.
    expect(reloadForNewBuild({ ...deps, version: '1.0.1+b' })).toBe(true);
    expect(went).toEqual(['/', '/']);
  });
});

describe('service chat frame', () => {
  it('is sandboxed; a foreign chat keeps its own storage, our own origin never gets it', () => {
    const here = 'https://trade.example.com/';
    expect(chatSandbox('https://chat.example.com/widget', here)).toBe(
      'allow-scripts allow-forms allow-popups allow-same-origin',
    );
    expect(chatSandbox('https://trade.example.com/chat', here)).toBe(
      'allow-scripts allow-forms allow-popups',
    );
  });
});
