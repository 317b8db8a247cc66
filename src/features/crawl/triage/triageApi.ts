// The triage model's calls (src/features/crawl/triage/triageModel.ts) on the real API, one operation each.
import { cardResource } from '@contract/card';
import { assignCardRef, createCardFromRef, listCardRefs } from '@contract/crawlCards';
import { listOfferRefs, updateOfferRef } from '@contract/crawlOffers';
import { assignOutletRef, createOutletFromRef, listOutletRefs } from '@contract/crawlOutlets';
import { showSource } from '@contract/crawlSources';
import { assignRefs, claimRef, matchRefs, refHistory, releaseRef, skipRef, undoDecision } from '@contract/crawlTriage';
import { call } from '@/api/call';
import { session } from '@/store/session';
import type { OfferRef } from '@contract/crawl';
import type { AnyRef, TriageApi } from './triageTypes';

/** The most a list call gives per page; a source's queue is read whole, page after page. */
const PER_PAGE = 500;

async function allPages(
  load: (page: number) => Promise<{ data: AnyRef[]; pagination: { last_page: number } }>,
): Promise<AnyRef[]> {
  const first = await load(1);
  const out = [...first.data];
  for (let page = 2; page <= first.pagination.last_page; page++) out.push(...(await load(page)).data);
  return out;
}

export const triageApi: TriageApi = {
  source: (id, signal) => call(showSource, { params: { id } }, { signal }).then((r) => r.data),
  list(kind, from, state, signal) {
    if (kind === 'card')
      return allPages((page) =>
        call(listCardRefs, { query: { page, per_page: PER_PAGE }, body: { from, state } }, { signal }),
      );
    const op = kind === 'outlet' ? listOutletRefs : listOfferRefs;
    return allPages((page) => call(op, { query: { from, page, per_page: PER_PAGE, state } }, { signal }));
  },
  claim: (kind, refId, signal) => call(claimRef, { body: { kind, ref_id: refId } }, { signal }).then((r) => r.data),
  release: (kind, refId) => call(releaseRef, { body: { kind, ref_id: refId } }),
  async assign(kind, refId, liveId) {
    if (kind === 'card') return (await call(assignCardRef, { body: { card_ref_id: refId, card_id: liveId } })).data;
    if (kind === 'outlet')
      return (await call(assignOutletRef, { body: { outlet_ref_id: refId, outlet_id: liveId } })).data;
    throw new Error('Offers are onboarded by source, not assigned one by one.');
  },
  async create(kind, refId, body) {
    if (kind === 'card') return (await call(createCardFromRef, { params: { id: refId }, body })).data;
    if (kind === 'outlet') return (await call(createOutletFromRef, { params: { id: refId } })).data;
    throw new Error('Offers are onboarded by source, not created one by one.');
  },
  skip: (kind, refId) => call(skipRef, { body: { kind, ref_id: refId } }).then((r) => r.data),
  undo: (decisionId) =>
    call(undoDecision, { params: { id: decisionId } }).then((r) => ({ message: r.message, refs: r.undone })),
  setChecked: (refId, checked) =>
    call(updateOfferRef, { params: { id: refId }, body: { checked } }).then((r) => r.data),
  confirmStatus: (cardId, status) => call(cardResource.ops.update!, { params: { id: cardId }, body: { status } }),
  matchMany: (kind, refIds, liveId) =>
    call(matchRefs, { body: { kind, ref_ids: [...refIds], live_id: liveId } }).then((r) => r.data),
  assignMany: (kind, refIds, liveId) =>
    call(assignRefs, { body: { kind, ref_ids: [...refIds], live_id: liveId } }).then((r) => ({
      message: r.message,
      refs: r.data.refs,
    })),
  history: (kind, refId, signal) =>
    call(refHistory, { query: { kind, ref_id: refId } }, { signal }).then((r) => r.data),
  // The server checks the body; empty text is sent as null ("no discount"), never as ''.
  updateOffer: (refId, body) => call(updateOfferRef, { params: { id: refId }, body }).then((r) => r.data as OfferRef),
  me: () => session.user_id,
  lastDecision: (kind, refId) =>
    call(refHistory, { query: { kind, ref_id: refId } }).then(
      (r) => r.data.find((d) => d.undone_at === null)?.id ?? null,
    ),
};
