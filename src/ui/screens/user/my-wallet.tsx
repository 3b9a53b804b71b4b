/**
 * My wallet (/user/myWallet; flag multi-wallet and a real account): the
 * wallet machine's view (user-centre.md §2 "Wallet", §4 "Wallet").
 * - my_wallet: the overview (total assets in USD, deposit and withdraw, the
 *   crypto wallet and bank card shortcuts), one row per currency with
 *   Transfer in / Transfer out (not on USD; a drawer on the transfer
 *   machine), and the 5 latest trade records and deposit/withdrawal records.
 *   The machine refreshes the balance every 8 s while this tab is shown.
 * - wallet_record: the transfer records, filtered all / in / out / order.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { MarketOrder, OptionOrder } from '../../../api/types/trading.ts';
import type { DepositWithdrawRecord, WalletItem, WalletRecord } from '../../../api/types/user.ts';
import { TOAST_MS } from '../../../config/constants.ts';
import {
  infiniteListActors,
  infiniteListMachine,
  type InfiniteListInput,
} from '../../../machines/infiniteListMachine.ts';
import { transferActors, transferMachine } from '../../../machines/transferMachine.ts';
import {
  walletActors,
  walletMachine,
  type RecordType,
  type WalletTab,
} from '../../../machines/walletMachine.ts';
import { preferences } from '../../../state/preferences.ts';
import { site } from '../../../state/site.ts';
import { showToast } from '../../../state/toasts.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { TextField } from '../../forms/fields.tsx';
import { formatDateTime, money } from '../../format.ts';
import { DepositRecordRow, FilterChips, MarketOrderRow, OptionOrderRow } from './records.tsx';
import './wallet.css';

/** How many of each record the overview shows (§9). */
const LATEST = 5;
const RECORD_TYPES: RecordType[] = [undefined, 0, 1, 2];

/**
 * A screen that is not offered (flag off, demo account) sends the user back
 * to /user with a short notice. Returns whether the screen may show.
 */
export function useAvailable(available: boolean): boolean {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (available) return;
    showToast(t('wallet_ui.unavailable'), 'info', TOAST_MS);
    navigate('/user', { replace: true });
  }, [available, navigate, t]);
  return available;
}

/** Header with the back arrow and the title. */
export function WalletHead({ title, back = '/user' }: { title: string; back?: string }) {
  return (
    <>
      <header className="screen-header">
        <BackLink to={back} />
      </header>
      <h1 className="screen-title">{title}</h1>
    </>
  );
}

/** USD with 2 decimals, other coins as the server gives them (§9). */
export const coinAmount = (value: string | number, coin: string): string =>
  coin === 'USD' ? money(value) : String(value);

function Skeletons({ n = 3 }: { n?: number }) {
  const { t } = useTranslation();
  return (
    <div className="skeleton-list" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="skeleton-row" />
      ))}
    </div>
  );
}

/** The first page (5 items) of a list: the overview's latest records. */
function Latest<T>({
  title,
  input,
  render,
  all,
}: {
  title: string;
  input: InfiniteListInput;
  render: (item: T) => ReactNode;
  all: string;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send] = useMachine(
    infiniteListMachine.provide({ actors: infiniteListActors(api) }),
    {
      input: { ...input, limit: LATEST },
    },
  );
  const items = (state.context.items as T[]).slice(0, LATEST);
  const first = state.hasTag('busy') && state.context.page === 0;
  return (
    <section className="wallet-section" aria-label={title}>
      <div className="wallet-section-head">
        <h2 className="section-title">{title}</h2>
        <Link href={all} className="link-btn">
          {t('wallet_ui.view_all')}
        </Link>
      </div>
      {first ? (
        <Skeletons n={2} />
      ) : state.context.failure !== undefined && !items.length ? (
        <div className="empty-state">
          <p>{t('wallet_ui.load_failed')}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'list.reload' })}>
            {t('common.retry')}
          </button>
        </div>
      ) : items.length ? (
        <ul className="order-list">{items.map(render)}</ul>
      ) : (
        <p className="empty-state">{t('list.empty')}</p>
      )}
    </section>
  );
}

/** The drawer's transfer form (transferMachine), for one row and direction. */
function TransferForm({
  row,
  usd,
  type,
  onReload,
  onDone,
}: {
  row: WalletItem;
  usd: WalletItem | undefined;
  type: 0 | 1;
  onReload: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send, actor] = useMachine(
    transferMachine.provide({ actors: transferActors(api) }),
    { input: { curr: row.currency, currId: row.currencyId, type, unit: row.unit } },
  );
  const c = state.context;
  const busy = state.hasTag('busy');
  useEffect(() => {
    const sub = actor.on('balance.reload', onReload);
    return () => sub.unsubscribe();
  }, [actor, onReload]);
  const ended = useRef(false);
  useEffect(() => {
    if (!state.hasTag('done') || ended.current) return;
    ended.current = true;
    if (c.notice) showToast(t(c.notice.key), 'success', TOAST_MS);
    onDone();
  }, [state, c.notice, onDone, t]);

  const from = type === 0 ? 'USD' : row.currency;
  const to = type === 0 ? row.currency : 'USD';
  const available =
    type === 0 ? (c.balances?.usd ?? usd?.balance ?? '0') : (c.balances?.coin ?? row.balance);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <p className="transfer-route">
        <b>{from}</b> → <b>{to}</b>
      </p>
      <dl className="kv">
        <dt>{t('wallet_ui.available')}</dt>
        <dd>
          {coinAmount(available, from)} {from}
        </dd>
      </dl>
      <TextField
        label={t('wallet_ui.amount_in', { coin: row.currency })}
        inputMode="decimal"
        autoComplete="off"
        value={c.num}
        onValue={(value) => send({ type: 'field.change', field: 'num', value })}
        error={c.errors.num}
        disabled={state.matches('submitting')}
      />
      <dl className="kv" aria-live="polite">
        <dt>{t('position.fee')}</dt>
        <dd>{c.fee !== undefined ? `${c.fee} ${row.currency}` : '—'}</dd>
        <dt>{t('wallet_ui.practical')}</dt>
        <dd>{c.practical !== undefined ? `${c.practical} ${row.currency}` : '—'}</dd>
      </dl>
      {state.matches({ editing: 'calculating' }) && (
        <span className="spinner small" role="status" aria-label={t('common.loading')} />
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy}>
          {state.matches('submitting') ? t('common.loading') : t('common.confirm')}
        </button>
      </div>
    </form>
  );
}

function CurrencyRow({
  item,
  onTransfer,
}: {
  item: WalletItem;
  onTransfer: (type: 0 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <li className="coin-row" aria-label={item.currency}>
      <img src={item.icon} alt="" width={36} height={36} className="coin-icon" />
      <div className="coin-main">
        <b>{item.currency}</b>
        <span className="muted small">≈ {money(item.usdBalance)} USD</span>
      </div>
      <div className="coin-balance">
        <b>{coinAmount(item.balance, item.currency)}</b>
        <span className="muted small">{item.unit}</span>
      </div>
      {item.currency !== 'USD' && (
        <div className="coin-actions">
          <button
            type="button"
            className="btn"
            aria-label={`${t('wallet_ui.transfer_in')} ${item.currency}`}
            onClick={() => onTransfer(0)}
          >
            {t('wallet_ui.transfer_in')}
          </button>
          <button
            type="button"
            className="btn"
            aria-label={`${t('wallet_ui.transfer_out')} ${item.currency}`}
            onClick={() => onTransfer(1)}
          >
            {t('wallet_ui.transfer_out')}
          </button>
        </div>
      )}
    </li>
  );
}

function WalletRecordRow({ r }: { r: WalletRecord }) {
  const { t } = useTranslation();
  const label = t(`wallet_ui.record_type_${r.orderType}`);
  return (
    <li>
      <article className="order-card static" aria-label={`${label} ${r.orderQuantity} ${r.unit}`}>
        <span className="order-head">
          <span className={`badge ${r.orderType === 1 ? 'down-bg' : 'up-bg'}`}>{label}</span>
          <b>{r.currency}</b>
          <span className="pnl">
            {r.orderQuantity} {r.unit}
          </span>
        </span>
        <span className="order-grid">
          <span>{r.uid}</span>
          <span>{formatDateTime(r.orderTime)}</span>
        </span>
      </article>
    </li>
  );
}

function Overview({
  total,
  loading,
  onReload,
}: {
  total: string | undefined;
  loading: boolean;
  onReload: () => void;
}) {
  const { t } = useTranslation();
  const { flags } = useSnapshot(site);
  return (
    <>
      <section className="balance-card" aria-label={t('wallet_ui.total_assets')}>
        <div className="row">
          <span className="muted">{t('wallet_ui.total_assets')} (USD)</span>
          <button type="button" className="btn" onClick={onReload} disabled={loading}>
            {t('common.refresh')}
          </button>
        </div>
        <div className="amount">{total !== undefined ? money(total) : '—'}</div>
      </section>
      <div className="form-actions row wallet-actions">
        <Link
          href="/user/deposit"
          className="btn primary"
          aria-disabled={flags.depositDisabled || undefined}
        >
          {t('my.deposit')}
        </Link>
        <Link href="/user/withdraw" className="btn">
          {t('my.withdraw')}
        </Link>
      </div>
      <ul className="menu wallet-shortcuts" aria-label={t('wallet_ui.shortcuts')}>
        {!flags.NO_WALLET_WITHDRAW && (
          <li>
            <Link href="/user/wallet/crypto" className="menu-row">
              <span>{t('wallet_ui.crypto_wallet')}</span>
              <span className="end">›</span>
            </Link>
          </li>
        )}
        {flags['user/bankCard'] && (
          <li>
            <Link href="/user/wallet/bankCard" className="menu-row">
              <span>{t('wallet_ui.bank_card')}</span>
              <span className="end">›</span>
            </Link>
          </li>
        )}
      </ul>
    </>
  );
}

function LatestTrades() {
  const { t } = useTranslation();
  const { config } = useServices();
  const { tradeMode } = useSnapshot(preferences);
  const [, navigate] = useLocation();
  const list = '/user/wallet/transactionList';
  if ((tradeMode ?? config.defaultTradeMode) === 'option') {
    return (
      <Latest<OptionOrder>
        title={t('wallet_ui.latest_trades')}
        all={list}
        input={{ call: 'userOptionHistory' }}
        render={(o) => (
          <OptionOrderRow
            key={o.uid}
            o={o}
            onOpen={() => navigate(`${list}?optionUID=${encodeURIComponent(o.uid)}`)}
          />
        )}
      />
    );
  }
  return (
    <Latest<MarketOrder>
      title={t('wallet_ui.latest_trades')}
      all={list}
      input={{ call: 'userOrder' }}
      render={(o) => (
        <MarketOrderRow
          key={o.id}
          o={o}
          onOpen={() => navigate(`${list}?uid=${encodeURIComponent(o.id)}`)}
        />
      )}
    />
  );
}

function WalletScreen() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [state, send] = useMachine(walletMachine.provide({ actors: walletActors(api) }));
  const c = state.context;
  const [transfer, setTransfer] = useState<{ row: WalletItem; type: 0 | 1 }>();
  const tab: WalletTab = state.matches('records') ? 'wallet_record' : 'my_wallet';
  const reload = useCallback(() => send({ type: 'balance.reload' }), [send]);
  const close = useCallback(() => setTransfer(undefined), []);
  const usd = c.list.find((r) => r.currency === 'USD');

  return (
    <main className="screen wallet-screen">
      <WalletHead title={t('my.wallet')} />
      <div className="tabs" role="tablist" aria-label={t('my.wallet')}>
        {(['my_wallet', 'wallet_record'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' active' : ''}`}
            onClick={() => send({ type: 'tab.select', tab: k })}
          >
            {t(`wallet_ui.tab_${k}`)}
          </button>
        ))}
      </div>
      {tab === 'my_wallet' ? (
        <div role="tabpanel" aria-label={t('wallet_ui.tab_my_wallet')}>
          <Overview total={c.totalBalance} loading={state.hasTag('busy')} onReload={reload} />
          <section className="wallet-section" aria-label={t('wallet_ui.currencies')}>
            <h2 className="section-title">{t('wallet_ui.currencies')}</h2>
            {c.list.length === 0 && state.hasTag('busy') ? (
              <Skeletons />
            ) : c.list.length === 0 ? (
              <div className="empty-state">
                <p>{t(c.failure !== undefined ? 'wallet_ui.load_failed' : 'list.empty')}</p>
                <button type="button" className="btn" onClick={reload}>
                  {t('common.retry')}
                </button>
              </div>
            ) : (
              <ul className="coin-list" aria-label={t('wallet_ui.currencies')}>
                {c.list.map((item) => (
                  <CurrencyRow
                    key={item.currencyId}
                    item={item}
                    onTransfer={(type) => setTransfer({ row: item, type })}
                  />
                ))}
              </ul>
            )}
          </section>
          <LatestTrades />
          <Latest<DepositWithdrawRecord>
            title={t('wallet_ui.latest_deposits')}
            all="/user/wallet/depositList"
            input={{ call: 'uesrRecharge' }}
            render={(r) => <DepositRecordRow key={r.id} r={r} />}
          />
        </div>
      ) : (
        <div role="tabpanel" aria-label={t('wallet_ui.tab_wallet_record')}>
          <FilterChips
            label={t('wallet_ui.filter')}
            labels={RECORD_TYPES.map((r) => t(`wallet_ui.record_type_${r ?? 'all'}`))}
            value={RECORD_TYPES.indexOf(c.recordType)}
            onChange={(i) => send({ type: 'records.filter', recordType: RECORD_TYPES[i] })}
          />
          <InfiniteList<WalletRecord>
            key={`record-${c.recordType ?? 'all'}`}
            label={t('wallet_ui.tab_wallet_record')}
            input={{
              call: 'walletRecord',
              payload: c.recordType === undefined ? {} : { type: c.recordType },
            }}
            render={(r) => <WalletRecordRow key={`${r.uid}-${r.orderTime}`} r={r} />}
          />
        </div>
      )}
      <Drawer
        open={!!transfer}
        title={
          transfer
            ? `${t(transfer.type === 0 ? 'wallet_ui.transfer_in' : 'wallet_ui.transfer_out')} ${transfer.row.currency}`
            : ''
        }
        onClose={close}
      >
        {transfer && (
          <TransferForm
            key={`${transfer.row.currencyId}-${transfer.type}`}
            row={transfer.row}
            usd={usd}
            type={transfer.type}
            onReload={reload}
            onDone={close}
          />
        )}
      </Drawer>
    </main>
  );
}

export function MyWallet() {
  const demo = useDemo();
  const { flags } = useSnapshot(site);
  const ok = useAvailable(!!flags['multi-wallet'] && !demo);
  return ok ? <WalletScreen /> : null;
}
