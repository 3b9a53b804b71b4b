/** Every simulator module, in the order their handlers are registered. */
import type { SimModule } from '../module.ts';
import { marketModule } from './market.ts';
import { siteModule } from './site.ts';

export const MODULES: readonly SimModule[] = [marketModule, siteModule];
