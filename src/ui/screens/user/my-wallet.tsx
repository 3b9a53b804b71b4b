/**
 * My wallet with its transfer drawer: the wallet flow's screen given the
 * transfer flow's form (two flows, composed here, outside src/ui/flows/).
 */
import { TransferForm } from '../../flows/transfer/transfer.tsx';
import { MyWallet as WalletScreen } from '../../flows/wallet/wallet.tsx';

export function MyWallet() {
  return <WalletScreen Transfer={TransferForm} />;
}
