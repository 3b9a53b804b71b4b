/**
 * The channel commands a client may send (wire.ts ChannelCommand), checked
 * before the hub acts on them. Anything else (malformed JSON, null, an
 * unknown op, a period the spec does not list) is not a command and is
 * ignored: the channel protocol has no error message to answer with.
 */
import * as v from 'valibot';
import { PERIODS, type ChannelCommand } from '../../api/wire.ts';
import { IDENT_MAX, token } from './fields.ts';

const op = v.picklist(['sub', 'unsub']);
const symbol = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._-]+$/), v.maxLength(IDENT_MAX));

const command = v.variant('topic', [
  // `delta` opts this subscription into numbered deltas (api/types/realtime.ts).
  v.object({ op, topic: v.literal('prices'), delta: v.optional(v.literal(true)) }),
  v.object({ op, topic: v.literal('price'), symbol }),
  v.object({ op, topic: v.literal('kline'), symbol, period: v.picklist(PERIODS) }),
]);
const other = v.variant('op', [
  v.object({ op: v.literal('auth'), token, delta: v.optional(v.literal(true)) }),
  v.object({ op: v.literal('ping') }),
]);

/** The schema of one channel command. */
export const channelCommandSchema = v.union([command, other]);

/** The command, or undefined when the message is not one. */
export function parseChannelCommand(raw: unknown): ChannelCommand | undefined {
  const r = v.safeParse(channelCommandSchema, raw);
  return r.success ? (r.output as ChannelCommand) : undefined;
}
