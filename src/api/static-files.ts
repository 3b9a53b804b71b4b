/** Static files beside the app (a tiny module of its own, so the start-up entry can name them without the contract). */
export const staticFiles = {
  siteConfig: 'config/site.json',
  version: 'version.json',
} as const;
