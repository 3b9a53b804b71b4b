/** Prices for the whole app: the product list once, then the market channel's ticks. */
import type { PriceMessage, PricesDeltaMessage, PricesMessage } from '../../api/types/realtime.ts';
import { pricePatches, priceSequence } from '../../api/realtime/price-patch.ts';
import type { PriceEntry } from '../../api/types/trading.ts';
import { prices, queuePricePatches, queuePrices, setAllPrices } from '../../state/prices.ts';
import { rememberPrices } from '../../state/last-prices.ts';
import { rememberShellTexts } from './shell-texts.ts';
import type { Services } from './services.ts';
import { yieldToMain } from './yield.ts';
// This client merges numbered deltas (api/types/realtime.ts); the entry's early socket subscribes the same.
import { PRICES_SUB as SUB, takeEarlyBoard } from './early-socket.ts';

export async function startMarketData(s: Services): Promise<void> {
  rememberPrices();
  rememberShellTexts(s.i18n);
  // Every price the entry's socket has brought already (the boot shell may show them live,
  // shell-live.ts): on the board for the first render, not the last-seen ones. Its frames
  // still come through the subscription below, in order.
  const board = takeEarlyBoard();
  if (board) setAllPrices(board);
  let first = true;
  const seq = priceSequence();
  const market = s.backend.channels.market;
  market.subscribe(SUB, (raw) => {
    const msg = raw as PricesMessage | PricesDeltaMessage;
    const verdict = seq.accept(msg);
    // A delta on top of a message that never came would show wrong prices: every price again instead.
    if (verdict === 'resync') market.resubscribe(SUB);
    if (verdict !== 'apply') return;
    if (first) performance.mark('boot:first-tick');
    first = false;
    if ('patch' in msg) queuePricePatches(pricePatches(msg));
    else queuePrices(msg.data);
  });
  // On a chart route the entry's socket brought that product's quote alone (early-socket.ts):
  // shown until this subscription's first message, which has every product; held until the
  // product list is on the board (a board of one product would be saved as the last seen).
  let early: PriceEntry | undefined;
  const showEarly = (q: PriceEntry) => {
    if (first && q.name in prices.bySymbol) queuePrices({ [q.name]: q });
    else early = first ? q : undefined;
  };
  const offEarly = market.onMessage((raw) => {
    if (!first) return void offEarly();
    const msg = raw as Partial<PriceMessage>;
    if (msg.topic !== 'price' || !msg.symbol || msg.data?.name !== msg.symbol) return;
    performance.mark('boot:first-tick');
    showEarly(msg.data);
  });
  s.realtime.send({ type: 'channel.activate', channel: 'market' });
  // The shell and home render first, in their own task; the board and its rows in the next
  // (together they were one 100-450 ms task, issue 14).
  await yieldToMain();
  const r = await s.api.call('productList');
  performance.mark('boot:product-list');
  if (r.data) setAllPrices(r.data);
  if (early) showEarly(early);
}
