/**
 * Everything the screens need, made once at start-up from the site config:
 * the back end, the API client, i18n and the realtime machine.
 */
import { routePath } from '../../machines/route-path.ts';
import { responsibleValues } from '../responsible-values.ts';
import type { I18n } from '../../i18n/translator.ts';
import { createActor, type ActorRefFrom } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { createApiClient, type ApiClient } from '../../api/client.ts';
import { fetchSiteConfig } from './site-config-fetch.ts';
import type { SiteConfig } from '../../config/site.ts';
import { withSiteOverride } from '../../state/site-override.ts';
import { createI18n, isLanguage, strictT } from '../../i18n/index.ts';
import { textDirection } from '../../i18n/loaders.ts';
import { ConfigMissing } from '../../machines/startup/machine.ts';
import { realtimeActors } from '../../machines/realtime/actors.ts';
import { realtimeMachine } from '../../machines/realtime/machine.ts';
import { sessionActors } from '../../machines/session/actors.ts';
import { sessionMachine } from '../../machines/session/machine.ts';
import { clearSession, session } from '../../state/session.ts';
import { showToast } from '../../state/toasts.ts';
import { preferences } from '../../state/preferences.ts';
import { site } from '../../state/site.ts';
import { serverNow } from '../../state/server-clock.ts';
import { readJson, writeJson } from '../../state/persist.ts';
import { createBackend, type Backend } from './backend.ts';
import { LAST_CONFIG, takeConfigFetch } from './early.ts';
import { inspected, inspecting } from '../../machines/inspect.ts';
import { yieldToMain } from './yield.ts';
import { loadSharedScenario, SCENARIO_PARAM } from './shared-scenario.ts';

export interface Services {
  config: SiteConfig;
  backend: Backend;
  api: ApiClient;
  i18n: I18n;
  realtime: ActorRefFrom<typeof realtimeMachine>;
  /** The signed-in session: user info, unread count, checks and refresh. */
  session: ActorRefFrom<typeof sessionMachine>;
}

const base = import.meta.env.BASE_URL;

export async function loadSiteConfig(): Promise<SiteConfig> {
  let res: Response;
  try {
    // The entry's fetch the first time (early.ts), a new one on a later start.
    res = await (takeConfigFetch() ?? fetchSiteConfig());
  } catch (e) {
    // Offline: the config this browser last read, if any.
    const last = readJson<unknown>(LAST_CONFIG);
    if (last !== undefined) return await withSiteOverride(last);
    throw e;
  }
  if (!res.ok) throw new ConfigMissing(`config ${res.status}`);
  let raw: unknown;
  try {
    raw = await res.json();
  } catch {
    throw new ConfigMissing('config is not JSON');
  }
  // The file's own values are what this browser keeps; a console override is this tab's.
  const cfg = await withSiteOverride(raw);
  writeJson(LAST_CONFIG, raw);
  performance.mark('boot:config');
  return cfg;
}

const here = () => `${routePath(location.pathname, base)}${location.search}`;

export async function createServices(config: SiteConfig): Promise<Services> {
  site.config = config;
  site.flags = { ...config.flags };
  const lng = isLanguage(preferences.language) ? preferences.language : config.defaultLanguage;
  const [i18n, backend] = await Promise.all([
    createI18n(lng),
    Promise.resolve(createBackend(config)),
  ]);
  performance.mark('boot:i18n');
  // Each step its own task (boot/yield.ts): together they were one long task.
  await yieldToMain();
  const t = strictT(i18n);
  // The document's language follows the texts (screen readers, hyphenation, fonts).
  // The language, and its direction: Arabic lays every screen out right to left.
  const mark = (l: string) => {
    document.documentElement.lang = l;
    document.documentElement.dir = textDirection(l);
  };
  mark(i18n.language);
  i18n.on('languageChanged', mark);
  // A share link's scenario is in the simulator before the app uses it.
  if (location.search.includes(`${SCENARIO_PARAM}=`))
    await loadSharedScenario(backend, (k, v) => i18n.t(k, v));

  const api = createApiClient({
    transport: backend.transport,
    token: () => session.token,
    t,
    toast: showToast,
    timeoutMs: config.timeoutMs,
    values: (code, data) => responsibleValues(code, data, t),
    sessionExpired(reason) {
      clearSession();
      // Already at sign in (a guest's call, a second 401): stay, keeping its `to`.
      if (here().startsWith('/login')) return;
      navigate(reason === '401' ? `/login?to=${encodeURIComponent(here())}` : '/login');
    },
  });

  const realtime = createActor(
    realtimeMachine.provide({
      actors: realtimeActors(backend.channels),
      actions: {
        alertConnectionFailed: () =>
          window.alert(t('tips.connection_failed') ?? 'Connection failed'),
        reloadPage: () => location.reload(),
      },
    }),
    inspected,
  );
  realtime.subscribe((s) => {
    if (site.offline !== s.context.offline) site.offline = s.context.offline;
    const quiet = s.context.channels.market.stale;
    if (site.marketStale !== quiet) site.marketStale = quiet;
  });
  realtime.start();
  await yieldToMain();
  // Simulator mode: the back office is reachable from the devtools console (and e2e tests).
  if (backend.simulator)
    (window as unknown as { __simulator?: unknown }).__simulator = backend.simulator;
  // A test driving the screens (inspect.ts's flag) arranges server conditions as the user does.
  if (inspecting) (window as unknown as { __TRADER_API__?: unknown }).__TRADER_API__ = api;

  const sessionActor = createActor(
    sessionMachine.provide({
      // Token ends are server times: the check compares them with the server's clock.
      actors: sessionActors(api, serverNow),
      actions: { goHome: () => navigate('/') },
    }),
    inspected,
  );
  sessionActor.start();
  window.addEventListener('focus', () => sessionActor.send({ type: 'window.focus' }));
  performance.mark('boot:services');
  return { config, backend, api, i18n, realtime, session: sessionActor };
}
