/**
 * The withdraw machine started with the services' API, and its snapshot and
 * send types for the withdraw screen's parts.
 */
import { useMachine } from '@xstate/react';
import { withdrawActors } from '../../../machines/withdraw/actors.ts';
import { withdrawMachine, type WithdrawInput } from '../../../machines/withdraw/machine.ts';
import { useServices } from '../../services-context.tsx';
import { inspected } from '../../../machines/inspect.ts';

export type Snapshot = ReturnType<typeof useWithdraw>[0];
export type Send = ReturnType<typeof useWithdraw>[1];

export function useWithdraw(input: WithdrawInput) {
  const { api } = useServices();
  return useMachine(withdrawMachine.provide({ actors: withdrawActors(api) }), {
    ...inspected,
    input,
  });
}
