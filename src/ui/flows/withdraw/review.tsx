/**
 * The review before a withdrawal is sent (issue 25 item 6): what leaves, the
 * fee, what arrives, where and over which network, with Back and Confirm. A
 * withdrawal cannot be taken back, so the figures are read once more here.
 * Confirm is the form's submit: the machine sends it (or queues it behind a
 * check in flight), as before.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react.tsx';
import type { WithdrawTarget } from '../../../machines/withdraw/machine.ts';
import { NumUnit } from '../../components/num.tsx';
import type { Snapshot } from './kit.ts';
import { targetName } from './target.tsx';

export function WithdrawReview({
  state,
  target,
  onBack,
  onConfirm,
}: {
  state: Snapshot;
  target: WithdrawTarget;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const c = state.context;
  const f = c.fee;
  const coin = target.coin;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const address = target.kind === 'coin' ? c.address.trim() : target.address;
  return (
    <section className="withdraw-review" aria-labelledby="withdraw-review-title">
      <h2 id="withdraw-review-title" className="section-title" tabIndex={-1} ref={heading}>
        {t('wallet_ui.review_title')}
      </h2>
      <dl className="kv">
        <dt>{t('wallet_ui.review_amount')}</dt>
        <dd>
          <NumUnit kind="amount" unit={coin} value={c.amount} />
        </dd>
        <dt>{t('position.fee')}</dt>
        <dd>
          <NumUnit kind="fee" unit={coin} value={f?.feeNum} />
        </dd>
        <dt>{t('wallet_ui.review_arrives')}</dt>
        <dd>
          <NumUnit kind="amount" unit={coin} value={f?.practical} />
        </dd>
        <dt>{t(target.kind === 'card' ? 'wallet_ui.bank_card' : 'wallet_ui.coin_network')}</dt>
        <dd>{targetName(target)}</dd>
        {address && (
          <>
            <dt>{t('wallet_ui.withdraw_address')}</dt>
            <dd>
              <code className="address">{address}</code>
            </dd>
          </>
        )}
      </dl>
      <p className="muted small">{t('wallet_ui.review_final')}</p>
      <div className="form-actions row">
        <button type="button" className="btn" onClick={onBack} disabled={c.submitting}>
          {t('common.back')}
        </button>
        <button
          type="button"
          className="btn primary"
          onClick={onConfirm}
          disabled={c.submitting}
          aria-busy={c.submitting}
        >
          {c.submitting ? t('common.loading') : t('common.confirm')}
        </button>
      </div>
    </section>
  );
}
