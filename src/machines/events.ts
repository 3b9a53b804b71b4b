/** Readers shared by the machines' actions and guards. */
import type { DoneActorEvent } from 'xstate';

/** The output of an actor's done event (`xstate.done.actor.*`). */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

/**
 * An invoked actor's output, as the `params` of a guard or action on its
 * `onDone`: `guard: { type: 'ok', params: actorOutput }`. The output's type
 * is inferred from the actor, so the guard's parameter type is checked
 * against what the actor really answers.
 */
export const actorOutput = <T>({ event }: { event: DoneActorEvent<T> }): T => event.output;
