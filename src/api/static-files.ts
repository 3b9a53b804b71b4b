/** Static files beside the app (a tiny module of its own, so the start-up entry can name them without the contract). */
export const staticFiles = {
  siteConfig: 'config/site.json',
  version: 'version.json',
  /** The scenario library's list (public/scenarios/index.json). */
  scenarioIndex: 'scenarios/index.json',
} as const;

/** One scenario of the library (public/scenarios/<name>.json). */
export const scenarioFile = (name: string): string => `scenarios/${encodeURIComponent(name)}.json`;
