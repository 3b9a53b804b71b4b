/** The modules loaded after the first quotes' code (see early.ts): accounts, sessions, trading, user centre. */
import type { SimModule } from '../module.ts';
import type { SimState } from '../state.ts';
import { accountModule } from './account/index.ts';
import { identityModule } from './identity/index.ts';
import { ledgerModule } from './ledger.ts';
import { responsibleModule } from './responsible/index.ts';
import { tradingModule } from './trading/index.ts';
import { usersModule } from './users.ts';

/** The ledger first: every other one moves money through `ctx.ledger`. */
export const LATE_MODULES: readonly SimModule<SimState>[] = [
  ledgerModule,
  usersModule,
  identityModule,
  tradingModule,
  accountModule,
  responsibleModule,
];
