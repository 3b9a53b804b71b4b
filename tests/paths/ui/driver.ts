/**
 * How a machine's generated paths are driven through the real screens
 * (tests/e2e/ui-paths.spec.ts): the UI counterpart of a words file. For each
 * event type, what the test does on the page; for each actor result, how it
 * is arranged before the actor starts (the simulator's back office, a forced
 * reply, or a call as the user); for each state, what the screen must show.
 * tests/unit/ui-drivers.test.ts fails when a driven machine's event, actor
 * result, delay or state has no entry.
 */
import type { Page } from '@playwright/test';
import type { AnyEvent } from '../plan/words.ts';
import type { PlanPath } from '../plan/render.ts';

export interface UiCtx {
  page: Page;
  /** The path's spec (set-up) name. */
  spec: string;
  /** What the driver's setup returned (uid, e-mail…), shared by the path's steps. */
  data: Record<string, unknown>;
  path: PlanPath;
  /** The events before the current one on the path. */
  history: AnyEvent[];
  /** Index of the current step (-1: the start). */
  i: number;
  /** Arranging an actor's result the person acts before: hold the reply until they have. */
  held?: boolean;
}

export type UiStep = (c: UiCtx, e: AnyEvent) => Promise<void>;

export interface UiDriver {
  machine: string;
  /**
   * Seed and sign in for one path of a spec (page loads belong here: the
   * recorder counts from its end); returns data for the steps.
   */
  setup(page: Page, spec: string, path: PlanPath): Promise<Record<string, unknown>>;
  /**
   * `open` loads the page (a machine that starts with the app): what the
   * machine does is counted from that load, and nothing is arranged before it.
   */
  loads?: boolean;
  /** Open the machine's screen (after the first actor result is arranged). */
  open(c: UiCtx): Promise<void>;
  /** What a person does for each event type. */
  events: Record<string, UiStep>;
  /** How each actor's result is arranged, by invoke id (before the actor starts). */
  actors: Record<string, { done?: UiStep; error?: UiStep }>;
  /** How an actor's reply is held back while the person acts (an actor with no result on the path). */
  hold?: Record<string, UiStep>;
  /** How time passes for a delayed transition, by delay name or ms. */
  delays: Record<string, UiStep>;
  /**
   * What the screen shows in each state node ('a.b'); checked when the path
   * rests there (the next step is the person's or the clock's, or none).
   */
  states: Record<string, UiStep>;
  /**
   * A reason when no person could follow the path on the screens (a field the
   * site hides, say); the path is skipped. Not for a failure of the app or the
   * driver: that is a `knownDefect`.
   */
  impossible?(path: PlanPath): string | undefined;
  /**
   * A reason when the path is known to fail (a defect of the app or of this
   * driver, to be fixed): the path still runs and must fail, so a fix is
   * noticed; it is reported apart from the impossible ones.
   */
  knownDefect?(path: PlanPath): string | undefined;
  /**
   * A parallel machine whose paths are each about some of its regions (the
   * other regions run as the app runs them): the top-level regions a path of
   * this spec reaches and checks. Without it, the whole state value.
   */
  regions?(spec: string): string[];
  /**
   * Event types the app fires by itself (a connection opening, a message
   * arriving, start-up): the step may already have happened when the runner
   * gets to it, so what was recorded since the previous step counts. The
   * driver's entry still runs first (to arrange, or to do nothing).
   */
  itself?: string[];
}

/** Nothing to check or arrange here (a parent state, a normal reply): said explicitly. */
export const nothing: UiStep = async () => {};
