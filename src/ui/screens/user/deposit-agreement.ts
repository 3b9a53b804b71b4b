/**
 * Deposit: the kept form while /user/agreement is open (leaving the
 * agreement page for anywhere but the deposit clears it).
 */
import { createActor } from 'xstate';
import { depositMachine } from '../../../machines/depositMachine.ts';
import { inspected } from '../../../machines/inspect.ts';

/** Clear the kept form with the machine's own action (`navigate.away`). */
function clearKeptForm() {
  const a = createActor(depositMachine, { ...inspected, input: { types: [] } });
  a.start();
  a.send({ type: 'navigate.away' });
  a.stop();
}

const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState'];
let watching = false;
/** While the agreement page is open: leaving it for anywhere but the deposit clears the kept form. */
export function watchAgreementVisit() {
  if (watching) return;
  watching = true;
  const check = () => {
    const path = window.location.pathname;
    if (path.endsWith('/user/agreement')) return;
    watching = false;
    for (const e of LOCATION_EVENTS) removeEventListener(e, check);
    if (!path.endsWith('/user/deposit')) clearKeptForm();
  };
  for (const e of LOCATION_EVENTS) addEventListener(e, check);
}
