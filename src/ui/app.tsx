/** The app: start-up machine first (config, back end, flags), then the routes. */
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { useMachine } from '@xstate/react';
import { I18nProvider } from '../i18n/react.tsx';
import { startupActors } from '../machines/startup/actors.ts';
import { startupMachine } from '../machines/startup/machine.ts';
import { APP_VERSION } from '../config/version.ts';
import type { Services } from './boot/services.ts';
import { takeConfig, takeServices } from './boot/head-start.ts';
import { startMarketData } from './boot/market-data.ts';
import { startExchangeData } from './boot/exchange-data.ts';
import { BootShell } from './boot/boot-shell.tsx';
import { ServicesContext } from './services-context.tsx';
import { ConfigOverlay } from './components/config-overlay.tsx';
import { Toaster } from './components/toaster.tsx';
import { OfflineBanner } from './components/offline-banner.tsx';
import { Shell } from './shell/shell.tsx';
import { warmScreenLoaders } from './router.tsx';
import { ConsoleLauncher } from './console/console-launcher.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { isChunkError } from './boot/stale-build.ts';
import { recoverFromStaleBuild } from './boot/stale-build-browser.ts';
import { inspected } from '../machines/inspect.ts';
import { afterStartUp } from './boot/after-start-up.ts';
import { withAllTexts } from '../i18n/index.ts';

// Desktop panels load with the desktop shell, not with the first route.
// Each waits for all of English too (i18n/index.ts allTexts).
const ListPanel = lazy(() =>
  withAllTexts(() => import('./trade/list-panel.tsx'))().then((m) => ({ default: m.ListPanel })),
);
// The desktop top bar's account corner (sign in, or avatar and balance): desktop only.
const AccountCorner = lazy(() =>
  withAllTexts(() => import('./shell/account-corner.tsx'))().then((m) => ({
    default: m.AccountCorner,
  })),
);
const PlacePanel = lazy(() =>
  withAllTexts(() => import('./trade/place-panel.tsx'))().then((m) => ({ default: m.PlacePanel })),
);

/** A full load of /, once per served version (a deployment that never matches cannot loop). */
function redirectHome(served: string | undefined): void {
  const key = 'trader.versionRedirect';
  if (!served || sessionStorage.getItem(key) === served) return;
  sessionStorage.setItem(key, served);
  window.location.replace(import.meta.env.BASE_URL);
}

export function App() {
  const [services, setServices] = useState<Services>();
  // Made once: they keep the started services for the flag reads, and useMachine
  // takes each render's implementations (a new set would have none).
  const [actors] = useState(() =>
    startupActors({
      // Both begun as the app mounted (boot/head-start.ts).
      loadConfig: takeConfig,
      startBackend: async (config) => {
        const s = await takeServices(config).catch(async (e: unknown) => {
          // An old index.html naming chunks a redeploy removed (the first locale file):
          // load the new build rather than show the config overlay.
          if (isChunkError(e) && recoverFromStaleBuild()) await new Promise(() => {});
          throw e;
        });
        setServices(s);
        void startMarketData(s);
        startExchangeData(s);
        return s;
      },
    }),
  );
  const [state, send] = useMachine(
    startupMachine.provide({
      actors,
      actions: {
        redirectHome: ({ context }) => redirectHome(context.servedVersion),
      },
    }),
    { ...inspected, input: { appVersion: APP_VERSION } },
  );
  // What the first screen does not show waits for the end of start-up (after-start.tsx), and
  // mounts once its chunk and the rest of English (which this starts loading, in parallel) are
  // in. Not React.lazy: a suspended boundary's retry is React's lowest priority and never
  // expires, so with prices re-rendering the page five times a second the retry could wait
  // 10 s and more, and a stop that fired meanwhile was never announced.
  const [AfterStart, setAfterStart] = useState<ComponentType>();
  useEffect(
    () =>
      afterStartUp(() => {
        void withAllTexts(() => import('./shell/after-start.tsx'))().then(
          (m) => setAfterStart(() => m.AfterStart),
          // A redeploy removed the chunk: load the new build (stale-build.ts).
          (e: unknown) => void (isChunkError(e) && recoverFromStaleBuild()),
        );
        // A failure here shows when a screen is opened (router.tsx's error boundary).
        warmScreenLoaders().catch(() => {});
      }),
    [],
  );
  // Back to the tab: check the version file and read the flags again.
  useEffect(() => {
    const onFocus = () => send({ type: 'window.focus' });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [send]);
  if (state.hasTag('overlay')) return <ConfigOverlay />;
  if (!services || !state.hasTag('ready')) {
    return <BootShell label="Loading" />;
  }
  return (
    <ServicesContext.Provider value={services}>
      <I18nProvider i18n={services.i18n}>
        <OfflineBanner />
        <ErrorBoundary>
          <Shell Account={AccountCorner} PlaceOrder={PlacePanel} List={ListPanel} />
        </ErrorBoundary>
        <ErrorBoundary>
          <ConsoleLauncher />
        </ErrorBoundary>
        {AfterStart && <AfterStart />}
        <Toaster />
      </I18nProvider>
    </ServicesContext.Provider>
  );
}
