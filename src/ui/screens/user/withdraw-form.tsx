/**
 * The withdraw form: the target, the confirmed or typed address, the amount
 * with its limits, the fee, actual amount and balance after, and submit.
 */
import { useTranslation } from 'react-i18next';
import { TextField } from '../../forms/fields.tsx';
import { Num, NumUnit } from '../../components/num.tsx';
import { withNodes } from '../../components/num-text.tsx';
import type { Send, Snapshot } from './withdraw-kit.ts';
import { TargetPicker } from './withdraw-target.tsx';

export function WithdrawForm({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useTranslation();
  const c = state.context;
  const target = c.targets.find((x) => x.id === c.targetId);
  const limits = c.limits;
  const limitError = c.errors.amount === 'withdraw_amount_limit_front' && limits;
  const f = c.fee;
  const coin = target?.coin ?? '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <TargetPicker state={state} send={send} />
      {target?.kind === 'wallet' && target.address && (
        <div className="field">
          <span className="label">{t('wallet_ui.withdraw_address')}</span>
          <code className="address confirm-address">{target.address}</code>
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
        label={t('wallet_ui.withdraw_amount', { coin: coin || '—' })}
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
      />
      <dl className="kv fee-box" aria-label={t('wallet_ui.fee_details')} aria-live="polite">
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
        </dd>
        <dt>{t('wallet_ui.actual_amount')}</dt>
        <dd>
          <NumUnit kind="amount" unit={coin} value={f?.practical} />
        </dd>
        <dt>{t('wallet_ui.balance_after')}</dt>
        <dd>
          <NumUnit kind="amount" unit="USD" value={f?.afterBalance} />
        </dd>
      </dl>
      {state.hasTag('calculating') && (
        <span className="spinner small" role="status" aria-label={t('wallet_ui.calculating')} />
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={c.submitting}
          aria-busy={c.submitting}
        >
          {c.submitting ? t('common.loading') : t('wallet_ui.submit')}
        </button>
      </div>
    </form>
  );
}
