/**
 * Shared by the saved crypto address screens (list, add, delete): the list
 * route, the availability check, the machine hook and the coin logo.
 */
import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { cryptoAddressActors } from '../../../machines/cryptoAddress/actors.ts';
import {
  cryptoAddressMachine,
  type CryptoAddressInput,
} from '../../../machines/cryptoAddress/machine.ts';
import { cryptoWithdrawOn } from '../../../config/site.ts';
import { useFlags } from '../../hooks/use-flags.ts';
import { useServices } from '../../services-context.tsx';
import { useDemo } from '../../hooks/use-session.ts';
import { useAvailable } from '../../screens/user/cards-kit.tsx';
import { ServerImg } from '../../components/server-img.tsx';
import { previousLocation, useOrigin } from '../../hooks/nav-origin.ts';
import { inspected } from '../../../machines/inspect.ts';

export const CRYPTO_LIST = '/user/wallet/crypto';

const CRYPTO_PAGE = /^\/user\/wallet\/(crypto|addCrypto|deleteCrypto)$/;
/** The user page and the wallet pages (my wallet, withdraw, deposit). */
const USER_OR_WALLET = /^\/user(\/(myWallet|withdraw|deposit))?$/;

/**
 * Back from the crypto screens (user-centre.md §2): the list goes back to the
 * user page or the wallet, whichever the crypto pages were entered from (the
 * user page when unknown); add and delete go back to the list when opened
 * from it, otherwise to that same origin.
 */
export function useCryptoBack(page: 'list' | 'add' | 'delete'): string {
  const origin = useOrigin(
    'crypto',
    (p) => CRYPTO_PAGE.test(p),
    (p) => USER_OR_WALLET.test(p),
    '/user',
  );
  const [fromList] = useState(() => previousLocation() === CRYPTO_LIST);
  return page !== 'list' && fromList ? CRYPTO_LIST : origin;
}

/** Crypto screens are for real accounts with saved-address withdrawals on. */
export function useCryptoAvailable(): boolean {
  const flags = useFlags();
  const demo = useDemo();
  const { config } = useServices();
  return useAvailable(cryptoWithdrawOn(flags, config.withdrawTypes) && !demo);
}

export function useCryptoMachine(input: CryptoAddressInput) {
  const { api } = useServices();
  return useMachine(cryptoAddressMachine.provide({ actors: cryptoAddressActors(api) }), {
    ...inspected,
    input,
  });
}

export function CoinLogo({ src }: { src: string }) {
  return src ? (
    <ServerImg className="crypto-address-logo" src={src} alt="" width={32} height={32} />
  ) : null;
}
