/**
 * A part of the app the first screen does not show, in its own chunk,
 * mounted once start-up is over (boot/after-start-up.ts): the reality check
 * (it counts from the session's start, so a second's delay changes nothing
 * the user sees). The back-office handle stays in the first route: its code
 * notices must catch a code sent in the first second.
 */
import { RealityCheck } from './reality-check.tsx';

export function AfterStart() {
  return <RealityCheck />;
}
