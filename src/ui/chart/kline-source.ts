/** The app's kline source: the history call and the market channel's kline topic. */
import type { ApiClient } from '../../api/client.ts';
import type { Channel } from '../../api/realtime/channel.ts';
import { KLINE_LIMIT } from '../../config/constants.ts';
import type { KlineSource } from './kline-feed.ts';

export function appKlineSource(api: ApiClient, market: Channel): KlineSource {
  return {
    async history(symbol, period) {
      const r = await api.call('klineHistoryLimit', { symbol, period, limit: KLINE_LIMIT });
      return r.data ?? undefined;
    },
    subscribe: (symbol, period, onBar) =>
      market.subscribe({ op: 'sub', topic: 'kline', symbol, period }, (msg) => {
        if ('topic' in msg && msg.topic === 'kline') onBar(msg.data);
      }),
  };
}
