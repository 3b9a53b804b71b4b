/**
 * App start-up (trading.md §1, §4): load the site configuration file (a
 * missing file shows the "Cannot load config" overlay), start the back end
 * and the language; then the app is ready (its routes show) while the system
 * config is read into feature flags (`ready.loadingFlags`). Until that read
 * settles, the app shows nothing that depends on a flag (ui/hooks/use-flags.ts
 * holds those parts back), so no screen flashes a feature the server turns off.
 *
 * Once ready, the static version file is checked against this build's
 * version (input `appVersion`): on a mismatch the app redirects to / (the
 * `redirectHome` action, provided by the app), which loads the new build.
 * The app is usable while the check runs; a file that cannot be read
 * (`checkVersion` answers undefined, or fails) is no mismatch. The check runs
 * again whenever the window regains focus (`window.focus`), so a tab left
 * open over a redeploy moves to the new build when the user comes back.
 *
 * Flags can change while the app runs (the back office switches
 * virtualTrading off, for instance): once ready, the system config is read
 * again every 60 s (`flagsInterval`, as the session check) and on
 * `window.focus` (then the version file too); the app applies the entries
 * (the flags store, and the session's demo rule) in its `loadSystemConfig`.
 * One read at a time, so a slow server never piles requests up.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SiteConfig } from '../../config/site.ts';
import type { SystemConfigEntry } from '../../api/types/trading.ts';
import { SESSION_CHECK_MS } from '../../config/constants.ts';

export interface StartupInput {
  /** This build's version (APP_VERSION). */
  appVersion: string;
}

export interface StartupContext {
  config: SiteConfig | undefined;
  flags: SystemConfigEntry[];
  /** Why the configuration could not be used (for the console; the overlay text is fixed). */
  error: string | undefined;
  appVersion: string;
  /** The version the server's version file names, once read. */
  servedVersion: string | undefined;
}

/** The window regained focus: check the version and read the flags again. */
export type StartupEvent = { type: 'window.focus' };

export class ConfigMissing extends Error {
  override readonly name = 'ConfigMissing';
}

export const startupMachine = setup({
  types: {
    context: {} as StartupContext,
    input: {} as StartupInput,
    events: {} as StartupEvent,
  },
  actors: {
    /** Fetch and parse the site config; rejects with ConfigMissing on 404. */
    loadConfig: fromPromise<SiteConfig>(async () => {
      throw new Error('startupMachine: provide loadConfig (./actors.ts)');
    }),
    /** Start the transport, channels and i18n for the config loaded (always there: loadingConfig's onDone is the only way in). */
    startBackend: fromPromise<void, { config: SiteConfig | undefined }>(async () => {
      throw new Error('startupMachine: provide startBackend (./actors.ts)');
    }),
    /** The system-config call's entries, applied to the flags store. */
    loadSystemConfig: fromPromise<SystemConfigEntry[]>(async () => {
      throw new Error('startupMachine: provide loadSystemConfig (./actors.ts)');
    }),
    /** The version named by the static version file; undefined when there is none to compare. */
    checkVersion: fromPromise<string | undefined>(async () => {
      throw new Error('startupMachine: provide checkVersion (./actors.ts)');
    }),
  },
  guards: {
    /** The version file names another build than this one. */
    outdated: ({ context }, p: { served: string | undefined }) =>
      p.served !== undefined && p.served !== context.appVersion,
  },
  actions: {
    /** Go to / with a full load, so the new build is fetched. Provided by the app. */
    redirectHome: () => {},
  },
  delays: {
    /** How often the system config is read again once ready. */
    flagsInterval: SESSION_CHECK_MS,
  },
}).createMachine({
  id: 'startup',
  context: ({ input }) => ({
    config: undefined,
    flags: [],
    error: undefined,
    appVersion: input?.appVersion ?? '',
    servedVersion: undefined,
  }),
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      tags: ['loading'],
      invoke: {
        id: 'loadConfig',
        src: 'loadConfig',
        onDone: {
          target: 'startingBackend',
          actions: assign({ config: ({ event }) => event.output }),
        },
        onError: {
          target: 'configMissing',
          actions: assign({ error: ({ event }) => String(event.error) }),
        },
      },
    },
    configMissing: { tags: ['overlay'], type: 'final' },
    startingBackend: {
      tags: ['loading'],
      invoke: {
        id: 'startBackend',
        src: 'startBackend',
        input: ({ context }) => ({ config: context.config }),
        onDone: 'ready',
        onError: {
          target: 'configMissing',
          actions: assign({ error: ({ event }) => String(event.error) }),
        },
      },
    },
    ready: {
      tags: ['ready'],
      initial: 'loadingFlags',
      states: {
        // The routes show meanwhile; what depends on a flag waits for this read.
        loadingFlags: {
          invoke: {
            id: 'loadSystemConfig',
            src: 'loadSystemConfig',
            onDone: {
              target: 'checkingVersion',
              actions: assign({ flags: ({ event }) => event.output }),
            },
            // The client already showed why; the site's own flags still apply.
            onError: 'checkingVersion',
          },
        },
        checkingVersion: {
          invoke: {
            id: 'checkVersion',
            src: 'checkVersion',
            onDone: [
              {
                guard: { type: 'outdated', params: ({ event }) => ({ served: event.output }) },
                target: 'outdated',
                actions: assign({ servedVersion: ({ event }) => event.output }),
              },
              {
                target: 'current',
                actions: assign({ servedVersion: ({ event }) => event.output }),
              },
            ],
            // No version file to compare with: nothing to do.
            onError: 'current',
          },
        },
        current: {
          after: { flagsInterval: 'reloadingFlags' },
          on: { 'window.focus': 'refreshing' },
        },
        // Every 60 s: the flags only (a version redirect never interrupts a user at work).
        reloadingFlags: {
          invoke: {
            id: 'reloadSystemConfig',
            src: 'loadSystemConfig',
            onDone: { target: 'current', actions: assign({ flags: ({ event }) => event.output }) },
            // Kept as they were; the next read tries again.
            onError: 'current',
          },
        },
        // Back to the tab: the flags, then the version file.
        refreshing: {
          invoke: {
            id: 'refreshSystemConfig',
            src: 'loadSystemConfig',
            onDone: {
              target: 'checkingVersion',
              actions: assign({ flags: ({ event }) => event.output }),
            },
            onError: 'checkingVersion',
          },
        },
        outdated: { entry: 'redirectHome' },
      },
    },
  },
});
