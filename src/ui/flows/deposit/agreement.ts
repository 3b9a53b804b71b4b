/**
 * Deposit: the form kept in session storage while /user/agreement is open
 * (user-centre.md §4 "Deposit"). Any navigation but to the agreement page or
 * back to the deposit clears it, however the agreement page was reached or
 * reloaded: the app watches its own location from start-up on
 * (shell/after-start.tsx), not from the agreement link's click.
 */
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { createActor } from 'xstate';
import { depositMachine, restoreDepositForm } from '../../../machines/deposit/machine.ts';
import { inspected } from '../../../machines/inspect.ts';

/** Clear the kept form with the machine's own action (`navigate.away`). */
function clearKeptForm() {
  const a = createActor(depositMachine, { ...inspected, input: { types: [] } });
  a.start();
  a.send({ type: 'navigate.away' });
  a.stop();
}

const KEEPS = ['/user/agreement', '/user/deposit'];

/** Mounted once for the app: a location other than the agreement or the deposit clears the kept form. */
export function useKeptDepositForm(): void {
  const [location] = useLocation();
  useEffect(() => {
    if (KEEPS.some((p) => location.endsWith(p))) return;
    if (restoreDepositForm()) clearKeptForm();
  }, [location]);
}
