/** Readers shared by the machines' actions and guards. */
import type { DoneActorEvent } from 'xstate';

/**
 * The params of a named guard or action that reads an invoked actor's result:
 * `{ type: 'ok', params: doneOutput }` passes the done event's output, typed
 * from the actor declared in `setup({ actors })`; an output that lacks what
 * the guard or action declares does not compile.
 */
export const doneOutput = <T>({ event }: { event: DoneActorEvent<T> }): T => event.output;
