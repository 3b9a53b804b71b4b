/**
 * The operator adapter: what the kit asks of a server's back office to run
 * the checks that need a person on the other side (a deposit approved, a
 * verification reviewed, a market closed). A broker writes their own for
 * their back office; {@link simulatorOperator} is the simulator's, over its
 * operator API (src/simulator/host/operator-api.ts: `POST <url>/v1/call
 * {"op","args"}` with `X-Operator-Key`, as the console's live mode calls it,
 * src/ui/console/http-back-office.ts).
 *
 * Every operation resolves when the server has done it, and rejects (any
 * error) when it refused. The kit only reviews what it submitted itself,
 * gives only what it takes back, and opens again any market it closed.
 */

/** Something the account submitted that waits for the operator. */
export interface PendingReview {
  kind: 'deposit' | 'withdrawal' | 'kyc' | 'juniorKyc' | 'loan' | 'repayment';
  /** The id the approve and reject operations take (the account id for a verification). */
  id: string;
}

export interface OperatorAdapter {
  /** The server's id of the account that signs in with `login` (the one userInfo calls `uid`). */
  accountId(login: string): Promise<string>;
  /** What of that account waits for review, oldest first. */
  pending(accountId: string): Promise<PendingReview[]>;
  approveDeposit(id: string): Promise<void>;
  rejectDeposit(id: string, reason: string): Promise<void>;
  approveWithdrawal(id: string): Promise<void>;
  rejectWithdrawal(id: string, reason: string): Promise<void>;
  /** `junior`: the short verification (juniorAuthSubmit), else the full one (authSubmit). */
  approveKyc(accountId: string, junior: boolean): Promise<void>;
  rejectKyc(accountId: string, reason: string, junior: boolean): Promise<void>;
  approveLoan(id: string): Promise<void>;
  rejectLoan(id: string, reason: string): Promise<void>;
  /** Credit the account's real book with `usd` (a deposit made by the operator). */
  giveFunds(accountId: string, usd: number): Promise<void>;
  /** Close a product's market for trading now (orders refused), or open it again. */
  setMarketOpen(symbol: string, open: boolean): Promise<void>;
}

/** The operator API refused or could not be reached. */
export class OperatorError extends Error {
  constructor(
    readonly op: string,
    readonly status: number,
    message: string,
  ) {
    super(`operator ${op}: ${status ? `HTTP ${status} ` : ''}${message}`);
    this.name = 'OperatorError';
  }
}

export interface SimulatorOperatorOptions {
  /** The operator root, e.g. http://127.0.0.1:8787/operator. */
  url: string;
  key: string;
  /** Give up on one operation after this, ms (default 10 000). */
  timeoutMs?: number;
}

/** The simulator's back office as an operator adapter (its operator API). */
export function simulatorOperator(o: SimulatorOperatorOptions): OperatorAdapter {
  const base = o.url.replace(/\/+$/, '');
  const call = async (op: string, ...args: unknown[]): Promise<unknown> => {
    let res: Response;
    try {
      res = await fetch(`${base}/v1/call`, {
        method: 'POST',
        headers: { 'X-Operator-Key': o.key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ op, args }),
        signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new OperatorError(op, 0, String(e));
    }
    const body = (await res.json().catch(() => null)) as { data?: unknown; msg?: string } | null;
    if (!res.ok) throw new OperatorError(op, res.status, body?.msg ?? 'refused');
    return body?.data ?? undefined;
  };
  const done = async (op: string, ...args: unknown[]) => {
    await call(op, ...args);
  };
  return {
    async accountId(login) {
      const uid = await call('userByLogin', login);
      if (typeof uid !== 'string') throw new OperatorError('userByLogin', 200, `no user ${login}`);
      return uid;
    },
    async pending(accountId) {
      const all = (await call('reviews')) as Array<PendingReview & { uid: string }> | undefined;
      return (all ?? [])
        .filter((r) => r.uid === accountId)
        .map((r) => ({ kind: r.kind, id: r.id }));
    },
    approveDeposit: (id) => done('approveDeposit', id),
    rejectDeposit: (id, reason) => done('rejectDeposit', id, reason),
    approveWithdrawal: (id) => done('approveWithdrawal', id),
    rejectWithdrawal: (id, reason) => done('rejectWithdrawal', id, reason),
    approveKyc: (uid, junior) => done('approveKyc', uid, junior),
    rejectKyc: (uid, reason, junior) => done('rejectKyc', uid, reason, junior),
    approveLoan: (id) => done('approveLoan', id),
    rejectLoan: (id, reason) => done('rejectLoan', id, reason),
    giveFunds: (uid, usd) => done('creditDeposit', uid, String(usd)),
    setMarketOpen: (symbol, open) => done('setTradeStatus', symbol, open ? 1 : 0),
  };
}
