/**
 * The parts of the app the first screen does not show, in their own chunk,
 * mounted once start-up is over (boot/after-start-up.ts): the back-office
 * handle and the reality check (it counts from the session's start, so a
 * second's delay changes nothing the user sees).
 */
import { ErrorBoundary } from '../components/error-boundary.tsx';
import { ConsoleLauncher } from '../console/console-launcher.tsx';
import { RealityCheck } from './reality-check.tsx';

export function AfterStart() {
  return (
    <>
      <ErrorBoundary>
        <ConsoleLauncher />
      </ErrorBoundary>
      <RealityCheck />
    </>
  );
}
