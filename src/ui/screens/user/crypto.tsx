/** Placeholder until the user-centre screen is built. */
import { ComingSoon } from '../../components/coming-soon.tsx';

export function CryptoList() {
  return <ComingSoon name="CryptoList" />;
}

export function AddCrypto() {
  return <ComingSoon name="AddCrypto" />;
}

export function DeleteCrypto() {
  return <ComingSoon name="DeleteCrypto" />;
}
