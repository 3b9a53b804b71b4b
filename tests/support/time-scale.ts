/**
 * Wall-time bounds of the vitest suites, stated for a machine that runs only
 * the test. `npm test` runs the vitest steps at a low CPU priority beside the
 * browser suite, where they get a fraction of the cores; it sets
 * TEST_TIME_SCALE so a bound that holds on a quiet machine is not broken by
 * the CPU it was not given. A timeout is how long we wait for an answer, not
 * a claim, so scaling it hides nothing; a bound a test asserts ("answered
 * within 3 s") is scaled too, and still fails when the work never ends or
 * grows with the input.
 */
export const TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE) || 1);

/** `ms` on a quiet machine, scaled for a busy one. */
export function slow(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
