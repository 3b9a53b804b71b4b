/**
 * App start-up (trading.md §1, §4): load the site configuration file (a
 * missing file shows the "Cannot load config" overlay), start the back end
 * and the language, then read the system config into feature flags.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SiteConfig } from '../config/site.ts';
import type { SystemConfigEntry } from '../api/types/trading.ts';

export interface StartupContext {
  config: SiteConfig | undefined;
  flags: SystemConfigEntry[];
  /** Why the configuration could not be used (for the console; the overlay text is fixed). */
  error: string | undefined;
}

export class ConfigMissing extends Error {
  override readonly name = 'ConfigMissing';
}

export const startupMachine = setup({
  types: { context: {} as StartupContext },
  actors: {
    /** Fetch and parse the site config; rejects with ConfigMissing on 404. Provided by the app. */
    loadConfig: fromPromise<SiteConfig>(async () => {
      throw new Error('startupMachine: provide loadConfig');
    }),
    /** Start the transport, channels and i18n for a config. Provided by the app. */
    startBackend: fromPromise<void, { config: SiteConfig }>(async () => {
      throw new Error('startupMachine: provide startBackend');
    }),
    /** The system-config call's entries. Provided by the app. */
    loadSystemConfig: fromPromise<SystemConfigEntry[]>(async () => {
      throw new Error('startupMachine: provide loadSystemConfig');
    }),
  },
}).createMachine({
  id: 'startup',
  context: { config: undefined, flags: [], error: undefined },
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
        input: ({ context }) => ({ config: context.config as SiteConfig }),
        onDone: 'loadingSystemConfig',
        onError: {
          target: 'configMissing',
          actions: assign({ error: ({ event }) => String(event.error) }),
        },
      },
    },
    loadingSystemConfig: {
      tags: ['loading'],
      invoke: {
        id: 'loadSystemConfig',
        src: 'loadSystemConfig',
        onDone: { target: 'ready', actions: assign({ flags: ({ event }) => event.output }) },
        // The client already showed why; the site's own flags still apply.
        onError: 'ready',
      },
    },
    ready: { tags: ['ready'] },
  },
});
