/** A session another tab ended ends here at once; anything else another tab stores is left alone. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followOtherTabs, session, setSession } from '../../../src/state/session.ts';

const stored = new Map<string, string>();
beforeEach(() => {
  stored.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  });
  setSession('T1', 'R1');
});
afterEach(() => {
  session.token = undefined;
  vi.unstubAllGlobals();
});

/** What another tab leaves in the store, as session.ts writes it. */
const otherTab = (value: object | undefined) =>
  value === undefined ? stored.delete('session') : stored.set('session', JSON.stringify(value));

describe('a session ended in another tab', () => {
  it('a logout there (the stored session emptied) ends it here', () => {
    otherTab({});
    followOtherTabs({ key: 'session' });
    expect(session).toMatchObject({ token: undefined, refreshToken: undefined });
  });

  it('the storage cleared whole ends it here', () => {
    otherTab(undefined);
    followOtherTabs({ key: null });
    expect(session.token).toBeUndefined();
  });

  it('a renewal there, or another key, changes nothing here', () => {
    otherTab({ token: 'T2', refreshToken: 'R2' });
    followOtherTabs({ key: 'session' });
    expect(session.token).toBe('T1');
    otherTab({});
    followOtherTabs({ key: 'preferences' });
    expect(session.token).toBe('T1');
  });
});
