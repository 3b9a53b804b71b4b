/**
 * Bank cards (user-centre.md §2 "Bank card list, add, edit", §3 "Bank
 * card"): the list (/user/wallet/bankCard and /user/bankCard) with each
 * card's bank and the account's last 4 digits, add
 * (/user/wallet/addBankCard) and edit (/user/wallet/editBankCard?id=…) on one
 * form with a delete confirm drawer, all on bankCardMachine started on the
 * route's part. insNum and traNum show with the site's bank-info setting
 * (flag `bankInfo`). When the machine comes back to its list (saved,
 * deleted, or a card that could not be read) the view goes to the list
 * route. Flag user/bankCard and a real account only.
 */
import { useCallback, useEffect, useId } from 'react';
import { useMachine } from '@xstate/react';
import { Link, useLocation, useSearch } from 'wouter';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { bankCardActors } from '../../../machines/bankCard/actors.ts';
import {
  BANK_INFO_FIELDS,
  bankCardMachine,
  type BankCardMachineInput,
  type CardField,
  type CardRow,
} from '../../../machines/bankCard/machine.ts';
import { BANK_KEYS, MAX_LEN } from '../../../config/constants.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { TextField } from '../../forms/fields.tsx';
import { PhoneField } from '../../forms/phone.tsx';
import {
  ConfirmDrawer,
  Failed,
  Loading,
  ScreenHead,
  useAvailable,
  useCardsTexts,
} from '../../screens/user/cards-kit.tsx';
import { useNotices } from '../../hooks/use-notices.ts';
import '../../screens/user/cards.css';
import './bankCard.css';
import { inspected } from '../../../machines/inspect.ts';

const CARD_LIST = '/user/wallet/bankCard';
const ADD_CARD = '/user/wallet/addBankCard';
const editHref = (id: string) => `/user/wallet/editBankCard?${new URLSearchParams({ id })}`;

/** Bank cards: flag user/bankCard on, real account. */
function useCardsAvailable(): boolean {
  const flags = useFlags();
  const demo = useDemo();
  return useAvailable(flags['user/bankCard'] === true && !demo);
}

function useCardMachine(input: Omit<BankCardMachineInput, 'bankInfo'>) {
  const { api } = useServices();
  const flags = useFlags();
  return useMachine(bankCardMachine.provide({ actors: bankCardActors(api) }), {
    ...inspected,
    input: { ...input, bankInfo: flags.bankInfo === true },
  });
}

function CardItem({ card }: { card: CardRow }) {
  const { t } = useCardsTexts();
  return (
    <li className="cards-item">
      <span className="bank-card-icon" aria-hidden="true">
        {card.bankName.slice(0, 1).toUpperCase()}
      </span>
      <span className="cards-item-body">
        <b className="cards-item-title">{card.bankName}</b>
        <span className="cards-mono muted">
          •••• {card.last4}
          <span className="visually-hidden"> {t('cards.bank.ending', { last4: card.last4 })}</span>
        </span>
      </span>
      <Link
        href={editHref(card.id)}
        className="btn ghost"
        aria-label={t('cards.bank.editCard', { bank: card.bankName, last4: card.last4 })}
      >
        {t('cards.bank.edit')}
      </Link>
    </li>
  );
}

export function BankCards() {
  const { t } = useCardsTexts();
  const ok = useCardsAvailable();
  return (
    <main className="screen cards-screen">
      <ScreenHead back="/user" title={t('cards.bank.title')} />
      {ok && <BankCardsBody />}
    </main>
  );
}

function BankCardsBody() {
  const { t } = useCardsTexts();
  const [state, send] = useCardMachine({ start: 'list' });
  const c = state.context;
  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'list.reload' })} />;
  if (state.hasTag('busy')) return <Loading />;
  if (c.cards.length === 0)
    return (
      <div className="empty-state">
        <p>{t('cards.bank.empty')}</p>
        <Link href={ADD_CARD} className="btn primary">
          {t('add_bank_card')}
        </Link>
      </div>
    );
  return (
    <>
      <ul className="cards-list" aria-label={t('cards.bank.title')}>
        {c.cards.map((card) => (
          <CardItem key={card.id} card={card} />
        ))}
      </ul>
      <div className="form-actions">
        <Link href={ADD_CARD} className="btn primary block">
          {t('add_bank_card')}
        </Link>
      </div>
    </>
  );
}

export function AddBankCard() {
  const { t } = useCardsTexts();
  const ok = useCardsAvailable();
  return (
    <main className="screen cards-screen">
      <ScreenHead back={CARD_LIST} title={t('add_bank_card')} />
      {ok && <CardFormBody start="add" />}
    </main>
  );
}

export function EditBankCard() {
  const { t } = useCardsTexts();
  const ok = useCardsAvailable();
  return (
    <main className="screen cards-screen">
      <ScreenHead back={CARD_LIST} title={t('cards.bank.editTitle')} />
      {ok && <EditBody />}
    </main>
  );
}

function EditBody() {
  const id = new URLSearchParams(useSearch()).get('id') ?? undefined;
  return <CardFormBody start="edit" id={id} />;
}

/**
 * The phone as the phone field shows it ('+<code> <number>'): a stored card
 * keeps it bare (no plus, no spaces), so the country code is split off again.
 */
function phoneForField(value: string): string {
  if (!value.trim() || value.trim().startsWith('+')) return value;
  const parsed = parsePhoneNumberFromString(`+${value.trim()}`);
  return parsed ? `+${parsed.countryCallingCode} ${parsed.nationalNumber}` : `+${value.trim()}`;
}

const BANK_FIELDS: readonly CardField[] = [
  'bankName',
  'bankCode',
  'swiftCode',
  'branchCode',
  'bankAddress',
  'bankCountry',
];
const PAYEE_FIELDS: readonly CardField[] = [
  'name',
  'account',
  'accountType',
  'idNumber',
  'phoneNumber',
  'address',
  'postCode',
];
const REQUIRED = new Set<CardField>(['bankName', 'name', 'account']);

function CardFormBody({ start, id }: { start: 'add' | 'edit'; id?: string | undefined }) {
  const { t } = useCardsTexts();
  const [, navigate] = useLocation();
  const [state, send, actor] = useCardMachine({ start, ...(id ? { id } : {}) });
  const c = state.context;
  const cancel = useCallback(() => send({ type: 'delete.cancel' }), [send]);
  const bankKeys = useId();
  useNotices(actor);
  // Saved, deleted, or the card could not be read: the machine is on its list.
  const done = state.matches('list');
  useEffect(() => {
    if (done) navigate(CARD_LIST, { replace: true });
  }, [done, navigate]);

  if (state.matches('failed'))
    return <Failed message={t('cards.loadFailed')} onRetry={() => send({ type: 'list.reload' })} />;
  const shown = state.matches('form') || state.matches('saving') || state.matches('deleting');
  if (!shown || done) return <Loading />;

  // Saving or deleting, the machine drops edits: the fields are read-only (a focused one keeps focus).
  const busy = state.hasTag('busy');
  const editing = c.editingId !== undefined;
  const field = (f: CardField) =>
    f === 'phoneNumber' ? (
      <PhoneField
        key={f}
        label={t('cards.bank.phoneNumber')}
        value={phoneForField(c.form.phoneNumber)}
        onValue={(value) => send({ type: 'field.change', field: f, value })}
        error={c.errors.phoneNumber}
        readOnly={busy}
        optionalCode
      />
    ) : (
      <TextField
        key={f}
        label={t(`cards.bank.${f}`)}
        value={c.form[f]}
        onValue={(value) => send({ type: 'field.change', field: f, value })}
        error={c.errors[f]}
        readOnly={busy}
        maxLength={MAX_LEN.nick}
        aria-required={REQUIRED.has(f) || undefined}
        autoComplete="off"
        className={f === 'account' || f === 'idNumber' ? 'input cards-mono' : 'input'}
        {...(f === 'account' ? { inputMode: 'text' as const } : {})}
        // §3's fixed bank key list, offered as names (any other bank can be typed).
        {...(f === 'bankName' ? { list: bankKeys } : {})}
      />
    );

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send({ type: 'form.submit' });
      }}
    >
      <fieldset className="bank-card-fieldset">
        <legend>{t('cards.bank.sectionBank')}</legend>
        <datalist id={bankKeys}>
          {BANK_KEYS.map((k) => (
            <option key={k} value={k.toUpperCase()} />
          ))}
        </datalist>
        {BANK_FIELDS.map(field)}
        {c.bankInfo && BANK_INFO_FIELDS.map(field)}
      </fieldset>
      <fieldset className="bank-card-fieldset">
        <legend>{t('cards.bank.sectionPayee')}</legend>
        {PAYEE_FIELDS.map(field)}
      </fieldset>
      <div className="form-actions">
        <button
          type="submit"
          className="btn primary block"
          disabled={busy}
          aria-busy={state.matches('saving')}
        >
          {state.matches('saving') ? t('common.loading') : t('cards.save')}
        </button>
        {editing && (
          <button
            type="button"
            className="btn block cards-danger"
            disabled={busy}
            onClick={() => send({ type: 'delete.open' })}
          >
            {state.matches('deleting') ? t('common.loading') : t('cards.delete')}
          </button>
        )}
      </div>
      <ConfirmDrawer
        open={state.hasTag('drawer')}
        title={t('cards.bank.deleteTitle')}
        text={t('cards.bank.deleteConfirm')}
        onCancel={cancel}
        onConfirm={() => send({ type: 'delete.confirm' })}
      />
    </form>
  );
}
