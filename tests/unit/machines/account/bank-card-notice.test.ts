/**
 * A bank card that cannot be decoded sends the form back to the list with
 * the toast "something wrong" (no reply code to show): the machine emits it.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  bankCardMachine,
  type CardResult,
  type CardsResult,
} from '../../../../src/machines/bankCard/machine.ts';
import type { NoticeEvent } from '../../../../src/machines/notice.ts';

function run(loaded: CardResult) {
  const machine = bankCardMachine.provide({
    actors: {
      loadCards: fromPromise<CardsResult>(async () => ({ code: 0, cards: [] })),
      loadCard: fromPromise<CardResult, { id: string }>(async () => loaded),
    },
  });
  const actor = createActor(machine, { input: { start: 'edit', id: '7', bankInfo: false } });
  const said: string[] = [];
  actor.on('notice', (e: NoticeEvent) => said.push(`${e.kind}:${e.key}`));
  actor.start();
  return { actor, said };
}

describe('bank card: a card that cannot be read', () => {
  it('undecodable (-1): back to the list with tips.something_wrong', async () => {
    const { actor, said } = run({ code: -1 });
    await waitFor(actor, (s) => s.matches('list'));
    expect(said).toEqual(['error:tips.something_wrong']);
  });

  it('refused by the server (1008): back to the list, no notice (its code is toasted)', async () => {
    const { actor, said } = run({ code: 1008 });
    await waitFor(actor, (s) => s.matches('list'));
    expect(said).toEqual([]);
  });
});
