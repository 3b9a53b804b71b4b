/**
 * Start-up against the simulator, with the real actors
 * (src/machines/startup/actors.ts) given a test host: the config is the real
 * site file (public/config/site.json) through the app's parser (fetching it,
 * and the 404 overlay, are covered by the e2e test "a missing site config
 * shows the overlay"); starting the back end hands over the world's API
 * client (the world is already running); the system config is the real
 * actor's call, applied to the flags store; the version file's content is a
 * stub value set per path. A 500 is forced where the system-config call must
 * fail.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { fromPromise, type EventObject } from 'xstate';
import { startupActors } from '../../../src/machines/startup/actors.ts';
import {
  ConfigMissing,
  startupMachine,
  type StartupContext,
} from '../../../src/machines/startup/machine.ts';
import { parseSiteConfig } from '../../../src/config/site.ts';
import { createGates, type Gates } from '../../unit/machines/access/gates.ts';
import { reached, type PathContext, type PathSpec } from '../../paths/framework.ts';

const APP_VERSION = '0.1.0+202611180900';
const NEW_VERSION = '0.1.1+202611181000';
const siteFile = () => JSON.parse(readFileSync('public/config/site.json', 'utf8')) as unknown;

type Snap = ReturnType<(typeof startupMachine)['resolveState']>;
const ctx = (s: unknown) => (s as Snap).context as StartupContext;

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(id) });

const gatesOf = (c: PathContext) => c.data.gates as Gates;
const fails = (c: PathContext) => (c.data.fails ??= {}) as Record<string, boolean>;

export const specs: PathSpec[] = [
  {
    name: 'startup',
    machine: startupMachine,
    input: { appVersion: APP_VERSION },
    events: (s) => {
      if (s.matches('loadingConfig'))
        return [done('loadConfig', parseSiteConfig(siteFile())), error('loadConfig')];
      if (s.matches('startingBackend'))
        return [done('startBackend', undefined), error('startBackend')];
      if (s.matches({ ready: 'loadingFlags' }))
        return [done('loadSystemConfig', []), error('loadSystemConfig')];
      const out: EventObject[] = [];
      if (s.matches({ ready: 'checkingVersion' }))
        out.push(
          done('checkVersion', APP_VERSION),
          done('checkVersion', NEW_VERSION),
          done('checkVersion', undefined),
          error('checkVersion'),
        );
      // Every 60 s the flags are read again; back to the tab, the flags and the version file.
      if (s.matches({ ready: 'current' }))
        out.push(
          { type: 'window.focus' },
          { type: 'xstate.after.flagsInterval.startup.ready.current' },
        );
      for (const id of ['reloadSystemConfig', 'refreshSystemConfig'] as const)
        if (s.matches({ ready: id === 'reloadSystemConfig' ? 'reloadingFlags' : 'refreshing' }))
          out.push(done(id, []), error(id));
      return out;
    },
    provide: (c) => {
      const gates = createGates();
      c.data.gates = gates;
      const real = startupActors({
        loadConfig: async () => {
          if (fails(c).loadConfig) throw new ConfigMissing('config 404');
          return parseSiteConfig(siteFile());
        },
        startBackend: async () => {
          if (fails(c).startBackend) throw new Error('back end did not start');
          return { api: c.world.api, session: { send: (e) => void (c.data.sessionTold = e) } };
        },
      });
      return startupMachine.provide({
        actors: {
          loadConfig: gates.hold('loadConfig', real.loadConfig),
          startBackend: gates.hold('startBackend', real.startBackend),
          loadSystemConfig: gates.hold('loadSystemConfig', real.loadSystemConfig),
          checkVersion: gates.hold(
            'checkVersion',
            fromPromise<string | undefined>(async () => {
              if (fails(c).checkVersion) throw new Error('version file unreadable');
              return c.data.served as string | undefined;
            }),
          ),
        },
        actions: { redirectHome: () => void (c.data.redirected = true) },
      });
    },
    arrange(e: EventObject, c) {
      const [, kind, , id] = e.type.split('.');
      if (kind === 'error' && id?.endsWith('SystemConfig'))
        c.world.sim.backOffice.force({ call: 'systemConfig', status: 500 });
      else if (kind === 'error' && id) fails(c)[id] = true;
      // A new read of the flags: the back office switched one in between.
      if (/^xstate\.done\.actor\.re\w+SystemConfig$/.test(e.type))
        c.world.sim.backOffice.setFlag('virtualTrading', false);
      if (e.type === 'xstate.done.actor.checkVersion')
        c.data.served = (e as EventObject & { output?: string }).output;
    },
    states: {
      loadingConfig: async (s, c) => {
        await gatesOf(c).release('loadConfig');
        expect(s.hasTag('loading')).toBe(true);
        expect(ctx(s).config).toBeUndefined();
      },
      configMissing: (s) => {
        const x = ctx(s);
        expect(s.hasTag('overlay')).toBe(true);
        expect(x.error).toMatch(/ConfigMissing: config 404|back end did not start/);
      },
      startingBackend: async (s, c) => {
        await gatesOf(c).release('startBackend');
        // The site file as the app reads it.
        expect(ctx(s).config).toEqual(parseSiteConfig(siteFile()));
        expect(ctx(s).config?.siteName).toBe('Trader');
      },
      ready: (s, c) => {
        const x = ctx(s);
        expect(s.hasTag('ready')).toBe(true);
        expect(s.hasTag('loading')).toBe(false);
        // The first read of the flags is under way: none yet.
        if (s.matches({ ready: 'loadingFlags' })) {
          reached("startup.ready: s.matches({ ready: 'loadingFlags' })");
          return void expect(x.flags).toEqual([]);
        }
        // While a new read is on its way, the server may already say something else.
        if (s.matches({ ready: 'reloadingFlags' }) || s.matches({ ready: 'refreshing' })) return;
        if (x.flags.length > 0) {
          reached('startup.ready: x.flags.length > 0');
          // The simulator's feature flags, as the system-config call lists them.
          const server = c.world.sim.backOffice.flags();
          expect(Object.fromEntries(x.flags.map((f) => [f.name, f.enable]))).toEqual(server);
          // The session was told the demo rule of the flags read.
          expect(c.data.sessionTold).toEqual({
            type: 'flags.change',
            virtualTrading: server.virtualTrading,
          });
        } else {
          reached('startup.ready: not (x.flags.length > 0)');
          expect(c.world.toasts).toContain('Server error (500)');
        }
      },
      'ready.loadingFlags': async (_s, c) => {
        await gatesOf(c).release('loadSystemConfig');
      },
      'ready.checkingVersion': async (s, c) => {
        await gatesOf(c).release('checkVersion');
        if (!c.data.checkedOnce) {
          reached('startup.ready.checkingVersion: !c.data.checkedOnce');
          expect(ctx(s).servedVersion).toBeUndefined();
        }
        c.data.checkedOnce = true;
      },
      'ready.current': (s, c) => {
        const x = ctx(s);
        expect(c.data.redirected).toBeUndefined();
        if (x.servedVersion !== undefined) {
          reached('startup.ready.current: x.servedVersion !== undefined');
          expect(x.servedVersion).toBe(APP_VERSION);
        }
      },
      'ready.reloadingFlags': async (_s, c) => {
        await gatesOf(c).release('loadSystemConfig');
      },
      'ready.refreshing': async (_s, c) => {
        await gatesOf(c).release('loadSystemConfig');
      },
      'ready.outdated': (s, c) => {
        const x = ctx(s);
        expect(c.data.redirected).toBe(true);
        expect(x.servedVersion).toBe(NEW_VERSION);
        expect(x.appVersion).toBe(APP_VERSION);
      },
    },
  },
];
