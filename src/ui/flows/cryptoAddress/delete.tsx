/**
 * Delete a saved crypto address (/user/wallet/deleteCrypto?walletId=…): its
 * details and the confirm drawer; back to the list once deleted.
 */
import { useCallback, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ConfirmDrawer, Failed, Loading, useCardsTexts } from '../../screens/user/cards-kit.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import { CoinLogo, CRYPTO_LIST, useCryptoMachine } from './kit.tsx';

export function DeleteCryptoBody() {
  const { t } = useCardsTexts();
  const [, navigate] = useLocation();
  const walletId = new URLSearchParams(useSearch()).get('walletId') ?? undefined;
  const [state, send, actor] = useCryptoMachine({ start: 'delete', walletId });
  const c = state.context;
  const cancel = useCallback(() => send({ type: 'delete.cancel' }), [send]);
  useNotices(actor);
  // Deleted, or no such saved address: the list.
  const done = state.matches('list');
  useEffect(() => {
    if (done) navigate(CRYPTO_LIST, { replace: true });
  }, [done, navigate]);

  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'list.reload' })} />;
  const w = c.selected;
  if (!state.matches('detail') || !w) return <Loading />;
  const deleting = state.matches({ detail: 'deleting' });
  return (
    <>
      <section className="cards-panel" aria-label={t('cards.crypto.detail')}>
        <div className="cards-item-title">
          <CoinLogo src={w.logoUrl} />
          <b>{w.currencyName}</b> <span className="crypto-address-tag">{w.protocol}</span>
        </div>
        <dl className="cards-facts">
          <dt>{t('cards.crypto.coin')}</dt>
          <dd>{w.currencyName}</dd>
          <dt>{t('cards.crypto.network')}</dt>
          <dd>{w.protocol}</dd>
          <dt>{t('cards.crypto.address')}</dt>
          <dd className="crypto-address-text">{w.address}</dd>
        </dl>
      </section>
      <div className="form-actions">
        <button
          type="button"
          className="btn block cards-danger"
          disabled={deleting}
          onClick={() => send({ type: 'delete.open' })}
        >
          {deleting ? t('common.loading') : t('cards.delete')}
        </button>
      </div>
      <ConfirmDrawer
        open={state.hasTag('drawer')}
        title={t('cards.crypto.deleteTitle')}
        text={t('cards.crypto.deleteConfirm')}
        onCancel={cancel}
        onConfirm={() => send({ type: 'delete.confirm' })}
      />
    </>
  );
}
