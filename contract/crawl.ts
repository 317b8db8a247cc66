// Crawl review: data crawled from bank websites, reviewed and taken into the live catalogue.
//
// A crawl SOURCE is one bank website's crawl (`from_source` is its slug, the value live rows
// made from it keep). Its REFS are the crawled cards, outlets and offers. A reviewer decides
// each ref: assign it to a live record, create a live record from it, skip it, or (cards)
// confirm the live card's status. Offers are onboarded by source (`transfer`) and can be
// rolled back exactly: only rows an onboarding created are removed, never a hand-made one,
// nor one an admin has edited since; a rollback can be undone like a delete (`offer.undo`).
// Every decision is recorded (who, when, what it changed) and can be undone on the server.
//
// `from` in the list calls is the source's id; `from_source` in the bulk calls its slug.
// contract/api.md lists every call; paths the product leaves open are fixed here. This file
// holds the shapes the calls share; the calls are in crawlSources, crawlCards, crawlOutlets,
// crawlOffers, crawlTriage and crawlOverviews (contract/operations.ts collects them).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { Id, Nullable } from './fields';
import { CardStatus } from './card';
import { UndoToken } from './bulk';

export const tag = 'Crawl review';
/** A card's fee or minimum salary, within the card's own limits (contract/card.ts). */
export const Money = Type.Number({ minimum: 0, maximum: 1_000_000 });
export const admin = { tag, access: 'admin' as const, permission: 'crawl.review' };

/** A source's slug: lower-case letters, digits and dashes ('enbd-site'). */
export const SourceSlug = Type.String({
  pattern: '^[a-z0-9][a-z0-9-]{1,59}$',
  description: "the source's slug, e.g. enbd-site",
});

/** Crawl data lists: 20 a page; crawled cards: 10. */
export const CRAWL_SOURCES_PER_PAGE = 20;
export const CRAWL_CARDS_PER_PAGE = 10;
export const CRAWL_REFS_PER_PAGE = 50;
/** How long opening a ref in the triage view keeps it for that reviewer. */
export const CLAIM_MS = 5 * 60_000;

export const REF_KINDS = ['card', 'outlet', 'offer'] as const;
export const RefKind = Type.Union(REF_KINDS.map((k) => Type.Literal(k)));
export type RefKind = Static<typeof RefKind>;

/**
 * Where a ref stands. new: not decided; assigned: linked to existing live records; created: a
 * live record was made from it; onboarded: (offers) transferred into the live catalogue;
 * skipped: decided to leave out; discontinued: (cards) the bank no longer offers the card.
 */
export const REF_STATES = ['new', 'assigned', 'created', 'onboarded', 'skipped', 'discontinued'] as const;
export const RefState = Type.Union(REF_STATES.map((s) => Type.Literal(s)));
export type RefState = Static<typeof RefState>;

export const Claim = {
  /** Who has the ref open in the triage view, and until when (null: nobody). */
  claimed_by: Nullable(Type.Integer()),
  claimed_by_name: Nullable(Type.String()),
  claimed_until: Nullable(Type.String({ format: 'date-time' })),
};
export const RefCommon = {
  id: Type.Integer(),
  source_id: Type.Integer(),
  from_source: Type.String(),
  /** The ref's key on the crawled site: a re-import updates the ref with the same key. */
  source_key: Type.String(),
  state: RefState,
  /** Set when a re-import no longer found the ref on the site. */
  vanished_at: Nullable(Type.String({ format: 'date-time' })),
  /** The last decision on it (its id undoes it: crawl.undo). */
  last_decision_id: Nullable(Type.Integer()),
  ...Claim,
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const CrawlSource = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  from_source: Type.String(),
  bank_id: Nullable(Type.Integer()),
  bank_name: Nullable(Type.String()),
  last_import_at: Nullable(Type.String({ format: 'date-time' })),
  reviewed_at: Nullable(Type.String({ format: 'date-time' })),
  /** Refs by kind and state: counts.card.new, counts.offer.onboarded … (every state present, 0 when none). */
  counts: Type.Object(
    Object.fromEntries(
      REF_KINDS.map((k) => [k, Type.Object(Object.fromEntries(REF_STATES.map((s) => [s, Type.Integer()])))]),
    ),
  ),
  /** Live offers this source's onboardings made that still exist. */
  live_offers: Type.Integer(),
});
export type CrawlSource = Static<typeof CrawlSource>;

export const CardRef = Type.Object({
  ...RefCommon,
  card_ref_id: Type.Integer(),
  name: Type.String(),
  bank_name: Nullable(Type.String()),
  network: Nullable(Type.String()),
  annual_fee: Nullable(Type.Number()),
  benefits: Nullable(Type.String()),
  /** The live card it is assigned to (or was created as). */
  card_id: Nullable(Type.Integer()),
  card_name: Nullable(Type.String()),
  /** What the reviewer confirmed of the live card's status, if anything. */
  confirmed_status: Nullable(CardStatus),
});
export type CardRef = Static<typeof CardRef>;

export const OutletRef = Type.Object({
  ...RefCommon,
  outlet_ref_id: Type.Integer(),
  merchant_name: Type.String(),
  branch: Nullable(Type.String()),
  address: Nullable(Type.String()),
  area_name: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  /** The live outlets it is assigned to (or was created as). */
  outlet_ids: Type.Array(Type.Integer()),
});
export type OutletRef = Static<typeof OutletRef>;

export const OfferRef = Type.Object({
  ...RefCommon,
  title: Type.String(),
  discount: Nullable(Type.String()),
  valid_from: Nullable(Type.String({ format: 'date' })),
  valid_to: Nullable(Type.String({ format: 'date' })),
  terms: Nullable(Type.String()),
  /** The card and outlet names as the site shows them, and the refs they resolve to. */
  card_names: Type.Array(Type.String()),
  outlet_names: Type.Array(Type.String()),
  card_ref_ids: Type.Array(Type.Integer()),
  outlet_ref_ids: Type.Array(Type.Integer()),
  /** Checked by a reviewer: bulk calls with checked=1 act on these only. */
  checked: Type.Boolean(),
  /** The live offer an onboarding made of it. */
  offer_id: Nullable(Type.Integer()),
});
export type OfferRef = Static<typeof OfferRef>;

/** A live record ranked against a ref (pg_trgm similarity, 0..1) with the fields that differ. */
export const Candidate = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  score: Type.Number({ minimum: 0, maximum: 1 }),
  /**
   * Fields whose crawled and live values differ: name → [crawled, live]. (A pair as an array
   * of two: the server's serializer cannot write a tuple of nullable items.)
   */
  differs: Type.Record(Type.String(), Type.Array(Nullable(Type.String()), { minItems: 2, maxItems: 2 })),
});
export type Candidate = Static<typeof Candidate>;

export const Decision = Type.Object({
  id: Type.Integer(),
  kind: RefKind,
  ref_id: Type.Integer(),
  action: Type.Union(
    ['assign', 'create', 'skip', 'discontinue', 'not_discontinue', 'update'].map((a) => Type.Literal(a)),
  ),
  /** What it linked or made: live ids, the state before. */
  detail: Type.Record(Type.String(), Type.Unknown()),
  made_by: Nullable(Type.Integer()),
  made_by_name: Nullable(Type.String()),
  made_at: Type.String({ format: 'date-time' }),
  undone_at: Nullable(Type.String({ format: 'date-time' })),
});
export type Decision = Static<typeof Decision>;

/** What a by-source call changed (or, with dry_run, would change): counts and a sample. */
export const bulkData = {
  from_source: Type.String(),
  offers: Type.Integer(),
  cards: Type.Integer(),
  outlets: Type.Integer(),
  sample: Type.Array(Type.String(), { description: 'a few titles of the offers touched' }),
  dry_run: Type.Boolean(),
};
export const BulkResult = Type.Object({ message: Type.String(), data: Type.Object(bulkData) });
export type BulkResult = Static<typeof BulkResult>;

/** An onboarding's answer: what went live (or would), and what to look at before confirming. */
export const TransferResult = Type.Object({
  message: Type.String(),
  data: Type.Object({
    ...bulkData,
    expired: Type.Integer({
      description:
        'ready offers whose last day has passed: onboarded only with include_expired (counted in `offers` then)',
    }),
    include_expired: Type.Boolean(),
    unlinked: Type.Integer({
      description:
        'of `offers`, those going live with no card link or no outlet link (their crawled cards or outlets are not assigned)',
    }),
  }),
});
export type TransferResult = Static<typeof TransferResult>;

/** A rollback's answer: the offers removed (or that would be), those kept, and the undo. */
export const RollbackResult = Type.Object({
  message: Type.String(),
  data: Type.Object({
    ...bulkData,
    kept: Type.Integer({
      description:
        'onboarded offers an admin has edited since (their version moved): they stay live, their refs onboarded',
    }),
    undo: Type.Optional(UndoToken),
  }),
});
export type RollbackResult = Static<typeof RollbackResult>;

export const RefPaging = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, default: 1, description: "the source's id" })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_REFS_PER_PAGE })),
  query: Type.Optional(Type.String({ maxLength: 200 })),
  state: Type.Optional(RefState),
});
export const IdInPath = Type.Object({ id: Id });
export const BySource = Type.Object({
  from_source: SourceSlug,
  /** 0 (the default): the whole source; 1: only the refs a reviewer checked. */
  checked: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { default: 0 })),
  /** true: change nothing, answer what would change (the confirmation step). */
  dry_run: Type.Optional(Type.Boolean({ default: false })),
});
