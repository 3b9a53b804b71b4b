/**
 * The scenario library (issue 29 item 2): the ready situations shipped in
 * public/scenarios/, each built here from a seeded world on a virtual clock
 * through the real API and the back office, so the files follow the state
 * format whenever it changes. `npm run scenarios:build` writes them; a unit
 * test (tests/unit/simulator/scenarios.test.ts) checks that the checked-in
 * files equal a fresh build, apart from `savedAt`.
 *
 * A build is reproducible: the market comes from a fixed seed, the clock is
 * virtual, and every "secure" random value (signing and vault keys, password
 * salts, users' AES keys, card seals) comes from a counter while it runs.
 * These files are public demo artefacts: their keys and passwords are
 * meant to be known.
 */
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { encodeSensitive } from '../src/api/aes-codec.ts';
import { simulatorTransport } from '../src/api/transports/simulator.ts';
import { createVirtualClock, type VirtualClock } from '../src/simulator/clock.ts';
import { optionProductId } from '../src/simulator/modules/trading/option-config.ts';
import type { ScenarioDoc } from '../src/simulator/scenario-file.ts';
import { createSimulator, type Simulator } from '../src/simulator/server.ts';

/** Wednesday 18 Nov 2026, 15:00 UTC (10:00 in New York): every market is open. */
export const LIBRARY_T0 = Date.UTC(2026, 10, 18, 15, 0, 0);
/** The same day at 20:59 UTC: New York's stock market closes in one minute. */
const BEFORE_US_CLOSE = Date.UTC(2026, 10, 18, 20, 59, 0);
/** Every library user's password. */
export const LIBRARY_PASSWORD = 'demo1234';

interface World {
  sim: Simulator;
  clock: VirtualClock;
  api: ApiClient;
  session: { token: string | undefined };
  /** Seed a user, signed in on the client. */
  user(email: string, deposit?: number): Promise<string>;
}

const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);
const png = () => new Blob([PNG], { type: 'image/png' });

/** A world at `start`. */
async function world(start: number): Promise<World> {
  const clock = createVirtualClock(start);
  const sim = await createSimulator({
    seed: 'scenario-library',
    clock,
    ticking: false,
    passwordIterations: 1_000,
  });
  const session = { token: undefined as string | undefined };
  const api = createApiClient({
    transport: simulatorTransport(sim),
    token: () => session.token,
    t: () => undefined,
    toast: () => {},
    sessionExpired: () => {},
  });
  return {
    sim,
    clock,
    api,
    session,
    async user(email, deposit) {
      const r = await sim.backOffice.seedUser({
        email,
        password: LIBRARY_PASSWORD,
        ...(deposit !== undefined ? { deposit } : {}),
      });
      session.token = r.token;
      return r.uid;
    },
  };
}

const must = <T extends { code: number }>(what: string, r: T): T => {
  if (r.code !== 0) throw new Error(`scenario library: ${what} answered ${r.code}`);
  return r;
};

/** A USDT deposit with a proof, left in review; returns its request id. */
async function depositInReview(w: World, uid: string, amt: string): Promise<string> {
  const metaData = JSON.stringify({ coinId: '101', amt, said: '', locale: 'en' });
  must('userDeposit', await w.api.call('userDeposit', { metaData, depositProof: png() }));
  return w.sim.backOffice.walletRequests(uid)[0]?.id ?? '';
}

export interface LibraryEntry {
  name: string;
  description: string;
  /** Where the world starts (simulator time). */
  start: number;
  build(w: World): Promise<void>;
}

const who = (email: string) => `Sign in as ${email} / ${LIBRARY_PASSWORD}.`;

export const LIBRARY: readonly LibraryEntry[] = [
  {
    name: 'new-trader',
    description: `A new trader with a funded account (10,000 USD, nothing traded yet). ${who('new.trader@example.com')}`,
    start: LIBRARY_T0,
    async build(w) {
      await w.user('new.trader@example.com', 10_000);
    },
  },
  {
    name: 'gap-stop',
    description: `An open BTCUSDT buy with a stop loss 1 % under the price: fire a -2 % gap on BTCUSDT and the stop fills at the gap price. ${who('gap.trader@example.com')}`,
    start: LIBRARY_T0,
    async build(w) {
      await w.user('gap.trader@example.com', 10_000);
      const q = must('thumb', await w.api.call('thumb', { symbol: 'BTCUSDT' })).data!;
      must(
        'addOrder',
        await w.api.call('addOrder', {
          tradePair: 'BTCUSDT',
          price: q.price,
          stopPrice: Number((q.bidPrice * 0.99).toFixed(2)),
          takeProfitPprice: null,
          orderQuantity: 0.01,
          multiple: 100,
          orderType: 0,
          buyPoint: 2,
          token: w.session.token as string,
        }),
      );
    },
  },
  {
    name: 'withdrawal-locked',
    description: `A funded account with a withdrawal and a deposit in review: a new withdrawal is refused (1067) and a new deposit waits for the review. ${who('locked@example.com')}`,
    start: LIBRARY_T0,
    async build(w) {
      const uid = await w.user('locked@example.com');
      w.sim.backOffice.approveDeposit(await depositInReview(w, uid, '5000'));
      const aes = w.sim.ctx.state.users[uid]?.aesKey ?? '';
      must(
        'addUserWallet',
        await w.api.call('addUserWallet', {
          currencyId: '101',
          cryptocurrencyAddress: await encodeSensitive(aes, 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'),
        }),
      );
      const wallets = must(
        'userWallet',
        await w.api.call('userWallet', { pageNum: 1, pageSize: 100 }),
      ).data!.list;
      const walletId = wallets.find((a) => a.currencyId === '101')?.walletId ?? '';
      const calc = must(
        'withdrawWalletCalculate',
        await w.api.call('withdrawWalletCalculate', { currencyId: walletId, num: '1000' }),
      ).data!;
      must(
        'userWithdraw',
        await w.api.call('userWithdraw', {
          currencyId: walletId,
          num: '1000',
          practicalNum: String(calc.practical),
          locale: 'en',
        }),
      );
      await depositInReview(w, uid, '2000');
    },
  },
  {
    name: 'overdue-loan',
    description: `A loan of 50,000 USD past its repayment date: withdrawals answer 1151 until it is repaid. ${who('borrower@example.com')}`,
    start: LIBRARY_T0,
    async build(w) {
      const guarantor = await w.user('guarantor@example.com', 1_000);
      await w.user('borrower@example.com', 1_000);
      must(
        'addUserLoan',
        await w.api.call('addUserLoan', {
          amount: 50_000,
          days: 7,
          guarantor,
          remark: 'working capital',
        }),
      );
      const id = must('userLoanCheck', await w.api.call('userLoanCheck')).data?.dto?.id ?? '';
      w.sim.backOffice.approveLoan(id);
      w.sim.backOffice.makeLoanOverdue(id);
    },
  },
  {
    name: 'kyc-rejected',
    description: `An identity check the back office rejected (the card image is unreadable): the trader sees why and can send it again. ${who('rejected@example.com')}`,
    start: LIBRARY_T0,
    async build(w) {
      const uid = await w.user('rejected@example.com', 1_000);
      must(
        'authSubmit',
        await w.api.call('authSubmit', {
          metaData: JSON.stringify({
            realName: 'Ann Lee',
            idCard: 'X1234567',
            idType: 1,
            locale: 'en',
          }),
          cardImgFront: png(),
          cardImgReverse: png(),
          cardImgAvatar: png(),
        }),
      );
      w.sim.backOffice.rejectKyc(uid, 'The card image is unreadable');
    },
  },
  {
    name: 'market-closing',
    description: `New York's stock market closes in one minute, with a 3-minute AAPL option running: it settles at the last price before the close. ${who('closing@example.com')}`,
    start: BEFORE_US_CLOSE,
    async build(w) {
      await w.user('closing@example.com', 10_000);
      const q = must('thumb', await w.api.call('thumb', { symbol: 'AAPL' })).data!;
      must(
        'addOrderOption',
        await w.api.call('addOrderOption', {
          tradePair: 'AAPL',
          optionsProductId: optionProductId(w.sim.ctx, 'AAPL') as string,
          price: q.price,
          timeLong: 180,
          btime: w.clock.now(),
          rate: 88,
          amount: 100,
          orderType: 0,
          token: w.session.token as string,
        }),
      );
    },
  },
];

/**
 * `crypto.getRandomValues` from a counter while `fn` runs (xorshift32, seeded
 * by the scenario's name): the library's keys and salts are the same at
 * every build. Never used outside this build.
 */
async function reproducible<T>(seed: string, fn: () => Promise<T>): Promise<T> {
  let x = 0x9e3779b9;
  for (const c of seed) x = Math.imul(x ^ c.charCodeAt(0), 0x01000193) >>> 0;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  const real = crypto.getRandomValues.bind(crypto);
  const fake = <A extends ArrayBufferView | null>(a: A): A => {
    if (!a) return a;
    const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
    return a;
  };
  Object.defineProperty(crypto, 'getRandomValues', { value: fake, configurable: true });
  try {
    return await fn();
  } finally {
    Object.defineProperty(crypto, 'getRandomValues', { value: real, configurable: true });
  }
}

/** Build one library scenario. */
export async function buildScenario(e: LibraryEntry): Promise<ScenarioDoc> {
  return reproducible(e.name, async () => {
    const w = await world(e.start);
    try {
      await e.build(w);
      return await w.sim.backOffice.saveScenario(e.description);
    } finally {
      await w.sim.close();
    }
  });
}

/** The library's index: what the console lists. */
export const libraryIndex = () => LIBRARY.map(({ name, description }) => ({ name, description }));
