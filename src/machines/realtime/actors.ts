/** The realtime machine's real actor (./machine.ts): one channel's connection. */
import { fromCallback } from 'xstate';
import type { Channel } from '../../api/realtime/channel.ts';
import type { ChannelName } from '../../api/wire.ts';
import type { ConnectionInput, RealtimeEvent } from './machine.ts';

/** The real actors: each channel's connection reports open, message and closed. */
export const realtimeActors = (channels: Record<ChannelName, Pick<Channel, 'connect'>>) => ({
  connection: fromCallback<RealtimeEvent, ConnectionInput>(({ input, sendBack }) => {
    const { channel } = input;
    return channels[channel].connect({
      open: () => sendBack({ type: 'channel.open', channel }),
      message: () => sendBack({ type: 'channel.message', channel }),
      closed: (reason) => sendBack({ type: 'channel.closed', channel, reason }),
    });
  }),
});
