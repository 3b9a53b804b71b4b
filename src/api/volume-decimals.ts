/**
 * A module of its own, without big.js: the product list (the page's first
 * route) and the simulator's quotes (the worker's first chunk) read it, and
 * neither needs big.js before a form or the books do (issue 31: 2.7 KB of
 * the first route, gzip).
 */

/**
 * Volume decimals of a product: whole units when its smallest volume is a
 * whole number of one or more (shares), else 2 (trading.md §9 default
 * precision). The order form's input, every volume on screen and the
 * server's lot step all read this, so a volume the form accepts is one the
 * server keeps as typed (a minCount of 1.5 once took 2 decimals in the form
 * and whole lots in the books, which cut 1.75 to 1).
 */
export const volumeDecimals = (minCount: number | undefined): number =>
  minCount !== undefined && minCount >= 1 && Number.isInteger(minCount) ? 0 : 2;
