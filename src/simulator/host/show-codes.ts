/**
 * `SIM_SHOW_CODES=1`: the live server prints every code it "sends", one line
 * each, so a reviewer at a terminal can finish a sign-up or a second factor
 * without a mailbox or the operator console.
 */
import { onOutbox } from '../modules/identity/codes.ts';
import type { OutboxEntry } from '../modules/identity/state.ts';
import type { Simulator } from '../server.ts';

/** One terminal line for a message that carries a code: `code  ann@example.com  482913  (register)`. */
export const codeLine = (e: OutboxEntry): string => `code  ${e.to}  ${e.code}  (${e.kind})`;

/**
 * Print each code the simulator sends with `log` (the terminal by default;
 * tests pass their own). Messages without a code (the welcome mail) are not
 * printed. Returns the function that stops printing.
 */
export function showCodes(
  sim: Pick<Simulator, 'ctx'>,
  log: (line: string) => void = console.log,
): () => void {
  return onOutbox(sim.ctx, (e) => {
    if (e.code !== undefined) log(codeLine(e));
  });
}
