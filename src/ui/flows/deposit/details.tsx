/** Deposit, crypto step two: amount, proof image, agreement and submit. */
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import { Link } from 'wouter';
import { TextField } from '../../forms/fields.tsx';
import type { useDeposit } from './hooks.ts';
import { ACCEPT } from './image.ts';
import { useDepositMinimum } from './minimum.tsx';
import { CameraNotice } from '../../components/camera-notice.tsx';

export function DepositDetails({
  state,
  send,
}: {
  state: ReturnType<typeof useDeposit>[0];
  send: ReturnType<typeof useDeposit>[1];
}) {
  const { t } = useTranslation();
  const c = state.context;
  const coin = c.coins.find((n) => n.id === c.coinId);
  const file = useRef<HTMLInputElement>(null);
  const preparing = state.matches({ crypto: { details: 'preparing' } });
  const submitting = state.matches({ crypto: 'submitting' });
  const minimum = useDepositMinimum(c);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <TextField
        label={t('wallet_ui.deposit_amount', { coin: coin?.currency ?? '' })}
        inputMode="decimal"
        autoComplete="off"
        value={c.amount}
        onValue={(value) => send({ type: 'field.change', field: 'amount', value })}
        // Nothing changes while the deposit is sent: the machine would drop it.
        disabled={submitting}
        error={c.errors.amount}
        errorValues={{ min: c.minUsd }}
        hint={minimum}
      />
      <div className="field">
        <label htmlFor="deposit-proof">{t('wallet_ui.deposit_proof')}</label>
        {c.proof ? (
          <div className="deposit-proof-preview">
            <img src={c.proof.url} alt={t('wallet_ui.proof_preview')} />
            <button
              type="button"
              className="btn"
              disabled={submitting}
              onClick={() => send({ type: 'proof.remove' })}
            >
              {t('wallet_ui.remove_proof')}
            </button>
          </div>
        ) : preparing ? (
          <span className="spinner small" role="status" aria-label={t('common.loading')} />
        ) : null}
        <input
          ref={file}
          id="deposit-proof"
          className="input deposit-file"
          type="file"
          disabled={submitting}
          accept={ACCEPT}
          aria-invalid={c.errors.proof ? true : undefined}
          aria-describedby={c.errors.proof ? 'deposit-proof-err' : undefined}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) {
              send({
                type: 'proof.select',
                file: { name: f.name, size: f.size, type: f.type },
                blob: f,
              });
            }
            // The same file may be chosen again after a removal.
            e.target.value = '';
          }}
        />
        <span className="muted small">{t('wallet_ui.image_rules')}</span>
        <CameraNotice />
        {c.errors.proof && (
          <span id="deposit-proof-err" className="field-error" role="alert">
            {t(c.errors.proof)}
          </span>
        )}
      </div>
      <div className="field">
        <label className="check">
          <input
            type="checkbox"
            checked={c.agreed}
            disabled={submitting}
            onChange={() => send({ type: 'agreement.toggle' })}
            aria-invalid={c.errors.agreement ? true : undefined}
          />
          {t('wallet_ui.agree')}
        </label>
        <Link
          href="/user/agreement"
          className="link-btn"
          onClick={() => send({ type: 'agreement.open' })}
        >
          {t('wallet_ui.agreement')}
        </Link>
        {c.errors.agreement && (
          <span className="field-error" role="alert">
            {t(c.errors.agreement)}
          </span>
        )}
      </div>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={state.hasTag('busy')}
          aria-busy={submitting}
        >
          {submitting ? t('common.loading') : t('wallet_ui.submit')}
        </button>
      </div>
    </form>
  );
}
