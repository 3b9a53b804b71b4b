/**
 * The simulator's modules in two parts. The early ones answer what the first
 * screen asks for (the product list, site config) and sit in the worker's
 * first chunk; the late ones (users, identity, trading, user centre, with
 * jose and big.js behind them) are a separate chunk the server imports at
 * start, in parallel with loading the state, so the first quotes do not wait
 * for code they never run.
 */
import type { SimModule } from '../module.ts';
import type { SimState } from '../state.ts';
import type * as Codes from '../codes.ts';

/** The server's failure messages by code (codes.ts), loaded once. */
let codes: Promise<typeof Codes> | undefined;
/** The table of failure messages, imported on first use and kept. */
export const codeMessages = () => (codes ??= import('../codes.ts'));
import { marketModule } from './market.ts';
import { siteModule } from './site.ts';

export const EARLY_MODULES: readonly SimModule<SimState>[] = [marketModule, siteModule];

/**
 * The rest of the modules (a dynamic import: its own chunk in the worker's
 * build), and with them the schemas of their calls (edge/refusal.ts) and the
 * failure messages (module.ts fail).
 */
export const loadLateModules = async (): Promise<readonly SimModule<SimState>[]> => {
  const [late] = await Promise.all([
    import('./late.ts'),
    import('../edge/index.ts'),
    codeMessages(),
  ]);
  return late.LATE_MODULES;
};
