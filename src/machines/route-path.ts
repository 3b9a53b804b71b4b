/**
 * The route as the app reads it: the page's path under the site's base
 * (`import.meta.env.BASE_URL`, ending in '/'), and '/' for the base itself.
 * A module of its own: index.html's inline scripts and the entry read it
 * without the route table.
 */
export const routePath = (pathname: string, base: string): string =>
  pathname.slice(base.length - 1) || '/';
