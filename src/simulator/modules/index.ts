/** Every simulator module, in the order their handlers are registered. */
import type { SimModule } from '../module.ts';
import { marketModule } from './market.ts';
import { siteModule } from './site.ts';
import { usersModule } from './users.ts';

export const MODULES: readonly SimModule[] = [usersModule, marketModule, siteModule];
