/**
 * The reviewer's console (simulator mode): play the operator and inject
 * faults. Reviews (approve/reject with a reason), the outbox, one-shot reply
 * codes and HTTP statuses, delays, channel drops and freezes, trade status and
 * market hours, site flags, and money for the signed-in user.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import type { CallName } from '../../api/contract.ts';
import { contract } from '../../api/contract.ts';
import { decodeToken, session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import { showToast } from '../../state/toasts.ts';
import { TOAST_MS } from '../../config/constants.ts';
import { useBackOffice, type RemoteBackOffice } from './use-back-office.ts';

type Tab = 'reviews' | 'outbox' | 'faults' | 'market' | 'flags' | 'account';
const TABS: Tab[] = ['reviews', 'outbox', 'faults', 'market', 'flags', 'account'];
const CALLS = Object.keys(contract).sort() as CallName[];
const CLOSED_ALL_WEEK = { start: {}, close: {} };

function useLoad<T>(load: () => Promise<T>, deps: unknown[]): [T | undefined, () => void] {
  const [value, setValue] = useState<T>();
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    void load().then((v) => live && setValue(v));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on demand
  }, [n, ...deps]);
  return [value, useCallback(() => setN((x) => x + 1), [])];
}

function run(p: Promise<unknown>, ok: string, reload?: () => void) {
  void p.then(
    () => {
      showToast(ok, 'success', TOAST_MS);
      reload?.();
    },
    (e: unknown) => showToast(String(e instanceof Error ? e.message : e), 'error', TOAST_MS),
  );
}

function Reviews({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [items, reload] = useLoad(() => bo.reviews(), [bo]);
  const [reason, setReason] = useState('Document unreadable');
  const act = (kind: string, id: string, approve: boolean) => {
    const ops: Record<
      string,
      [(id: string) => Promise<void>, (id: string, r: string) => Promise<void>]
    > = {
      deposit: [bo.approveDeposit, bo.rejectDeposit],
      withdrawal: [bo.approveWithdrawal, bo.rejectWithdrawal],
      kyc: [(id) => bo.approveKyc(id, false), (id, r) => bo.rejectKyc(id, r, false)],
      juniorKyc: [(id) => bo.approveKyc(id, true), (id, r) => bo.rejectKyc(id, r, true)],
      loan: [bo.approveLoan, bo.rejectLoan],
      repayment: [bo.approveRepayment, bo.rejectRepayment],
    };
    const op = ops[kind];
    if (!op) return;
    run(approve ? op[0](id) : op[1](id, reason), t('tips.operation_success'), reload);
  };
  return (
    <>
      <label className="field">
        <span className="label">{t('console.reason')}</span>
        <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      {!items ? (
        <p className="muted">{t('common.loading')}</p>
      ) : items.length === 0 ? (
        <p className="muted">{t('console.nothing')}</p>
      ) : (
        <ul className="console-list">
          {items.map((r) => (
            <li key={`${r.kind}-${r.id}`}>
              <span>
                <b>{r.kind}</b> · UID {r.uid} · {r.summary}
              </span>
              <span className="console-actions">
                <button
                  type="button"
                  className="btn primary"
                  onClick={() => act(r.kind, r.id, true)}
                >
                  {t('console.approve')}
                </button>
                <button type="button" className="btn" onClick={() => act(r.kind, r.id, false)}>
                  {t('console.reject')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn ghost" onClick={reload}>
        {t('common.refresh')}
      </button>
    </>
  );
}

function Outbox({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [items, reload] = useLoad(() => bo.outbox(), [bo]);
  return (
    <>
      <ul className="console-list">
        {[...(items ?? [])]
          .reverse()
          .slice(0, 20)
          .map((m) => (
            <li key={m.id}>
              <span>
                {new Date(m.at).toLocaleTimeString()} · {m.to} · {m.subject}
                {m.code ? (
                  <>
                    {' '}
                    · <b>{m.code}</b>
                  </>
                ) : null}
              </span>
            </li>
          ))}
      </ul>
      <button type="button" className="btn ghost" onClick={reload}>
        {t('common.refresh')}
      </button>
    </>
  );
}

function Faults({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [call, setCall] = useState<CallName | ''>('');
  const [code, setCode] = useState('1000');
  const [status, setStatus] = useState('500');
  const [delay, setDelay] = useState('15000');
  const which = call ? { call } : {};
  const done = t('console.armed');
  return (
    <>
      <label className="field">
        <span className="label">{t('console.nextCall')}</span>
        <select
          className="select"
          value={call}
          onChange={(e) => setCall(e.target.value as CallName | '')}
        >
          <option value="">{t('console.anyCall')}</option>
          {CALLS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, code: Number(code) }), done)}
        >
          {t('console.forceCode')}
        </button>
      </div>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, status: Number(status) }), done)}
        >
          {t('console.forceStatus')}
        </button>
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.force({ ...which, body: '<html>Bad gateway</html>' }), done)}
        >
          {t('console.malformed')}
        </button>
      </div>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.delayMs')}
          value={delay}
          onChange={(e) => setDelay(e.target.value)}
        />
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.delay({ ...which, ms: Number(delay) }), done)}
        >
          {t('console.delay')}
        </button>
      </div>
      <div className="console-row">
        {(['market', 'exchange'] as const).map((ch) => (
          <span key={ch} className="console-actions">
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.dropChannel(ch), t('console.dropped', { ch }))}
            >
              {t('console.drop', { ch })}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => run(bo.freezeChannel(ch, true), t('console.frozen', { ch }))}
            >
              {t('console.freeze', { ch })}
            </button>
            <button
              type="button"
              className="btn ghost"
              onClick={() => run(bo.freezeChannel(ch, false), t('console.resumed', { ch }))}
            >
              {t('console.resume', { ch })}
            </button>
          </span>
        ))}
      </div>
      <button
        type="button"
        className="btn ghost"
        onClick={() => run(bo.clearScenarios(), t('console.cleared'))}
      >
        {t('console.clear')}
      </button>
    </>
  );
}

function Market({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const { symbol } = useSnapshot(ui);
  const [text, setText] = useState(symbol);
  useEffect(() => setText(symbol), [symbol]);
  return (
    <>
      <label className="field">
        <span className="label">{t('home.symbol')}</span>
        <input
          className="input"
          value={text}
          onChange={(e) => setText(e.target.value.toUpperCase())}
        />
      </label>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeStatus(text, 0), t('console.done'))}
        >
          {t('console.tradeOff')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeStatus(text, 1), t('console.done'))}
        >
          {t('console.tradeOn')}
        </button>
      </div>
      <div className="console-row">
        {[3, 60].map((min) => (
          <button
            key={min}
            type="button"
            className="btn"
            onClick={() => run(bo.skipTime(min * 60_000), t('console.skipped', { min }))}
          >
            {t('console.skip', { min })}
          </button>
        ))}
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setHours(text, CLOSED_ALL_WEEK), t('console.done'))}
        >
          {t('console.closeMarket')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setHours(text, undefined), t('console.done'))}
        >
          {t('console.restoreHours')}
        </button>
      </div>
    </>
  );
}

function Flags({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const [flags, reload] = useLoad(() => bo.flags(), [bo]);
  return (
    <>
      <p className="muted">{t('console.flagsNote')}</p>
      <ul className="console-list">
        {Object.entries(flags ?? {}).map(([name, on]) => (
          <li key={name}>
            <label className="check">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => run(bo.setFlag(name, e.target.checked), t('console.done'), reload)}
              />
              {name}
            </label>
          </li>
        ))}
      </ul>
    </>
  );
}

function Account({ bo }: { bo: RemoteBackOffice }) {
  const { t } = useTranslation();
  const { token } = useSnapshot(session);
  const uid = decodeToken(token)?.uid;
  const [amount, setAmount] = useState('10000');
  if (!uid) return <p className="muted">{t('tips.login_required')}</p>;
  return (
    <>
      <p>UID {uid}</p>
      <div className="console-row">
        <input
          className="input"
          aria-label={t('console.amount')}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
        <button
          type="button"
          className="btn primary"
          onClick={() => run(bo.creditDeposit(uid, amount), t('console.credited'))}
        >
          {t('console.credit')}
        </button>
      </div>
      <div className="console-row">
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeBanned(uid, true), t('console.done'))}
        >
          {t('console.ban')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTradeBanned(uid, false), t('console.done'))}
        >
          {t('console.unban')}
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => run(bo.setTwoFactor(uid, true), t('console.done'))}
        >
          {t('console.twoFactor')}
        </button>
      </div>
    </>
  );
}

const PANES: Record<Tab, (p: { bo: RemoteBackOffice }) => ReactNode> = {
  reviews: Reviews,
  outbox: Outbox,
  faults: Faults,
  market: Market,
  flags: Flags,
  account: Account,
};

export function SimulatorConsole({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const bo = useBackOffice();
  const [tab, setTab] = useState<Tab>('reviews');
  if (!bo) return null;
  const Pane = PANES[tab];
  return (
    <div className="console" role="dialog" aria-label={t('console.title')}>
      <header className="console-head">
        <b>{t('console.title')}</b>
        <button type="button" className="icon-btn" aria-label={t('common.close')} onClick={onClose}>
          ×
        </button>
      </header>
      <div className="tabs" role="tablist">
        {TABS.map((x) => (
          <button
            key={x}
            type="button"
            role="tab"
            aria-selected={tab === x}
            className={`tab${tab === x ? ' active' : ''}`}
            onClick={() => setTab(x)}
          >
            {t(`console.tab_${x}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="console-body">
        <Pane bo={bo} />
      </div>
    </div>
  );
}
