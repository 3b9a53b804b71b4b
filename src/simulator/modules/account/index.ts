/**
 * The user centre: profile, password, e-mail binding, verification,
 * notifications, the multi-currency wallet, saved addresses, deposits,
 * withdrawals, bank cards and loans; plus the back office's reviews and
 * switches. Every call acts on the caller's own records only.
 *
 * Codes with no condition a user can cause are reached with the core's
 * `backOffice.force({ call, code })`: 201, 204, 205, 206, 1012, 1013, 1019,
 * 1032, 1033, 1040, 1041, 1043, 1046, 1048, 1053, 1054, 1056, 1058, 1059,
 * 1060, 1061, 1062, 1063, 1068, 1071, 1072, 1073, 1075, 1087, 1158, 23557.
 */
import { nextId } from '../../core-state.ts';
import type { SimModule } from '../../module.ts';
import { findUser } from '../../users.ts';
import { addressHandlers } from './addresses.ts';
import { cardHandlers } from './cards.ts';
import { coinNet } from './coins.ts';
import { depositHandlers } from './deposit.ts';
import { kycHandlers } from './kyc.ts';
import { loanHandlers } from './loans.ts';
import { ALARM, notificationHandlers, notify, OWN_TEXT } from './notifications.ts';
import { profileHandlers } from './profile.ts';
import { reviewOps, type ReviewOps } from './review.ts';
import { initAccount, type AccountNeeds, type WalletRequest } from './state.ts';
import { walletHandlers } from './wallet.ts';
import { withdrawHandlers } from './withdraw.ts';

/** The account module's back-office operations (back-office.ts composes them). */
export interface AccountBackOffice extends ReviewOps {
  /** A user's deposit and withdrawal requests, newest first (`proof` is a reference: read it with `upload`). */
  walletRequests(uid?: string): WalletRequest[];
  /** An uploaded image (deposit proof, identity image, avatar) as a data URL, by its reference. */
  upload(ref: string): Promise<string | undefined>;
  /** Flag (or clear) an account anomaly: withdrawals answer 1066. */
  setAccountAnomaly(uid: string, on: boolean): void;
  /** Put an active loan past its repayment date: status 4, and 1151 on new loans and withdrawals. */
  makeLoanOverdue(loanId: string): void;
  /** Send a user a message (notification 629012 with its own title and content). */
  sendMessage(uid: string, title: string, content: string): void;
  /** 1: the user deposits from self wallets. */
  setWalletType(uid: string, walletType: number): void;
  /** Give a user a self wallet on a network; returns its id (the deposit's `said`). */
  addSelfWallet(uid: string, coinNetId: string, address: string): string;
  /** Switch a coin network off (withdrawals to it answer 1047, deposits 1055) or on. */
  setCoinNetEnabled(coinNetId: string, enabled: boolean): void;
}

/** The user centre's calls, and the back office's reviews and account switches. */
export const accountModule: SimModule<AccountNeeds, AccountBackOffice> = {
  name: 'account',
  init: initAccount,
  handlers: (ctx) => ({
    ...profileHandlers(ctx),
    ...kycHandlers(ctx),
    ...notificationHandlers(ctx),
    ...walletHandlers(ctx),
    ...addressHandlers(ctx),
    ...depositHandlers(ctx),
    ...withdrawHandlers(ctx),
    ...cardHandlers(ctx),
    ...loanHandlers(ctx),
  }),
  backOffice: (ctx) => {
    const user = (uid: string) => {
      const u = findUser(ctx, uid);
      if (!u) throw new Error(`no user ${uid}`);
      return u;
    };
    const a = () => ctx.state.account;
    return {
      ...reviewOps(ctx),
      walletRequests: (uid) =>
        Object.values(a().walletRequests)
          .filter((r) => uid === undefined || r.uid === uid)
          .sort((x, y) => y.submitTimeTs - x.submitTimeTs || Number(y.id) - Number(x.id))
          .map((r) => ({ ...r })),
      upload: (ref) => ctx.uploads.url(ref),
      setAccountAnomaly(uid, on) {
        user(uid);
        if (on) a().anomaly[uid] = true;
        else delete a().anomaly[uid];
        ctx.persist();
      },
      makeLoanOverdue(loanId) {
        const l = a().loans[loanId];
        if (!l || (l.status !== 1 && l.status !== 4))
          throw new Error(`loan ${loanId} is not active`);
        l.repaymentDate = Math.min(l.repaymentDate ?? ctx.clock.now(), ctx.clock.now() - 1);
        l.status = 4;
        ctx.persist();
      },
      sendMessage(uid, title, content) {
        user(uid);
        notify(ctx, uid, { alarmType: ALARM.message, actionType: OWN_TEXT, title, content });
      },
      setWalletType(uid, walletType) {
        user(uid).walletType = walletType;
        ctx.persist();
      },
      addSelfWallet(uid, coinNetId, address) {
        user(uid);
        if (!coinNet(coinNetId) || coinNetId === '201')
          throw new Error(`no coin network ${coinNetId}`);
        const id = nextId(ctx.state);
        a().selfWallets[id] = { id, uid, coinNetId, address };
        ctx.persist();
        return id;
      },
      setCoinNetEnabled(coinNetId, enabled) {
        if (!coinNet(coinNetId)) throw new Error(`no coin network ${coinNetId}`);
        if (enabled) delete a().disabledCoinNets[coinNetId];
        else a().disabledCoinNets[coinNetId] = true;
        ctx.persist();
      },
    };
  },
};
