/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function Deposit() {
  return <ComingSoon name="Deposit" />;
}
