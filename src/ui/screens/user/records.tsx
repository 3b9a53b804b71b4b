/**
 * Records (user-centre.md §2 "Records screens", §3 "Market order", "Option
 * order", "Deposit and withdraw record", §4 positionStatus and payState):
 * - /user/wallet/transactionList: trade records, market orders (userOrder, or
 *   userOrderMock on a demo account) with the filters all, unsettled, deal,
 *   canceled, exception (positionStatus = filter index + 1, all sends none)
 *   and option orders (userOptionHistory: all, waiting, done); a detail panel.
 *   `?uid=` opens that market order's detail once it is listed, `?optionUID=`
 *   opens that option's detail (userOptionDetail).
 * - /user/wallet/depositList: deposit and withdrawal records (uesrRecharge),
 *   payState 0 in review, 1 success, 2 fail (floored), with the reason.
 * Both lists are the generic infinite list; the rows are shared with the
 * wallet overview.
 */
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import type { MarketOrder, OptionOrder } from '../../../api/types/trading.ts';
import type { DepositWithdrawRecord } from '../../../api/types/user.ts';
import type { InfiniteListContext } from '../../../machines/infiniteListMachine.ts';
import { preferences } from '../../../state/preferences.ts';
import { site } from '../../../state/site.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useDesktop } from '../../hooks/use-media.ts';
import { InfiniteList } from '../../components/infinite-list.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { formatDateTime, formatDuration, money } from '../../format.ts';
import { OrderFacts, STATUS_CLASS } from '../../trade/order-detail.tsx';
import './wallet.css';

/** Market filters in order: the index + 1 is the positionStatus sent (all sends none). */
const MARKET_FILTERS = ['all', 'unsettled', 'deal', 'canceled', 'exception'] as const;
/** Option filters: all, 0 waiting, 1 done. */
const OPTION_FILTERS = [undefined, 0, 1] as const;
/** Record type filters: all, 0 deposit, 1 withdraw. */
const RECORD_FILTERS = [undefined, 0, 1] as const;
/** payState (floored) → label key and colour. */
const PAY_STATE: Record<number, { key: string; tone: string }> = {
  0: { key: 'wallet_ui.pay_state_0', tone: 'yellow' },
  1: { key: 'wallet_ui.pay_state_1', tone: 'blue' },
  2: { key: 'wallet_ui.pay_state_2', tone: 'red' },
};

/** A small glyph per order status, besides its colour (§4: distinct colours and icons). */
export function StatusGlyph({ status }: { status: number }) {
  const d: Record<number, string> = {
    1: 'M12 7v5l3 2', // pending: a clock hand
    2: 'M5 12h14', // open / waiting: a level line
    3: 'M6 12l4 4 8-8', // closed / done: a tick
    4: 'M7 7l10 10M17 7L7 17', // canceled / failed: a cross
  };
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d={d[status] ?? d[2]} fill="none" stroke="currentColor" strokeWidth="2.5" />
    </svg>
  );
}

export function MarketStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`status ${STATUS_CLASS[status] ?? 'grey'}`}>
      <StatusGlyph status={status} /> {t(`position.status_${status}`)}
    </span>
  );
}

export function OptionStatus({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <span className={`status ${status === 1 ? 'blue' : 'yellow'}`}>
      <StatusGlyph status={status === 1 ? 3 : 2} /> {t(`wallet_ui.option_status_${status}`)}
    </span>
  );
}

export function MarketOrderRow({ o, onOpen }: { o: MarketOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="order-card"
        onClick={onOpen}
        aria-label={`${o.tradePair} ${o.id}`}
      >
        <span className="order-head">
          <b>{o.tradePair}</b>
          <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
            {t(o.orderType === 0 ? 'order.buy' : 'order.sell')}
          </span>
          <MarketStatus status={o.positionStatus} />
          <span className={`pnl ${o.profitLoss >= 0 ? 'up' : 'down'}`}>{money(o.profitLoss)}</span>
        </span>
        <span className="order-grid">
          <span>
            {t('position.volume')} {o.orderQuantity}
          </span>
          <span>
            {t('position.placePrice')} {o.openingPrice}
          </span>
          <span>{o.orderTimeTs ? formatDateTime(o.orderTimeTs) : '—'}</span>
        </span>
      </button>
    </li>
  );
}

export function OptionOrderRow({ o, onOpen }: { o: OptionOrder; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <li>
      <button
        type="button"
        className="order-card"
        onClick={onOpen}
        aria-label={`${o.tradePair} ${o.uid}`}
      >
        <span className="order-head">
          <b>{o.tradePair}</b>
          <span className={`badge ${o.orderType === 0 ? 'up-bg' : 'down-bg'}`}>
            {t(o.orderType === 0 ? 'option.long' : 'option.short')}
          </span>
          <OptionStatus status={o.positionStatus} />
          <span className={`pnl ${(o.winLost ?? 0) >= 0 ? 'up' : 'down'}`}>
            {o.winLost === null ? '—' : money(o.winLost)}
          </span>
        </span>
        <span className="order-grid">
          <span>
            {t('option.amount')} {money(o.amount)}
          </span>
          <span>{formatDuration(o.timeLong)}</span>
          <span>{formatDateTime(o.beginTime)}</span>
        </span>
      </button>
    </li>
  );
}

export function OptionFacts({ o }: { o: OptionOrder }) {
  const { t } = useTranslation();
  return (
    <dl className="kv">
      <dt>{t('position.orderId')}</dt>
      <dd>{o.uid}</dd>
      <dt>{t('option.symbol')}</dt>
      <dd>{o.productName || o.tradePair}</dd>
      <dt>{t('position.direction')}</dt>
      <dd className={o.orderType === 0 ? 'up' : 'down'}>
        {t(o.orderType === 0 ? 'option.long' : 'option.short')}
      </dd>
      <dt>{t('wallet_ui.status')}</dt>
      <dd>
        <OptionStatus status={o.positionStatus} />
      </dd>
      <dt>{t('option.amount')}</dt>
      <dd>{money(o.amount)}</dd>
      <dt>{t('wallet_ui.duration')}</dt>
      <dd>{formatDuration(o.timeLong)}</dd>
      <dt>{t('option.openPrice')}</dt>
      <dd>{o.price}</dd>
      <dt>{t('option.closePrice')}</dt>
      <dd>{o.priceEnd ?? '—'}</dd>
      <dt>{t('position.fee')}</dt>
      <dd>{money(o.feeAmount)}</dd>
      <dt>{t('position.placeTime')}</dt>
      <dd>{formatDateTime(o.beginTime)}</dd>
      {o.positionStatus === 1 && o.completeTime !== null && (
        <>
          <dt>{t('option.settledAt')}</dt>
          <dd>{formatDateTime(o.completeTime)}</dd>
        </>
      )}
      <dt>{t('position.profitLoss')}</dt>
      <dd className={(o.winLost ?? 0) >= 0 ? 'up' : 'down'}>
        {o.winLost === null ? '—' : money(o.winLost)}
      </dd>
    </dl>
  );
}

/** The state of a deposit or withdrawal record: payState floored (§4). */
export function PayState({ payState }: { payState: number }) {
  const { t } = useTranslation();
  const s = PAY_STATE[Math.floor(payState)] ?? PAY_STATE[0]!;
  const glyph = s.tone === 'yellow' ? 2 : s.tone === 'blue' ? 3 : 4;
  return (
    <span className={`status ${s.tone}`}>
      <StatusGlyph status={glyph} /> {t(s.key)}
    </span>
  );
}

export function DepositRecordRow({ r }: { r: DepositWithdrawRecord }) {
  const { t } = useTranslation();
  const deposit = r.actionType === 0;
  const usd = deposit ? r.depositUsdPrice : r.withdrawUsdPrice;
  const failed = Math.floor(r.payState) === 2;
  return (
    <li>
      <article
        className="order-card static"
        aria-label={`${t(deposit ? 'my.deposit' : 'my.withdraw')} ${r.payPrice} ${r.currency ?? ''}`.trim()}
      >
        <span className="order-head">
          <b>{t(deposit ? 'my.deposit' : 'my.withdraw')}</b>
          <PayState payState={r.payState} />
          <span className="pnl">
            {r.payPrice} {r.currency ?? ''}
          </span>
        </span>
        <span className="order-grid">
          <span>{usd !== undefined ? `≈ ${money(usd)} USD` : ''}</span>
          <span>{formatDateTime(r.submitTimeTs)}</span>
        </span>
        {failed && r.remark && (
          <span className="field-error">
            {t('wallet_ui.fail_reason')}: {r.remark}
          </span>
        )}
      </article>
    </li>
  );
}

/** Back to the wallet where it is offered (multi-wallet, real account), else to /user. */
function ScreenHead({ title }: { title: string }) {
  const demo = useDemo();
  const { flags } = useSnapshot(site);
  return (
    <>
      <header className="screen-header">
        <BackLink to={!demo && flags['multi-wallet'] ? '/user/myWallet' : '/user'} />
      </header>
      <h1 className="screen-title">{title}</h1>
    </>
  );
}

/** A row of filter chips; `value` is the index chosen. */
export function FilterChips({
  label,
  labels,
  value,
  onChange,
}: {
  label: string;
  labels: string[];
  value: number;
  onChange: (i: number) => void;
}) {
  return (
    <div className="chips" role="group" aria-label={label}>
      {labels.map((l, i) => (
        <button
          key={l}
          type="button"
          className="chip"
          aria-pressed={i === value}
          onClick={() => onChange(i)}
        >
          {l}
        </button>
      ))}
    </div>
  );
}

/** Opens the order named by `?uid=` once it appears in the loaded items. */
function OpenListed({
  items,
  uid,
  onFound,
}: {
  items: unknown[];
  uid: string | null;
  onFound: (o: MarketOrder) => void;
}) {
  const done = useRef(false);
  useEffect(() => {
    if (!uid || done.current) return;
    const hit = (items as MarketOrder[]).find((o) => o.id === uid || o.uid === uid);
    if (hit) {
      done.current = true;
      onFound(hit);
    }
  }, [items, uid, onFound]);
  return null;
}

export function TransactionList() {
  const { t } = useTranslation();
  const { api, config } = useServices();
  const demo = useDemo();
  const desktop = useDesktop();
  const { tradeMode } = useSnapshot(preferences);
  const query = new URLSearchParams(useSearch());
  const uid = query.get('uid');
  const optionUID = query.get('optionUID');
  const [kind, setKind] = useState<'market' | 'option'>(() =>
    optionUID ? 'option' : uid ? 'market' : (tradeMode ?? config.defaultTradeMode),
  );
  const [marketFilter, setMarketFilter] = useState(0);
  const [optionFilter, setOptionFilter] = useState(0);
  const [market, setMarket] = useState<MarketOrder>();
  const [option, setOption] = useState<OptionOrder>();

  // ?optionUID= opens that option's detail.
  useEffect(() => {
    if (!optionUID) return;
    let live = true;
    void api.call('userOptionDetail', { uid: optionUID }).then((r) => {
      if (live && r.data) setOption(r.data);
    });
    return () => {
      live = false;
    };
  }, [api, optionUID]);

  const optionStatus = OPTION_FILTERS[optionFilter];
  return (
    <main className="screen wallet-screen">
      <ScreenHead title={t('wallet_ui.transactions')} />
      <div className="tabs" role="tablist" aria-label={t('wallet_ui.trade_kind')}>
        {(['market', 'option'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={`tab${kind === k ? ' active' : ''}`}
            onClick={() => setKind(k)}
          >
            {t(`wallet_ui.kind_${k}`)}
          </button>
        ))}
      </div>
      {kind === 'market' ? (
        <>
          <FilterChips
            label={t('wallet_ui.filter')}
            labels={MARKET_FILTERS.map((f) => t(`wallet_ui.market_filter_${f}`))}
            value={marketFilter}
            onChange={setMarketFilter}
          />
          <InfiniteList<MarketOrder>
            key={`market-${marketFilter}-${demo}`}
            label={t('wallet_ui.kind_market')}
            input={{
              call: 'userOrder',
              payload: marketFilter === 0 ? {} : { positionStatus: marketFilter + 1 },
              demo,
            }}
            header={(c: InfiniteListContext) => (
              <OpenListed items={c.items} uid={uid} onFound={setMarket} />
            )}
            render={(o) => <MarketOrderRow key={o.id} o={o} onOpen={() => setMarket(o)} />}
          />
        </>
      ) : (
        <>
          <FilterChips
            label={t('wallet_ui.filter')}
            labels={OPTION_FILTERS.map((f) => t(`wallet_ui.option_filter_${f ?? 'all'}`))}
            value={optionFilter}
            onChange={setOptionFilter}
          />
          <InfiniteList<OptionOrder>
            key={`option-${optionFilter}-${demo}`}
            label={t('wallet_ui.kind_option')}
            input={{
              call: 'userOptionHistory',
              payload: optionStatus === undefined ? {} : { positionStatus: optionStatus },
              demo,
            }}
            render={(o) => <OptionOrderRow key={o.uid} o={o} onOpen={() => setOption(o)} />}
          />
        </>
      )}
      <Drawer
        open={!!market}
        side={desktop}
        title={market ? `${market.tradePair} · ${market.id}` : ''}
        onClose={() => setMarket(undefined)}
      >
        {market && (
          <>
            <p>
              <MarketStatus status={market.positionStatus} />
            </p>
            <OrderFacts o={market} />
          </>
        )}
      </Drawer>
      <Drawer
        open={!!option}
        side={desktop}
        title={option ? `${option.tradePair} · ${option.uid}` : ''}
        onClose={() => setOption(undefined)}
      >
        {option && <OptionFacts o={option} />}
      </Drawer>
    </main>
  );
}

export function DepositList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(0);
  const type = RECORD_FILTERS[filter];
  return (
    <main className="screen wallet-screen">
      <ScreenHead title={t('wallet_ui.deposit_records')} />
      <FilterChips
        label={t('wallet_ui.filter')}
        labels={RECORD_FILTERS.map((f) => t(`wallet_ui.record_filter_${f ?? 'all'}`))}
        value={filter}
        onChange={setFilter}
      />
      <InfiniteList<DepositWithdrawRecord>
        key={`records-${filter}`}
        label={t('wallet_ui.deposit_records')}
        input={{ call: 'uesrRecharge', payload: type === undefined ? {} : { type } }}
        render={(r) => <DepositRecordRow key={r.id} r={r} />}
      />
    </main>
  );
}
