// Crawl review, overviews: crawled data by bank, crawled offers of every source (the calls; the shapes they share are in ./crawl.ts).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListEnvelope } from './envelope';
import { Nullable } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { CRAWL_REFS_PER_PAGE, CRAWL_SOURCES_PER_PAGE, OfferRef, REF_KINDS, REF_STATES, RefState, admin } from './crawl';

/** A kind's refs by state, plus those the last import no longer found (whatever their state). */
const StateCounts = Type.Object(
  Object.fromEntries([
    ...REF_STATES.map((s) => [s, Type.Integer()] as const),
    ['vanished', Type.Integer({ description: 'refs the last import no longer found, in any state' })] as const,
  ]),
);
/** counts.card.new, counts.offer.vanished … (every kind and state present, 0 when none). */
const KindCounts = Type.Object(Object.fromEntries(REF_KINDS.map((k) => [k, StateCounts])));

export const CrawlBankSource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  from_source: Type.String(),
  last_import_at: Nullable(Type.String({ format: 'date-time' })),
  reviewed_at: Nullable(Type.String({ format: 'date-time' })),
  counts: KindCounts,
  live_offers: Type.Integer(),
});
export type CrawlBankSource = Static<typeof CrawlBankSource>;

export const CrawlBank = Type.Object({
  /** null: the sources that name no bank, together. */
  bank_id: Nullable(Type.Integer()),
  bank_name: Nullable(Type.String()),
  /** The newest of its sources' imports. */
  last_import_at: Nullable(Type.String({ format: 'date-time' })),
  sources: Type.Array(CrawlBankSource, { description: 'newest import first' }),
  /** Its sources' counts added up. */
  counts: KindCounts,
  live_offers: Type.Integer(),
});
export type CrawlBank = Static<typeof CrawlBank>;

export const listCrawlBanks = defineOp({
  ...admin,
  id: 'crawl.banks',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_banks`,
  summary:
    'Crawled bank data: one row per bank that has crawl sources (by name; sources naming no bank last), its sources and their refs by kind and state',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_SOURCES_PER_PAGE })),
  }),
  response: ListEnvelope(CrawlBank),
});

/** A crawled offer with its source's name and what its card and outlet names resolved to. */
export const CrawlOfferRow = Type.Object({
  ...OfferRef.properties,
  source_name: Type.String(),
  cards: Type.Array(
    Type.Object({
      ref_id: Type.Integer(),
      name: Type.String(),
      state: RefState,
      card_id: Nullable(Type.Integer()),
      card_name: Nullable(Type.String()),
    }),
    { description: 'the crawled cards its card names resolved to, each with the live card it stands for' },
  ),
  outlets: Type.Array(
    Type.Object({
      ref_id: Type.Integer(),
      name: Type.String(),
      state: RefState,
      outlet_ids: Type.Array(Type.Integer()),
    }),
    { description: 'the crawled outlets its outlet names resolved to, each with the live outlets it stands for' },
  ),
});
export type CrawlOfferRow = Static<typeof CrawlOfferRow>;

export const listAllOfferRefs = defineOp({
  ...admin,
  id: 'crawl.allOfferRefs',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_offer_refs`,
  summary:
    'Crawled offers of every source (or of one: from), newest first, searched by title and discount, with what their card and outlet names resolved to',
  query: Type.Object({
    from: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 2147483647, description: "a source's id; every source when left out" }),
    ),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_REFS_PER_PAGE })),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    state: Type.Optional(RefState),
  }),
  response: ListEnvelope(CrawlOfferRow),
});
