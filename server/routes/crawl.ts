// The crawl review calls (contract/crawl.ts) but the import (server/routes/crawlImport.ts):
// sources, the refs of each kind, the triage decisions and the by-source bulk calls. The
// rules live in server/services/crawlReview.ts (one ref) and crawlBulk.ts (a whole source).
import { CRAWL_CARDS_PER_PAGE, CRAWL_REFS_PER_PAGE, CRAWL_SOURCES_PER_PAGE, type RefKind } from '@contract/crawl';
import { assignCardRef, createCardFromRef, listCardRefs } from '@contract/crawlCards';
import {
  listOfferRefs,
  removeSourceFromCard,
  rollbackOfferRefs,
  showOfferRef,
  transferOfferRefs,
  updateOfferRef,
} from '@contract/crawlOffers';
import {
  assignOutletRef,
  createOutletFromRef,
  listOutletRefs,
  showOutletRef,
  transferOutletRefs,
} from '@contract/crawlOutlets';
import { listAllOfferRefs, listCrawlBanks } from '@contract/crawlOverviews';
import { listSources, showSource, verifySource } from '@contract/crawlSources';
import { assignRefs, matchRefs, claimRef, refHistory, releaseRef, skipRef, undoDecision } from '@contract/crawlTriage';
import type { Tx } from '../db/connection';
import { HttpError, badField } from '../errors';
import { bind, type Bound, type CallContext } from '../http/handle';
import { listCrawlBanks as banksPage } from '../repositories/crawlBanks';
import { listOfferRows } from '../repositories/crawlOfferRows';
import { getRef, listRefs, sourceExists } from '../repositories/crawlRefs';
import { getSource, listSources as sourcesPage } from '../repositories/crawlSources';
import { paginate } from '../repositories/crud';
import { assignMany, matchMany } from '../services/crawlAssign';
import { purge } from './bulk';
import * as bulk from '../services/crawlBulk';
import * as review from '../services/crawlReview';

interface CrawlDeps {
  /** The server's clock: claims run out on it. */
  now: () => number;
}

export function crawlHandlers({ now }: CrawlDeps): Bound[] {
  const who = (ctx: CallContext): review.Reviewer => {
    if (!ctx.user) throw new HttpError(401, 'Sign in first.');
    return { id: ctx.user.id, name: ctx.user.name, now: now() };
  };
  const refs = async <K extends RefKind>(
    tx: Tx,
    kind: K,
    q: { from?: number; page?: number; per_page?: number; query?: string; state?: string },
    perPage: number,
  ) => {
    const sourceId = q.from ?? 1;
    if (!(await sourceExists(tx, sourceId))) throw badField('from', `Crawl source ${sourceId} not found.`, 404);
    return listRefs(
      tx,
      kind,
      { sourceId, page: q.page ?? 1, perPage: q.per_page ?? perPage, query: q.query, state: q.state },
      now(),
    );
  };
  const shown = async <K extends RefKind>(tx: Tx, kind: K, id: number, field: string) => {
    const ref = await getRef(tx, kind, id, now());
    if (!ref) throw badField(field, `Crawled ${kind} ${id} not found.`, 404);
    return { message: `Crawled ${kind} fetched successfully!`, data: ref };
  };

  return [
    // ---- sources ----
    bind(listSources, async ({ query }, tx) => {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? CRAWL_SOURCES_PER_PAGE;
      const { data, total } = await sourcesPage(tx, page, perPage);
      return { data, pagination: paginate(total, page, perPage, data.length) };
    }),
    bind(showSource, async ({ params }, tx) => {
      const source = await getSource(tx, params.id);
      if (!source) throw badField('id', `Crawl source ${params.id} not found.`, 404);
      return { message: 'Crawl source fetched successfully!', data: source };
    }),
    bind(verifySource, async ({ body }, tx, ctx) => {
      const source = await bulk.verifySource(tx, body.from_source, who(ctx).id);
      return { message: `${source.name} is reviewed.`, data: source };
    }),

    // ---- cards ----
    bind(listCardRefs, async ({ query, body }, tx) =>
      refs(tx, 'card', { ...query, ...body }, query.per_page ?? CRAWL_CARDS_PER_PAGE),
    ),
    bind(assignCardRef, async ({ body }, tx, ctx) => ({
      message: assignCardRef.message!,
      data: await review.assignCard(tx, body.card_ref_id, body.card_id, who(ctx)),
    })),
    bind(createCardFromRef, async ({ params, body }, tx, ctx) => ({
      message: createCardFromRef.message!,
      data: await review.createCardFromRef(tx, params.id, body, who(ctx)),
    })),

    // ---- outlets ----
    bind(listOutletRefs, async ({ query }, tx) => refs(tx, 'outlet', query, query.per_page ?? CRAWL_REFS_PER_PAGE)),
    bind(showOutletRef, async ({ query }, tx) => shown(tx, 'outlet', query.id, 'id')),
    bind(createOutletFromRef, async ({ params }, tx, ctx) => ({
      message: createOutletFromRef.message!,
      data: await review.createOutletFromRef(tx, params.id, who(ctx)),
    })),
    bind(transferOutletRefs, async ({ body }, tx, ctx) => {
      const done = await review.transferOutlets(tx, body.outlet_ids, who(ctx));
      const skipped = done.skipped ? `; ${done.skipped} skipped (decided already or being reviewed)` : '';
      return { message: `Created ${done.created} outlet${done.created === 1 ? '' : 's'}${skipped}.`, data: done };
    }),
    bind(assignOutletRef, async ({ body }, tx, ctx) => ({
      message: assignOutletRef.message!,
      data: await review.assignOutlet(tx, body.outlet_ref_id, body.outlet_id, who(ctx)),
    })),

    // ---- offers ----
    bind(listOfferRefs, async ({ query }, tx) => refs(tx, 'offer', query, query.per_page ?? CRAWL_REFS_PER_PAGE)),
    bind(showOfferRef, async ({ params }, tx) => shown(tx, 'offer', params.id, 'id')),
    bind(updateOfferRef, async ({ params, body }, tx, ctx) => ({
      message: updateOfferRef.message!,
      data: await review.updateOfferRef(tx, params.id, body, who(ctx)),
    })),
    bind(transferOfferRefs, async ({ body }, tx, ctx) => bulk.transferOffers(tx, body, who(ctx).id)),
    bind(rollbackOfferRefs, async ({ body }, tx, ctx) => {
      const done = await bulk.rollbackOffers(tx, body, who(ctx).id);
      // An undoable write, as a delete: the entries that ran out go (server/routes/bulk.ts).
      if (done.data.undo) await purge(tx);
      return done;
    }),
    bind(removeSourceFromCard, async ({ body }, tx) => bulk.removeFromCard(tx, body)),

    // ---- triage ----
    bind(claimRef, async ({ body }, tx, ctx) => ({
      message: 'Claimed.',
      data: await review.claimRef(tx, body.kind, body.ref_id, who(ctx)),
    })),
    bind(releaseRef, async ({ body }, tx, ctx) => {
      await review.releaseRef(tx, body.kind, body.ref_id, who(ctx));
      return { message: 'Released.' };
    }),
    bind(skipRef, async ({ body }, tx, ctx) => ({
      message: skipRef.message!,
      data: await review.skipRef(tx, body.kind, body.ref_id, who(ctx)),
    })),
    bind(assignRefs, async ({ body }, tx, ctx) => {
      const done = await assignMany(tx, body.kind, body.ref_ids, body.live_id, who(ctx));
      const refs = (n: number) => `${n} ${body.kind} ref${n === 1 ? '' : 's'}`;
      const already = done.unchanged
        ? ` ${refs(done.unchanged)} ${done.unchanged === 1 ? 'was' : 'were'} assigned to it already.`
        : '';
      return {
        message: `Assigned ${refs(done.assigned)} to ${done.title}.${already}`,
        data: { assigned: done.assigned, unchanged: done.unchanged, refs: done.refs },
      };
    }),
    bind(undoDecision, async ({ params }, tx, ctx) => {
      const { ref, undone, action } = await review.undoDecision(tx, params.id, who(ctx));
      // A group (many refs assigned in one call) went back in one step: say how many.
      const message =
        undone.length > 1
          ? `Undid ${undone.length} ${action === 'assign' ? 'assignments' : 'decisions'}.`
          : undoDecision.message!;
      return { message, data: ref, undone };
    }),
    bind(matchRefs, async ({ body }, tx) => {
      const m = await matchMany(tx, body.kind, body.ref_ids, body.live_id);
      const below = m.refs.filter((r) => r.below).length;
      const refs = `${m.refs.length} ${body.kind} ref${m.refs.length === 1 ? '' : 's'}`;
      const message = below
        ? `${below} of ${refs} ${below === 1 ? 'is' : 'are'} below the match threshold for ${m.title}.`
        : `All ${refs} match ${m.title}.`;
      return { message, data: m };
    }),
    bind(refHistory, async ({ query }, tx, ctx) => ({
      data: await review.history(tx, query.kind, query.ref_id, who(ctx)),
    })),

    // ---- overviews ----
    bind(listCrawlBanks, async ({ query }, tx) => {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? CRAWL_SOURCES_PER_PAGE;
      const { data, total } = await banksPage(tx, page, perPage);
      return { data, pagination: paginate(total, page, perPage, data.length) };
    }),
    bind(listAllOfferRefs, async ({ query }, tx) => {
      if (query.from !== undefined && !(await sourceExists(tx, query.from)))
        throw badField('from', `Crawl source ${query.from} not found.`, 404);
      return listOfferRows(
        tx,
        {
          sourceId: query.from,
          page: query.page ?? 1,
          perPage: query.per_page ?? CRAWL_REFS_PER_PAGE,
          query: query.query,
          state: query.state,
        },
        now(),
      );
    }),
  ];
}
