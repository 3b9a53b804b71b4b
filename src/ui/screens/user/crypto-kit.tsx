/**
 * Shared by the saved crypto address screens (list, add, delete): the list
 * route, the availability check, the machine hook and the coin logo.
 */
import { useMachine } from '@xstate/react';
import { useSnapshot } from 'valtio';
import {
  cryptoAddressActors,
  cryptoAddressMachine,
  type CryptoAddressInput,
} from '../../../machines/cryptoAddressMachine.ts';
import { site } from '../../../state/site.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useAvailable } from './cards-kit.tsx';
import { ServerImg } from '../../components/server-img.tsx';

export const CRYPTO_LIST = '/user/wallet/crypto';

/** Crypto screens are for real accounts with saved-address withdrawals on. */
export function useCryptoAvailable(): boolean {
  const { flags } = useSnapshot(site);
  const demo = useDemo();
  return useAvailable(flags.NO_WALLET_WITHDRAW !== true && !demo);
}

export function useCryptoMachine(input: CryptoAddressInput) {
  const { api } = useServices();
  return useMachine(cryptoAddressMachine.provide({ actors: cryptoAddressActors(api) }), {
    input,
  });
}

export function CoinLogo({ src }: { src: string }) {
  return src ? <ServerImg className="cards-logo" src={src} alt="" width={32} height={32} /> : null;
}
