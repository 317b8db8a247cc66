// The by-source calls (contract/crawl.ts BySource): onboard a source's offer refs, roll them
// back, unlink them from a card, and mark the source reviewed. Each runs in the call's one
// transaction, so it is all or nothing: a row that breaks a rule half-way undoes the rows
// before it. The source's row is locked first, so two bulk calls on one source queue.
//
// Onboarding links each live offer to the live cards and outlets its card and outlet refs are
// assigned to (or were created as). An offer whose crawled cards are not assigned yet goes
// live all the same, without those links: holding it back would hold back every offer of a
// card nobody has matched yet, and the admin sees the count in the answer's message and can
// link the cards on the offer (or roll back, assign, and transfer again). Offers the site gave
// no discount or dates are not ready (the live offer needs them): they stay new and are counted.
import type { BulkResult, CrawlSource, RefKind } from '../../contract/crawl';
import type { Tx } from '../db/connection';
import { badField } from '../errors';
import { markReviewed, openRefCounts } from '../repositories/crawlRefs';
import { getSource, sourceBySlug } from '../repositories/crawlSources';
import { lockSource, onboard, onboardable, onboarded, rollBack, unlinkCards, type Onboarded } from '../repositories/crawlTransfers';
import { cardExists } from '../repositories/crawlLive';

export interface BulkInput {
  from_source: string;
  checked?: 0 | 1;
  dry_run?: boolean;
}

const SAMPLE = 5;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function sourceFor(tx: Tx, slug: string) {
  const source = await lockSource(tx, slug);
  if (!source) throw badField('from_source', `No crawl source "${slug}".`, 404);
  return source;
}

const distinct = (lists: number[][]) => new Set(lists.flat()).size;

export async function transferOffers(tx: Tx, input: BulkInput, userId: number): Promise<BulkResult> {
  const source = await sourceFor(tx, input.from_source);
  const all = await onboardable(tx, source.id, input.checked === 1);
  const ready = all.filter((r) => r.discount && r.valid_from && r.valid_to);
  const backwards = ready.filter((r) => r.valid_to! < r.valid_from!);
  if (backwards.length) {
    const names = backwards.slice(0, SAMPLE).map((r) => `${r.id} "${r.title}"`);
    throw badField('from_source', `${plural(backwards.length, 'offer ref ends', 'offer refs end')} before ${backwards.length === 1 ? 'it starts' : 'they start'} (${names.join(', ')}): correct them first.`);
  }
  if (!input.dry_run && ready.length) await onboard(tx, source.id, source.from_source, ready, userId);
  const noCard = ready.filter((r) => !r.card_ids.length).length;
  const notes = [
    noCard ? `${plural(noCard, 'has', 'have')} no live card (crawled cards not assigned yet) and ${input.dry_run ? 'would go' : 'went'} live without card links.` : '',
    all.length > ready.length ? `${plural(all.length - ready.length, 'is', 'are')} not ready (no discount or dates) and stay${all.length - ready.length === 1 ? 's' : ''} new.` : '',
  ].filter(Boolean);
  return {
    message: [`${input.dry_run ? 'Would onboard' : 'Onboarded'} ${plural(ready.length, 'offer')} of ${source.from_source}.`, ...notes].join(' '),
    data: {
      from_source: source.from_source,
      offers: ready.length,
      cards: distinct(ready.map((r) => r.card_ids)),
      outlets: distinct(ready.map((r) => r.outlet_ids)),
      sample: ready.slice(0, SAMPLE).map((r) => r.title),
      dry_run: !!input.dry_run,
    },
  };
}

/** Removes exactly the live offers this source's onboardings made; their refs are new again. */
export async function rollbackOffers(tx: Tx, input: BulkInput): Promise<BulkResult> {
  const source = await sourceFor(tx, input.from_source);
  const refs = await onboarded(tx, source.id, input.checked === 1);
  if (!input.dry_run && refs.length) await rollBack(tx, source.id, refs);
  const offers = refs.filter((r) => r.offer_id !== null).length;
  return result(source.from_source, refs, offers, input, `${input.dry_run ? 'Would roll back' : 'Rolled back'} ${plural(offers, 'offer')} of ${source.from_source}.`);
}

/** Unlinks this source's onboarded offers from one card, or from every card. */
export async function removeFromCard(tx: Tx, input: BulkInput & { card_id?: number }): Promise<BulkResult> {
  const source = await sourceFor(tx, input.from_source);
  const cardId = input.card_id ?? null;
  if (cardId !== null && !(await cardExists(tx, cardId))) throw badField('card_id', `Card ${cardId} does not exist.`);
  const refs = (await onboarded(tx, source.id, input.checked === 1, cardId)).filter((r) => r.offer_id !== null && r.card_ids.length);
  if (!input.dry_run && refs.length) await unlinkCards(tx, refs, cardId);
  const from = cardId === null ? 'every card' : `card ${cardId}`;
  const withCards = refs.map((r) => ({ ...r, card_ids: cardId === null ? r.card_ids : [cardId], outlet_ids: [] }));
  return result(source.from_source, withCards, refs.length, input, `${input.dry_run ? 'Would unlink' : 'Unlinked'} ${plural(refs.length, 'offer')} of ${source.from_source} from ${from}.`);
}

function result(slug: string, refs: readonly Onboarded[], offers: number, input: BulkInput, message: string): BulkResult {
  return {
    message,
    data: {
      from_source: slug,
      offers,
      cards: distinct(refs.map((r) => r.card_ids)),
      outlets: distinct(refs.map((r) => r.outlet_ids)),
      sample: refs.slice(0, SAMPLE).map((r) => r.title),
      dry_run: !!input.dry_run,
    },
  };
}

/** Marks a source reviewed; refused (409) while any of its refs is undecided, saying how many of each kind. */
export async function verifySource(tx: Tx, slug: string, userId: number): Promise<CrawlSource> {
  const source = await sourceBySlug(tx, slug);
  if (!source) throw badField('from_source', `No crawl source "${slug}".`, 404);
  const open = await openRefCounts(tx, source.id);
  const left = (Object.keys(open) as RefKind[]).filter((k) => open[k] > 0);
  if (left.length) {
    const text = `${source.from_source} still has undecided refs: ${left.map((k) => plural(open[k], k)).join(', ')}.`;
    throw badField('from_source', text, 409);
  }
  await markReviewed(tx, source.id, userId);
  return (await getSource(tx, source.id))!;
}
