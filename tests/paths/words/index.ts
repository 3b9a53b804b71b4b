/**
 * Every machine's words for the QA plans (tests/paths/plan). COMPLETE lists
 * the machines whose words name every event, actor result, delay and state:
 * the unit test tests/unit/plan-words.test.ts fails when one of them lacks
 * a name (a new event, say); the others are reported as still to do and
 * their plans fall back to the machine's own terms where words are missing.
 */
import type { Words } from '../plan/words.ts';
import { accountModeWords } from '../../flows/accountMode/words.ts';
import { bankCardWords } from '../../flows/bankCard/words.ts';
import { bindEmailWords } from '../../flows/bindEmail/words.ts';
import { captchaWords } from '../../flows/captcha/words.ts';
import { chartGateWords } from '../../flows/chartGate/words.ts';
import { closeOrderWords } from '../../flows/closeOrder/words.ts';
import { countdownWords } from '../../flows/countdown/words.ts';
import { cryptoAddressWords } from '../../flows/cryptoAddress/words.ts';
import { depositWords } from '../../flows/deposit/words.ts';
import { forgotWords } from '../../flows/forgot/words.ts';
import { infiniteListWords } from '../../flows/infiniteList/words.ts';
import { loanWords } from '../../flows/loan/words.ts';
import { loginWords } from '../../flows/login/words.ts';
import { marketOrderWords } from '../../flows/marketOrder/words.ts';
import { notificationsWords } from '../../flows/notifications/words.ts';
import { optionOrderWords } from '../../flows/optionOrder/words.ts';
import { optionSettlementWords } from '../../flows/optionSettlement/words.ts';
import { passwordWords } from '../../flows/password/words.ts';
import { profileWords } from '../../flows/profile/words.ts';
import { realityCheckWords } from '../../flows/realityCheck/words.ts';
import { realtimeWords } from '../../flows/realtime/words.ts';
import { registerWords } from '../../flows/register/words.ts';
import { responsibleWords } from '../../flows/responsible/words.ts';
import { sessionWords } from '../../flows/session/words.ts';
import { startupWords } from '../../flows/startup/words.ts';
import { transferWords } from '../../flows/transfer/words.ts';
import { verificationWords } from '../../flows/verification/words.ts';
import { walletWords } from '../../flows/wallet/words.ts';
import { withdrawWords } from '../../flows/withdraw/words.ts';

export const WORDS: Record<string, Words> = {
  accountMode: accountModeWords,
  bankCard: bankCardWords,
  bindEmail: bindEmailWords,
  captcha: captchaWords,
  chartGate: chartGateWords,
  closeOrder: closeOrderWords,
  countdown: countdownWords,
  cryptoAddress: cryptoAddressWords,
  deposit: depositWords,
  forgot: forgotWords,
  infiniteList: infiniteListWords,
  loan: loanWords,
  login: loginWords,
  marketOrder: marketOrderWords,
  notifications: notificationsWords,
  optionOrder: optionOrderWords,
  optionSettlement: optionSettlementWords,
  password: passwordWords,
  profile: profileWords,
  realityCheck: realityCheckWords,
  realtime: realtimeWords,
  register: registerWords,
  responsible: responsibleWords,
  session: sessionWords,
  startup: startupWords,
  transfer: transferWords,
  verification: verificationWords,
  wallet: walletWords,
  withdraw: withdrawWords,
};

export const COMPLETE: string[] = [
  'accountMode',
  'bankCard',
  'bindEmail',
  'captcha',
  'chartGate',
  'closeOrder',
  'countdown',
  'cryptoAddress',
  'deposit',
  'forgot',
  'infiniteList',
  'loan',
  'login',
  'marketOrder',
  'notifications',
  'optionOrder',
  'optionSettlement',
  'password',
  'profile',
  'realityCheck',
  'realtime',
  'register',
  'responsible',
  'session',
  'startup',
  'transfer',
  'verification',
  'wallet',
  'withdraw',
];

export const wordsFor = (machineId: string): Words | undefined => WORDS[machineId];

/**
 * The machines whose words give every state a short name (Words.names) for
 * the plan's diagram and "Covers" lists (all of them today):
 * tests/unit/plan-words.test.ts fails when one of them lacks a name; a
 * machine left out falls back to the state's key.
 */
export const NAMED: string[] = COMPLETE;
