/** Readers shared by the machines' actions and guards. */

/** The output of an actor's done event (`xstate.done.actor.*`). */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output;
