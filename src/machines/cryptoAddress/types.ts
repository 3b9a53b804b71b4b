/** Types of the crypto-address machine (../cryptoAddressMachine.ts): input, context, events, calls. */
import type { CallResult } from '../../api/client.ts';
import type { CoinNet } from '../../api/types/user.ts';
import type { Notice } from '../notice.ts';

export interface CryptoAddressInput {
  /** The route the flow starts on: the list (default), add, or delete. */
  start?: 'list' | 'add' | 'delete';
  /** The delete route's walletId. */
  walletId?: string;
}

/** A saved address as shown: the address decoded ('' when it cannot be). */
export interface SavedWallet {
  walletId: string;
  currencyId: string;
  currencyName: string;
  protocol: string;
  address: string;
  logoUrl: string;
}

export type CoinOption = Pick<CoinNet, 'id' | 'currency' | 'protocol' | 'logoUrl'>;

export interface CryptoAddressContext {
  start: 'list' | 'add' | 'delete';
  walletId: string | undefined;
  wallets: SavedWallet[];
  coins: CoinOption[];
  /** The chosen network (its id is the currencyId sent). */
  coinId: string | undefined;
  address: string;
  /** The wallet on the delete screen. */
  selected: SavedWallet | undefined;
  errors: { coin?: string; address?: string };
  /** The last failing reply code, until the user changes the form. */
  failure: number | undefined;
  /** A message for the view to toast once. */
  notice: Notice | undefined;
}

export type CryptoAddressEvent =
  | { type: 'list.reload' }
  | { type: 'add.open' }
  | { type: 'item.open'; walletId: string }
  | { type: 'back' }
  | { type: 'coins.reload' }
  | { type: 'picker.open' }
  | { type: 'picker.close' }
  | { type: 'coin.select'; id: string }
  | { type: 'field.change'; field: 'address'; value: string }
  | { type: 'form.submit' }
  | { type: 'delete.open' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

/** The list call's code and the decoded list. */
export interface WalletsResult {
  code: number;
  wallets: SavedWallet[];
}
export interface CoinsResult {
  code: number;
  coins: CoinOption[];
}
/** addUserWallet's result, or the address could not be encoded (nothing was sent). */
export type AddResult = CallResult<'addUserWallet'> | { code: -1; encodeFailed: true };

export type { AesKeySource } from '../aes-key.ts';
