/** Pure helpers of the bank-card machine: the blank form and the card as sent. */
import { storedPhone } from '../validation/account.ts';
import { CARD_FIELDS, type CardField, type CardForm } from './types.ts';
export { outputOf } from '../events.ts';

/** Shown only with the bank-info setting. */
export const BANK_INFO_FIELDS: readonly CardField[] = ['insNum', 'traNum'];

export const emptyForm = (): CardForm =>
  Object.fromEntries(CARD_FIELDS.map((f) => [f, ''])) as CardForm;

/** The card as sent: trimmed non-empty fields, the phone stored bare, bank info only when shown. */
export function cardPayload(form: CardForm, bankInfo: boolean): Partial<CardForm> {
  const out: Partial<CardForm> = {};
  for (const f of CARD_FIELDS) {
    if (!bankInfo && BANK_INFO_FIELDS.includes(f)) continue;
    const v = f === 'phoneNumber' ? storedPhone(form[f]) : form[f].trim();
    if (v) out[f] = v;
  }
  return out;
}
