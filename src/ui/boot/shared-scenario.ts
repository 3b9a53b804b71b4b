/**
 * A share link (issue 29): the app opened with `?scenario=<name>` loads
 * public/scenarios/<name>.json into the in-browser simulator before anything
 * uses it, forgets any session of the world it replaced, and drops the
 * parameter from the address (a reload does not load it again). In live mode
 * the server's world is the operator's: the console's Scenarios tab loads it.
 */
import type { Backend } from './backend.ts';
import type { ScenarioDoc } from '../../simulator/scenario-file.ts';
import { clearSession } from '../../state/session.ts';
import { showToast } from '../../state/toasts.ts';
import { TOAST_MS } from '../../config/constants.ts';
import { scenarioFile } from '../../api/static-files.ts';

/** The parameter, and the names the library uses. */
export const SCENARIO_PARAM = 'scenario';
const NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

export async function loadSharedScenario(
  backend: Backend,
  t: (key: string, values?: Record<string, string>) => string,
): Promise<void> {
  const url = new URL(location.href);
  const name = url.searchParams.get(SCENARIO_PARAM);
  if (name === null) return;
  url.searchParams.delete(SCENARIO_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  if (!backend.simulator) return;
  try {
    if (!NAME.test(name)) throw new Error('no such scenario');
    const res = await fetch(`${import.meta.env.BASE_URL}${scenarioFile(name)}`, {
      cache: 'no-store',
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    // Across the worker, every back-office operation answers a promise.
    const bo = backend.simulator.backOffice as unknown as {
      loadScenario(doc: ScenarioDoc): Promise<void>;
    };
    await bo.loadScenario((await res.json()) as ScenarioDoc);
    clearSession();
  } catch (e) {
    console.warn(`scenario ${name} not loaded`, e);
    const reason = e instanceof Error ? e.message : String(e);
    showToast(t('console.scenarioLinkFailed', { name, reason }), 'error', TOAST_MS);
  }
}
