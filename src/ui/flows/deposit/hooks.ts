/** Deposit: the hooks (the deposit machine with its services, the user's walletType). */
import { useEffect, useState } from 'react';
import { useMachine } from '@xstate/react';
import { useLocation } from 'wouter';
import { depositActors } from '../../../machines/deposit/actors.ts';
import { depositMachine, type DepositInput } from '../../../machines/deposit/machine.ts';
import { useServices } from '../../services-context.tsx';
import { prepareImage } from './image.ts';
import { inspected } from '../../../machines/inspect.ts';
import { serverNow } from '../../../state/server-clock.ts';

export function useDeposit(input: DepositInput) {
  const { api } = useServices();
  const [, navigate] = useLocation();
  return useMachine(
    depositMachine.provide({
      actors: depositActors(api, { prepare: prepareImage, now: serverNow }),
      actions: { openService: () => navigate('/user/service') },
    }),
    { ...inspected, input },
  );
}

/**
 * The user's walletType (1: deposits from own wallets). The session's user
 * does not carry it, so it is read from user info here.
 */
export function useWalletType(): number | undefined {
  const { api } = useServices();
  const [walletType, setWalletType] = useState<number>();
  useEffect(() => {
    let live = true;
    void api.call('userInfo', undefined, { quiet: true }).then((r) => {
      if (live) setWalletType(r.data?.walletType ?? 0);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return walletType;
}
