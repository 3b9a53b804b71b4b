/**
 * The withdraw form: the target, the confirmed or typed address, the amount
 * with its limits, the fee, actual amount and balance after, and Continue to
 * the review (review.tsx), whose Confirm submits.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { checkFee, checkPaymentAddress } from '../../../machines/validation/wallet.ts';
import { TextField } from '../../forms/fields.tsx';
import { Num, NumUnit } from '../../components/num.tsx';
import { withNodes } from '../../components/num-text.tsx';
import { BalanceNum } from '../../components/balance-num.tsx';
import type { Send, Snapshot } from './kit.ts';
import { TargetPicker } from './target.tsx';
import { WithdrawReview } from './review.tsx';

export function WithdrawForm({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useTranslation();
  const c = state.context;
  const target = c.targets.find((x) => x.id === c.targetId);
  const limits = c.limits;
  const limitError = c.errors.amount === 'withdraw_amount_limit_front' && limits;
  const f = c.fee;
  const coin = target?.coin ?? '';
  // The review opens only for a form the machine would send: a fee it accepts,
  // no error, an address where one is typed. Otherwise Continue shows the errors.
  const sendable =
    !!target &&
    !!f &&
    !checkFee(f) &&
    !Object.values(c.errors).some(Boolean) &&
    (target.kind !== 'coin' || !checkPaymentAddress(c.address));
  const [reviewing, setReviewing] = useState(false);
  // A refused submission comes back to the form, where its message and the fields are.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (wasSubmitting.current && !c.submitting) setReviewing(false);
    wasSubmitting.current = c.submitting;
  }, [c.submitting]);
  const short = !!f && (f.isOver || Number(f.afterBalance) < 0);
  if (target && reviewing && (sendable || c.submitting))
    return (
      <WithdrawReview
        state={state}
        target={target}
        onBack={() => setReviewing(false)}
        onConfirm={() => send({ type: 'form.submit' })}
      />
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (sendable && !c.submitting) setReviewing(true);
        else send({ type: 'form.submit' });
      }}
    >
      <TargetPicker state={state} send={send} />
      {target?.kind === 'wallet' && target.address && (
        <div className="field">
          <span className="label">{t('wallet_ui.withdraw_address')}</span>
          <code className="address withdraw-confirm-address">{target.address}</code>
        </div>
      )}
      {target?.kind === 'coin' && (
        <TextField
          label={t('wallet_ui.payment_address')}
          autoComplete="off"
          spellCheck={false}
          value={c.address}
          onValue={(value) => send({ type: 'field.change', field: 'address', value })}
          error={c.errors.address}
          disabled={c.submitting}
        />
      )}
      <TextField
        label={
          coin ? t('wallet_ui.withdraw_amount', { coin }) : t('wallet_ui.withdraw_amount_bare')
        }
        inputMode="decimal"
        autoComplete="off"
        value={c.amount}
        onValue={(value) => send({ type: 'field.change', field: 'amount', value })}
        error={limitError ? 'wallet_ui.limit_message' : c.errors.amount}
        errorValues={
          limitError
            ? {
                front: t('withdraw_amount_limit_front'),
                back: t('withdraw_amount_limit_back'),
                min: <Num kind="amount" unit={limits.coin} value={limits.min} />,
                max: <Num kind="amount" unit={limits.coin} value={limits.max} />,
                coin: limits.coin,
              }
            : undefined
        }
        hint={
          limits &&
          withNodes(t, 'wallet_ui.limits', {
            min: <Num kind="amount" unit={limits.coin} value={limits.min} />,
            max: <Num kind="amount" unit={limits.coin} value={limits.max} />,
            coin: limits.coin,
          })
        }
        disabled={c.submitting}
        trailing={
          // Max (issue 25 item 6): fills the amount only when pressed, through the machine.
          <button
            type="button"
            className="btn small withdraw-max"
            title={t('wallet_ui.max_hint')}
            disabled={!target || c.submitting || state.matches({ ready: { form: 'maxing' } })}
            onClick={() => send({ type: 'amount.max' })}
          >
            {t('wallet_ui.max')}
          </button>
        }
      />
      <dl className="kv withdraw-fee" aria-label={t('wallet_ui.fee_details')} aria-live="polite">
        <dt>{t('wallet_ui.available_balance')}</dt>
        <dd>
          <BalanceNum which="available" /> USD
        </dd>
        <dt>{t('position.fee')}</dt>
        <dd>
          {f ? (
            <>
              <Num kind="fee" unit={coin} value={f.feeNum} /> {coin}
              <span className="muted small">
                {' '}
                ≈ <Num kind="fee" unit="USD" value={f.feeUsd} /> USD
              </span>
            </>
          ) : (
            '—'
          )}
          {state.hasTag('calculating') && (
            <span className="spinner small" role="status" aria-label={t('wallet_ui.calculating')} />
          )}
        </dd>
        <dt>{t('wallet_ui.actual_amount')}</dt>
        <dd>
          <NumUnit kind="amount" unit={coin} value={f?.practical} />
        </dd>
        <dt>{t('wallet_ui.balance_after')}</dt>
        <dd>
          {short ? (
            // Never a negative balance: the reason instead.
            <span className="field-error">{t('insufficient_balance')}</span>
          ) : (
            <NumUnit kind="amount" unit="USD" value={f?.afterBalance} />
          )}
        </dd>
      </dl>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={c.submitting}
          aria-busy={c.submitting}
        >
          {c.submitting ? t('common.loading') : t('wallet_ui.continue')}
        </button>
      </div>
    </form>
  );
}
