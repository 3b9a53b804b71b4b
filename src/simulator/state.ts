/**
 * The simulator's persisted state, composed. Each owner exports the type of
 * its own section (users.ts, modules/identity, modules/account,
 * modules/trading, persist/uploads.ts, host/operator-key.ts); this file
 * imports them and puts them together, so every import points from here down
 * to the owners and none points back. A module that reads another's section
 * names that owner's type in its own context type (see `SimContext`), not
 * this one.
 */
import type { CoreState } from './core-state.ts';
import { STATE_VERSION, DEFAULT_FLAGS } from './core-state.ts';
import type { UsersSlice } from './users.ts';
import type { IdentitySlice } from './modules/identity/state.ts';
import type { AccountSlice } from './modules/account/state.ts';
import type { TradingSlice } from './modules/trading/state.ts';
import type { UploadsSlice } from './persist/uploads.ts';
import type { OperatorKeySlice } from './host/operator-key.ts';
import type { ResponsibleSlice } from './modules/responsible/state.ts';

/** The whole state: the core's fields and every owner's section. */
export interface SimState
  extends
    CoreState,
    UsersSlice,
    IdentitySlice,
    AccountSlice,
    TradingSlice,
    UploadsSlice,
    OperatorKeySlice,
    ResponsibleSlice {}

/** A fresh state; each module's `init` adds its own section. */
export function newState(
  marketKey: string,
  now: number,
  secret: string,
  vaultKey: string,
): SimState {
  return {
    version: STATE_VERSION,
    marketKey,
    createdAt: now,
    secret,
    vaultKey,
    nextId: 1000,
    products: {},
    flags: { ...DEFAULT_FLAGS },
    ledger: {},
  } as Partial<SimState> as SimState;
}
