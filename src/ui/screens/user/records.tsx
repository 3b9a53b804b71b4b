/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function TransactionList() {
  return <ComingSoon name="TransactionList" />;
}

export function DepositList() {
  return <ComingSoon name="DepositList" />;
}
