// The card update's second body (contract/card.ts CardStatusBody): a reviewer confirms a live
// card's status as the bank's site shows it. Discontinued also hides the card; Not
// Discontinued leaves its display as it is (a card made from a crawl stays hidden until
// someone shows it). Each crawled card standing for the card records the decision, with the
// card as it was, so crawl.undo puts back the card and the ref (server/services/crawlReview.ts).
import type { Card } from '@contract/card';
import { cardResource, type CardStatusBody } from '@contract/card';
import type { Tx } from '../db/connection';
import { insertDecision } from '../repositories/crawlDecisions';
import { refsOfCard, setRef } from '../repositories/crawlRefs';
import { repositoryFor } from '../repositories/registry';
import { assertFree, type Reviewer } from './crawlReview';

/** The card's fields a confirmation changes, as undo reads them from the decision. */
export interface CardStatusDetail {
  card_before: Pick<Card, 'status' | 'display'>;
  card_after: Pick<Card, 'status' | 'display'>;
}

export async function confirmCardStatus(
  tx: Tx,
  cardId: number,
  body: CardStatusBody,
  who: Reviewer,
): Promise<Card | null> {
  const cards = repositoryFor<Card>(cardResource);
  const before = await cards.get(tx, cardId);
  if (!before) return null;
  const refs = await refsOfCard(tx, cardId, who.now);
  for (const ref of refs) assertFree(ref, who, 'id');
  const discontinued = body.status === 'Discontinued';
  const card = (await cards.update(
    tx,
    cardId,
    discontinued ? { status: body.status, display: false } : { status: body.status },
  ))!;
  const detail: CardStatusDetail = {
    card_before: { status: before.status, display: before.display },
    card_after: { status: card.status, display: card.display },
  };
  for (const ref of refs) {
    // Confirmed live again: the ref is linked to the card as before it was discontinued.
    const state = discontinued ? 'discontinued' : ref.state === 'discontinued' ? 'assigned' : ref.state;
    await setRef(tx, 'card', ref.id, { state, confirmed_status: body.status });
    await insertDecision(
      tx,
      'card',
      ref.id,
      discontinued ? 'discontinue' : 'not_discontinue',
      { state: ref.state, state_after: state, confirmed_status: ref.confirmed_status, ...detail },
      who.id,
    );
  }
  return card;
}

/**
 * Undoing a confirmation: the card's status and display as they were, unless it has changed
 * since (a 409 message), or another undo put it back already (nothing to do).
 */
export async function restoreCardStatus(tx: Tx, cardId: number, detail: CardStatusDetail): Promise<string | null> {
  const cards = repositoryFor<Card>(cardResource);
  const now = await cards.get(tx, cardId);
  if (!now) return null;
  const is = (v: CardStatusDetail['card_before']) => now.status === v.status && now.display === v.display;
  if (is(detail.card_before)) return null;
  if (!is(detail.card_after))
    return `The card has changed since (it is ${now.status}, ${now.display ? 'shown' : 'hidden'} now): this decision can no longer be undone.`;
  await cards.update(tx, cardId, detail.card_before);
  return null;
}
