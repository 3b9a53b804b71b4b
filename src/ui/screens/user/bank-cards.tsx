/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function BankCards() {
  return <ComingSoon name="BankCards" />;
}

export function AddBankCard() {
  return <ComingSoon name="AddBankCard" />;
}

export function EditBankCard() {
  return <ComingSoon name="EditBankCard" />;
}
