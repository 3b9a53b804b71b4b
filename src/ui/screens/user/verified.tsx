/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function Verified() {
  return <ComingSoon name="Verified" />;
}

export function JuniorVerified() {
  return <ComingSoon name="JuniorVerified" />;
}
