/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function Loan() {
  return <ComingSoon name="Loan" />;
}
