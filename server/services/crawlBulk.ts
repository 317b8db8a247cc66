// The by-source calls (contract/crawl.ts BySource): onboard a source's offer refs, roll them
// back, unlink them from a card, and mark the source reviewed. Each runs in the call's one
// transaction, so it is all or nothing: a row that breaks a rule half-way undoes the rows
// before it. The source's row is locked first, so two bulk calls on one source queue.
//
// Onboarding links each live offer to the live cards and outlets its card and outlet refs are
// assigned to (or were created as). An offer whose crawled cards are not assigned yet goes
// live all the same, without those links: holding it back would hold back every offer of a
// card nobody has matched yet, and the admin sees the count in the dry run and can link the
// cards on the offer (or roll back, assign, and transfer again). Offers the site gave no
// discount or dates are not ready (the live offer needs them): they stay new and are counted.
// Offers whose last day has passed stay new too unless the call includes them.
//
// A rollback removes the offers through the undoable delete (./undo.ts), the refs let go of
// them in the same breath, so its token (offer.undo) puts offers, links, refs and transfers
// back. An offer an admin edited since (its version moved) is not the onboarding's any more:
// it stays, and is counted.
import type { BulkResult, CrawlSource, RefKind, RollbackResult, TransferResult } from '@contract/crawl';
import { offerResource } from '@contract/offer';
import type { Tx } from '../db/connection';
import { badField } from '../errors';
import { markReviewed, openRefCounts } from '../repositories/crawlRefs';
import { getSource, sourceBySlug } from '../repositories/crawlSources';
import {
  lockSource,
  onboard,
  onboardable,
  onboarded,
  openTransfers,
  releaseRefs,
  unlinkCards,
  type Onboarded,
} from '../repositories/crawlTransfers';
import { cardExists } from '../repositories/crawlLive';
import { deleteKept } from './undo';

interface BulkInput {
  from_source: string;
  checked?: 0 | 1;
  dry_run?: boolean;
  /** Onboarding: offers whose last day has passed go live too. */
  include_expired?: boolean;
}

const SAMPLE = 5;
const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

async function sourceFor(tx: Tx, slug: string) {
  const source = await lockSource(tx, slug);
  if (!source) throw badField('from_source', `No crawl source "${slug}".`, 404);
  return source;
}

const distinct = (lists: number[][]) => new Set(lists.flat()).size;

export async function transferOffers(tx: Tx, input: BulkInput, userId: number): Promise<TransferResult> {
  const source = await sourceFor(tx, input.from_source);
  const all = await onboardable(tx, source.id, input.checked === 1);
  const ready = all.filter((r) => r.discount && r.valid_from && r.valid_to);
  const backwards = ready.filter((r) => r.valid_to! < r.valid_from!);
  if (backwards.length) {
    const names = backwards.slice(0, SAMPLE).map((r) => `${r.id} "${r.title}"`);
    throw badField(
      'from_source',
      `${plural(backwards.length, 'offer ref ends', 'offer refs end')} before ${backwards.length === 1 ? 'it starts' : 'they start'} (${names.join(', ')}): correct them first.`,
    );
  }
  const expired = ready.filter((r) => r.expired).length;
  const going = input.include_expired ? ready : ready.filter((r) => !r.expired);
  if (!input.dry_run && going.length) await onboard(tx, source.id, source.from_source, going, userId);
  const noCard = going.filter((r) => !r.card_ids.length).length;
  const noOutlet = going.filter((r) => !r.outlet_ids.length).length;
  const unlinked = going.filter((r) => !r.card_ids.length || !r.outlet_ids.length).length;
  const would = input.dry_run ? 'would go' : 'went';
  const notes = [
    expired
      ? input.include_expired
        ? `${plural(expired, 'has', 'have')} already expired and ${would} live all the same.`
        : `${plural(expired, 'has', 'have')} already expired and ${expired === 1 ? 'is' : 'are'} left out (still new).`
      : '',
    unlinked
      ? `${plural(unlinked, 'has', 'have')} no card or outlet link (${noCard.toLocaleString('en')} no card, ${noOutlet.toLocaleString('en')} no outlet) and ${would} live without ${unlinked === 1 ? 'it' : 'them'}.`
      : '',
    all.length > ready.length
      ? `${plural(all.length - ready.length, 'is', 'are')} not ready (no discount or dates) and stay${all.length - ready.length === 1 ? 's' : ''} new.`
      : '',
  ].filter(Boolean);
  return {
    message: [
      `${input.dry_run ? 'Would onboard' : 'Onboarded'} ${plural(going.length, 'offer')} of ${source.from_source}.`,
      ...notes,
    ].join(' '),
    data: {
      from_source: source.from_source,
      offers: going.length,
      cards: distinct(going.map((r) => r.card_ids)),
      outlets: distinct(going.map((r) => r.outlet_ids)),
      sample: going.slice(0, SAMPLE).map((r) => r.title),
      dry_run: !!input.dry_run,
      expired,
      include_expired: !!input.include_expired,
      unlinked,
    },
  };
}

/**
 * Removes the live offers this source's onboardings made, but those an admin edited since;
 * their refs are new again. Undoable: the answer's token, with offer.undo.
 */
export async function rollbackOffers(tx: Tx, input: BulkInput, userId: number | null): Promise<RollbackResult> {
  const source = await sourceFor(tx, input.from_source);
  const all = await onboarded(tx, source.id, input.checked === 1);
  const kept = all.filter((r) => r.offer_id !== null && r.edited).length;
  const refs = all.filter((r) => !(r.offer_id !== null && r.edited));
  const offerIds = refs.map((r) => r.offer_id).filter((id): id is number => id !== null);
  let undo: string | undefined;
  if (!input.dry_run && refs.length) {
    const refIds = refs.map((r) => r.ref_id);
    const along = {
      watch: [
        { table: 'crawl_offers', ids: refIds, cols: ['state', 'offer_id'] },
        { table: 'crawl_transfers', ids: await openTransfers(tx, source.id), cols: ['rolled_back_at'] },
      ],
      write: () => releaseRefs(tx, source.id, refIds, offerIds),
    };
    undo = (
      await deleteKept(tx, {
        resource: offerResource.name,
        table: offerResource.storage.table,
        ids: offerIds,
        userId,
        files: Object.keys(offerResource.files ?? {}),
        along,
      })
    ).token;
  }
  const keptNote = kept
    ? `; ${kept.toLocaleString('en')} edited since onboarding ${kept === 1 ? 'is' : 'are'} kept`
    : '';
  const base = result(
    source.from_source,
    refs,
    offerIds.length,
    input,
    `${input.dry_run ? 'Would roll back' : 'Rolled back'} ${plural(offerIds.length, 'offer')} of ${source.from_source}${keptNote}.`,
  );
  return { message: base.message, data: { ...base.data, kept, ...(undo && { undo }) } };
}

/** Unlinks this source's onboarded offers from one card, or from every card. */
export async function removeFromCard(tx: Tx, input: BulkInput & { card_id?: number }): Promise<BulkResult> {
  const source = await sourceFor(tx, input.from_source);
  const cardId = input.card_id ?? null;
  if (cardId !== null && !(await cardExists(tx, cardId))) throw badField('card_id', `Card ${cardId} does not exist.`);
  const refs = (await onboarded(tx, source.id, input.checked === 1, cardId)).filter(
    (r) => r.offer_id !== null && r.card_ids.length,
  );
  if (!input.dry_run && refs.length) await unlinkCards(tx, refs, cardId);
  const from = cardId === null ? 'every card' : `card ${cardId}`;
  const withCards = refs.map((r) => ({ ...r, card_ids: cardId === null ? r.card_ids : [cardId], outlet_ids: [] }));
  return result(
    source.from_source,
    withCards,
    refs.length,
    input,
    `${input.dry_run ? 'Would unlink' : 'Unlinked'} ${plural(refs.length, 'offer')} of ${source.from_source} from ${from}.`,
  );
}

function result(
  slug: string,
  refs: readonly Onboarded[],
  offers: number,
  input: BulkInput,
  message: string,
): BulkResult {
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
