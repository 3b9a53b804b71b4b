/** The console's tabs, in order, and those a console in each mode offers. */
export const TABS = [
  'reviews',
  'outbox',
  'faults',
  'market',
  'flags',
  'site',
  'account',
  'paths',
  'scenarios',
] as const;
export type Tab = (typeof TABS)[number];

/** Tabs of simulator mode only: a live site's settings are its file's, never a tab's. */
const SIMULATOR_ONLY: readonly Tab[] = ['site'];

export const consoleTabs = (mode: 'simulator' | 'live' | undefined): readonly Tab[] =>
  mode === 'simulator' ? TABS : TABS.filter((x) => !SIMULATOR_ONLY.includes(x));
