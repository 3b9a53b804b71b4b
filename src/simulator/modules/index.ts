/** Every simulator module, in the order their handlers are registered. */
import type { SimModule } from '../module.ts';
import { accountModule } from './account/index.ts';
import { identityModule } from './identity/index.ts';
import { marketModule } from './market.ts';
import { siteModule } from './site.ts';
import { tradingModule } from './trading/index.ts';
import { usersModule } from './users.ts';

export const MODULES: readonly SimModule[] = [
  usersModule,
  marketModule,
  siteModule,
  identityModule,
  tradingModule,
  accountModule,
];
