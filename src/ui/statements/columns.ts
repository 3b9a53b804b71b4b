/**
 * The columns of each statement (issue 16): headers in the user's language,
 * times in the site's time zone, amounts at their precision (USD figures to
 * the cent, prices and volumes at the product's precision, coin amounts as
 * the server gave them).
 */
import type { TFunction } from '../../i18n/translator.ts';
import type { MarketOrder, OptionOrder } from '../../api/types/trading.ts';
import type { DepositWithdrawRecord, WalletRecord } from '../../api/types/user.ts';
import { formatDateTime, money, priceText, volumeText } from '../format.ts';

export interface Column<R> {
  header: string;
  value(r: R): string;
}

const time = (ts: number | null | undefined) => (ts ? formatDateTime(ts) : '');
const opt = (v: number | null | undefined, f: (n: number) => string) =>
  v === null || v === undefined ? '' : f(v);

export type StatementKind = 'market' | 'option' | 'deposit' | 'wallet';

export function marketColumns(t: TFunction): Column<MarketOrder>[] {
  return [
    { header: t('position.col_orderId'), value: (o) => o.id },
    { header: t('position.col_symbol'), value: (o) => o.tradePair },
    {
      header: t('position.col_direction'),
      value: (o) => t(o.orderType === 0 ? 'order.buy' : 'order.sell'),
    },
    { header: t('position.col_volume'), value: (o) => volumeText(o.tradePair, o.orderQuantity) },
    { header: t('position.col_placePrice'), value: (o) => priceText(o.tradePair, o.openingPrice) },
    {
      header: t('position.col_currentPrice'),
      value: (o) => priceText(o.tradePair, o.currentPrice),
    },
    {
      header: t('position.col_stopLoss'),
      value: (o) => opt(o.stopPrice, (v) => priceText(o.tradePair, v)),
    },
    {
      header: t('position.col_takeProfit'),
      value: (o) => opt(o.takeProfitPrice, (v) => priceText(o.tradePair, v)),
    },
    { header: t('position.col_fee'), value: (o) => money(o.feeAmount) },
    { header: t('position.col_interest'), value: (o) => opt(o.interest, money) },
    { header: t('position.col_profitLoss'), value: (o) => money(o.profitLoss) },
    { header: t('wallet_ui.status'), value: (o) => t(`position.status_${o.positionStatus}`) },
    {
      header: t('position.col_placeTime'),
      value: (o) => time(o.orderTimeTs ?? o.transactionTimeTs),
    },
    { header: t('position.coverTime'), value: (o) => time(o.closingTimeTs) },
  ];
}

export function optionColumns(t: TFunction): Column<OptionOrder>[] {
  return [
    { header: t('position.col_orderId'), value: (o) => o.uid },
    { header: t('position.col_symbol'), value: (o) => o.tradePair },
    {
      header: t('position.col_direction'),
      value: (o) => t(o.orderType === 0 ? 'option.long' : 'option.short'),
    },
    { header: t('option.amount'), value: (o) => money(o.amount) },
    { header: t('option.payout'), value: (o) => `${o.rate}%` },
    { header: t('option.openPrice'), value: (o) => priceText(o.tradePair, o.price) },
    {
      header: t('option.closePrice'),
      value: (o) => opt(o.priceEnd, (v) => priceText(o.tradePair, v)),
    },
    { header: t('position.col_fee'), value: (o) => money(o.feeAmount) },
    { header: t('position.col_profitLoss'), value: (o) => opt(o.winLost, money) },
    {
      header: t('wallet_ui.status'),
      value: (o) => t(`wallet_ui.option_status_${o.positionStatus}`),
    },
    { header: t('position.col_placeTime'), value: (o) => time(o.beginTime) },
    { header: t('option.settledAt'), value: (o) => time(o.completeTime) },
  ];
}

export function depositColumns(t: TFunction): Column<DepositWithdrawRecord>[] {
  const usd = (r: DepositWithdrawRecord) =>
    r.actionType === 0 ? r.depositUsdPrice : r.withdrawUsdPrice;
  return [
    { header: t('position.col_orderId'), value: (r) => r.id },
    {
      header: t('wallet_ui.record_type'),
      value: (r) => t(r.actionType === 0 ? 'my.deposit' : 'my.withdraw'),
    },
    {
      header: t('wallet_ui.status'),
      value: (r) => t(`wallet_ui.pay_state_${Math.floor(r.payState)}`),
    },
    { header: t('wallet_ui.record_amount'), value: (r) => r.payPrice },
    { header: t('statement.currency'), value: (r) => r.currency ?? '' },
    {
      header: t('wallet_ui.usd_value'),
      value: (r) => (usd(r) === undefined ? '' : money(usd(r) as string)),
    },
    { header: t('wallet_ui.submitted_at'), value: (r) => time(r.submitTimeTs) },
    {
      header: t('wallet_ui.fail_reason'),
      value: (r) => (Math.floor(r.payState) === 2 ? (r.remark ?? '') : ''),
    },
  ];
}

export function walletColumns(t: TFunction): Column<WalletRecord>[] {
  return [
    { header: t('wallet_ui.record_type'), value: (r) => t(`wallet_ui.record_type_${r.orderType}`) },
    { header: t('statement.currency'), value: (r) => r.currency },
    { header: t('wallet_ui.record_amount'), value: (r) => r.orderQuantity },
    { header: t('statement.unit'), value: (r) => r.unit },
    { header: t('statement.time'), value: (r) => time(r.orderTime) },
  ];
}
