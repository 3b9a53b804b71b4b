/**
 * A part of the app the first screen does not show, in its own chunk,
 * mounted once start-up is over (boot/after-start-up.ts): the reality check
 * (it counts from the session's start, so a second's delay changes nothing
 * the user sees) and the guard of the deposit form kept for the agreement
 * page (it looks at the location it mounts on, then at every change), and
 * the notices of stops that fire (trade/trade-notices.tsx). The
 * back-office handle stays in the first route: its code notices must catch a
 * code sent in the first second.
 */
import { RealityCheck } from '../flows/realityCheck/dialog.tsx';
import { useKeptDepositForm } from '../flows/deposit/agreement.ts';
import { TradeNotices } from '../trade/trade-notices.tsx';

export function AfterStart() {
  useKeptDepositForm();
  return (
    <>
      <RealityCheck />
      <TradeNotices />
    </>
  );
}
