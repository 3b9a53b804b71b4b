/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function Privacy() {
  return <ComingSoon name="Privacy" />;
}

export function Standards() {
  return <ComingSoon name="Standards" />;
}

export function Agreement() {
  return <ComingSoon name="Agreement" />;
}
