/**
 * The loan request form: amount and term sliders, guarantor UID and remark.
 * Without a bound e-mail the bind-e-mail-first message (p_bind_email_first,
 * the server's 1156) shows from the start, with the way to bind one.
 */
import { Link } from 'wouter';
import { flagOn } from '../../../config/site.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useSessionUser } from '../../hooks/use-session.ts';
import { LOAN_AMOUNT, LOAN_DAYS } from '../../../machines/loan/machine.ts';
import { MAX_LEN } from '../../../config/constants.ts';
import { TextField } from '../../forms/fields.tsx';
import { useCardsTexts } from '../../screens/user/cards-kit.tsx';
import { useAmount, type Send, type Snapshot } from './kit.tsx';
import { Slider } from './slider.tsx';

export function RequestForm({ state, send }: { state: Snapshot; send: Send }) {
  const { t } = useCardsTexts();
  const amount = useAmount();
  const c = state.context;
  const busy = state.hasTag('busy');
  const days = (n: number) => t('cards.loan.daysValue', { count: n });
  const user = useSessionUser();
  const flags = useFlags();
  // A loan needs a bound e-mail (1156): said before the request, not after its round trip.
  const noEmail = !!user && !user.email;
  const canBind = user?.registerType === 'P' && flagOn(flags, 'user/bindEmail');
  const message = c.message ?? (noEmail ? 'p_bind_email_first' : undefined);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <h2 className="section-title">{t('cards.loan.apply')}</h2>
      {c.status === 2 && <p className="cards-note">{t('cards.loan.rejectedBefore')}</p>}
      {c.status === 3 && <p className="cards-note">{t('cards.loan.repaidBefore')}</p>}
      <Slider
        label={`${t('cards.loan.amount')} (USD)`}
        value={c.form.amount}
        min={LOAN_AMOUNT.min}
        max={LOAN_AMOUNT.max}
        step={LOAN_AMOUNT.step}
        marks={LOAN_AMOUNT.marks}
        format={amount}
        disabled={busy}
        onValue={(value) => send({ type: 'amount.change', value })}
      />
      <Slider
        label={t('cards.loan.days')}
        value={c.form.days}
        min={LOAN_DAYS.min}
        max={LOAN_DAYS.max}
        step={LOAN_DAYS.step}
        marks={LOAN_DAYS.marks}
        format={days}
        disabled={busy}
        onValue={(value) => send({ type: 'days.change', value })}
      />
      <TextField
        label={t('cards.loan.guarantor')}
        value={c.form.guarantor}
        onValue={(value) => send({ type: 'field.change', field: 'guarantor', value })}
        error={c.errors.guarantor}
        readOnly={busy}
        inputMode="numeric"
        autoComplete="off"
        maxLength={MAX_LEN.nick}
        aria-required
        hint={t('cards.loan.guarantorHint')}
      />
      <TextField
        label={t('cards.loan.remark')}
        value={c.form.remark}
        onValue={(value) => send({ type: 'field.change', field: 'remark', value })}
        readOnly={busy}
        maxLength={MAX_LEN.nick}
        autoComplete="off"
      />
      {message && (
        <p className="cards-alert" role="alert">
          {t(message)}{' '}
          {canBind && (
            <Link href="/user/bindEmail" className="link-btn">
              {t('cards.loan.bindEmail')}
            </Link>
          )}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="btn primary block" disabled={busy} aria-busy={busy}>
          {busy ? t('common.loading') : t('cards.loan.submit')}
        </button>
      </div>
    </form>
  );
}
