/** Deposit, bank tab: the user's cards and online customer service. */
import { useTranslation } from '../../../i18n/react.tsx';
import type { useDeposit } from './hooks.ts';

export function BankTab({
  state,
  send,
}: {
  state: ReturnType<typeof useDeposit>[0];
  send: ReturnType<typeof useDeposit>[1];
}) {
  const { t } = useTranslation();
  const c = state.context;
  return (
    <section aria-label={t('wallet_ui.tab_bank')}>
      {state.matches({ bank: 'loading' }) ? (
        <div className="skeleton-row" role="status" aria-label={t('common.loading')} />
      ) : state.hasTag('error') ? (
        <div className="empty-state">
          <p>{t('wallet_ui.load_failed')}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'load.retry' })}>
            {t('common.retry')}
          </button>
        </div>
      ) : c.bankCards.length ? (
        <ul className="menu" aria-label={t('wallet_ui.bank_cards')}>
          {c.bankCards.map((card) => (
            <li key={card.id} className="menu-row">
              <span>{card.bankName}</span>
              <span className="end">•••• {card.account.slice(-4)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="empty-state">{t('wallet_ui.no_bank_card')}</p>
      )}
      <p className="deposit-bank-note">{t('bank_contact_service')}</p>
      <div className="form-actions">
        <button
          type="button"
          className="btn primary block"
          onClick={() => send({ type: 'service.open' })}
        >
          {t('service.title')}
        </button>
      </div>
    </section>
  );
}
