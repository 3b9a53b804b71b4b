/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function Notifications() {
  return <ComingSoon name="Notifications" />;
}
