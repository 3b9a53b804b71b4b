/**
 * The core of the simulator's persisted state: the fields every module may
 * read (keys, the id counter, product overrides, flags, the ledger, armed
 * faults). Modules own the other sections and export their types; state.ts
 * composes them into `SimState`. Nothing here imports a module.
 */
import type { MarketHours } from '../api/hours.ts';
import type { ChannelName } from '../api/wire.ts';
import type { ForcedReply, DelayRule } from './scenarios.ts';
import type { MarketEvent } from './market-events.ts';

export interface ProductOverride {
  tradeStatus?: number;
  hours?: MarketHours;
  /** Market events the back office fired (gaps, flash crashes), oldest first. */
  events?: MarketEvent[];
}

/** The core's own fields; state.ts adds each module's section. */
export interface CoreState {
  version: number;
  /**
   * The market key (256 bits as hex, prng.ts): every price follows from it,
   * so it is as secret as {@link secret}. Random per store unless a seed
   * names it (a reproducible demo, tests).
   */
  marketKey: string;
  /** Epoch ms of creation; the price history reaches back from here. */
  createdAt: number;
  /** Token signing key: 256 random bits as hex, made once per store (auth/keys.ts). */
  secret: string;
  /** Key sealing sensitive fields at rest (bank-card details): 256 random bits as hex. */
  vaultKey: string;
  /** Next sequential id (orders, records, users…). */
  nextId: number;
  /** Per-product changes made through the back office. */
  products: Record<string, ProductOverride>;
  /** Site feature flags answered by the system-config call. */
  flags: Record<string, boolean>;
  /** Ledger balances (decimal strings) by account key; see ledger.ts. */
  ledger: Record<string, string>;
  /** The stall fault: connections per channel still to be held unopened (channels.ts). */
  stalls?: Partial<Record<'market' | 'exchange', number>>;
  /**
   * The other faults a reviewer arms, kept until lifted or used up: frozen
   * channels (channels.ts) and the next calls' forced replies and delays
   * (scenarios.ts). Saved like the stalls, so a page load, which may restart
   * the page's worker, keeps them.
   */
  faults?: Faults;
  /** How far a reviewer has skipped time ahead of the wall clock (ms). */
  timeOffset?: number;
}

export interface Faults {
  frozen: ChannelName[];
  forced: ForcedReply[];
  delays: DelayRule[];
}

/** 2: images in the blob area, the state saved in units (1: one record, images inline). */
export const STATE_VERSION = 2;

/** Site flags on by default (names as the spec spells them). */
export const DEFAULT_FLAGS: Record<string, boolean> = {
  PHONE_REGISTER: true,
  phoneCaptcha: false,
  hideRegisterInviteCode: false,
  sendRegisterCompleteMail: true,
  virtualTrading: true,
  'user/privacy': true,
  'user/bindEmail': true,
  'user/bankCard': true,
  'multi-wallet': true,
  'user-loan': true,
  twoTypeVerified: true,
  addVerifiedEmail: false,
  showVerified: true,
  'junior-verify': false,
  standards: false,
  NO_WALLET_WITHDRAW: false,
  bankInfo: false,
  depositBanNewFlow: false,
  depositHideCrypto: false,
  depositHideQRCode: false,
  explore: false,
};

/** Next id as a string, from the shared counter. */
export function nextId(s: CoreState): string {
  s.nextId += 1;
  return String(s.nextId);
}
