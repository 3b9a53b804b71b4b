/** Types of the bank-card machine (../bankCardMachine.ts): the card's fields, context, events, calls. */
import type { CallResult } from '../../api/client.ts';
import type { BankCardInput as CardBody } from '../../api/types/user.ts';
import type { Notice } from '../notice.ts';

export const CARD_FIELDS = [
  'bankName',
  'bankCode',
  'bankAddress',
  'swiftCode',
  'branchCode',
  'bankCountry',
  'name',
  'account',
  'address',
  'postCode',
  'idNumber',
  'phoneNumber',
  'accountType',
  'insNum',
  'traNum',
] as const satisfies ReadonlyArray<keyof CardBody>;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardForm = Record<CardField, string>;

export interface BankCardMachineInput {
  /** The route the flow starts on: the list (default), add, or edit (with `id`). */
  start?: 'list' | 'add' | 'edit';
  id?: string;
  /** The bank-info setting: insNum and traNum are shown. */
  bankInfo: boolean;
}

/** A list row: the bank and the account's last 4 digits. */
export interface CardRow {
  id: string;
  bankName: string;
  last4: string;
}

export interface BankCardContext {
  start: 'list' | 'add' | 'edit';
  startId: string | undefined;
  bankInfo: boolean;
  cards: CardRow[];
  /** The card being edited; undefined while adding. */
  editingId: string | undefined;
  form: CardForm;
  errors: Partial<Record<CardField, string>>;
  /** The last failing reply code, until the user changes the form. */
  failure: number | undefined;
  /** A message for the view to toast once. */
  notice: Notice | undefined;
}

export type BankCardEvent =
  | { type: 'list.reload' }
  | { type: 'add.open' }
  | { type: 'edit.open'; id: string }
  | { type: 'back' }
  | { type: 'field.change'; field: CardField; value: string }
  | { type: 'form.submit' }
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

export interface CardsResult {
  code: number;
  cards: CardRow[];
}
export interface CardResult {
  code: number;
  card?: CardForm;
}
export type SaveResult =
  CallResult<'addUserBankCard'> | CallResult<'editUserBankCard'> | { code: -1; encodeFailed: true };
export interface SaveInput {
  id?: string;
  card: Partial<CardForm>;
}

export type { AesKeySource } from '../aes-key.ts';
