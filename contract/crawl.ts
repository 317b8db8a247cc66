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
// contract/api.md lists every call; paths the product leaves open are fixed here.
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { ListEnvelope, MessageEnvelope, Pagination, RecordEnvelope } from './envelope';
import { DateOnly, Id, IdList, Name, Nullable, Text } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { CardStatus, CardType } from './card';
import { UndoToken } from './bulk';

const tag = 'Crawl review';
/** A card's fee or minimum salary, within the card's own limits (contract/card.ts). */
const Money = Type.Number({ minimum: 0, maximum: 1_000_000 });
const admin = { tag, access: 'admin' as const, permission: 'crawl.review' };

/** A source's slug: lower-case letters, digits and dashes ('enbd-site'). */
export const SourceSlug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{1,59}$', description: "the source's slug, e.g. enbd-site" });

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

const Claim = {
  /** Who has the ref open in the triage view, and until when (null: nobody). */
  claimed_by: Nullable(Type.Integer()),
  claimed_by_name: Nullable(Type.String()),
  claimed_until: Nullable(Type.String({ format: 'date-time' })),
};
const RefCommon = {
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
  counts: Type.Object(Object.fromEntries(REF_KINDS.map((k) => [k, Type.Object(Object.fromEntries(REF_STATES.map((s) => [s, Type.Integer()])))]))),
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
  action: Type.Union(['assign', 'create', 'skip', 'discontinue', 'not_discontinue', 'update'].map((a) => Type.Literal(a))),
  /** What it linked or made: live ids, the state before. */
  detail: Type.Record(Type.String(), Type.Unknown()),
  made_by: Nullable(Type.Integer()),
  made_by_name: Nullable(Type.String()),
  made_at: Type.String({ format: 'date-time' }),
  undone_at: Nullable(Type.String({ format: 'date-time' })),
});
export type Decision = Static<typeof Decision>;

/** What a by-source call changed (or, with dry_run, would change): counts and a sample. */
const bulkData = {
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
    expired: Type.Integer({ description: 'ready offers whose last day has passed: onboarded only with include_expired (counted in `offers` then)' }),
    include_expired: Type.Boolean(),
    unlinked: Type.Integer({ description: 'of `offers`, those going live with no card link or no outlet link (their crawled cards or outlets are not assigned)' }),
  }),
});
export type TransferResult = Static<typeof TransferResult>;

/** A rollback's answer: the offers removed (or that would be), those kept, and the undo. */
export const RollbackResult = Type.Object({
  message: Type.String(),
  data: Type.Object({
    ...bulkData,
    kept: Type.Integer({ description: 'onboarded offers an admin has edited since (their version moved): they stay live, their refs onboarded' }),
    undo: Type.Optional(UndoToken),
  }),
});
export type RollbackResult = Static<typeof RollbackResult>;

const RefPaging = Type.Object({
  from: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, default: 1, description: "the source's id" })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_REFS_PER_PAGE })),
  query: Type.Optional(Type.String({ maxLength: 200 })),
  state: Type.Optional(RefState),
});
const IdInPath = Type.Object({ id: Id });
const BySource = Type.Object({
  from_source: SourceSlug,
  /** 0 (the default): the whole source; 1: only the refs a reviewer checked. */
  checked: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)], { default: 0 })),
  /** true: change nothing, answer what would change (the confirmation step). */
  dry_run: Type.Optional(Type.Boolean({ default: false })),
});

// ---- sources ----

export const listSources = defineOp({
  ...admin,
  id: 'crawl.sources',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_data`,
  summary: 'List crawl sources with their counts',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_SOURCES_PER_PAGE })),
  }),
  response: ListEnvelope(CrawlSource),
});

export const showSource = defineOp({
  ...admin,
  id: 'crawl.source',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_data/:id`,
  summary: 'Show one crawl source',
  params: IdInPath,
  response: RecordEnvelope(CrawlSource),
});

export const verifySource = defineOp({
  ...admin,
  id: 'crawl.verify',
  method: 'POST',
  path: `${ADMIN_ROOT}/verify-crawl-data`,
  summary: 'Mark a source reviewed once no ref is left open (else 409 saying what is left)',
  body: Type.Object({ from_source: SourceSlug }),
  response: RecordEnvelope(CrawlSource),
  touches: ['crawlSource'],
});

export const importCrawl = defineOp({
  ...admin,
  id: 'crawl.import',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_data/import`,
  summary: "Import a source's crawl file (JSON lines or CSV); refs are updated by their key, vanished ones marked",
  body: Type.Object({ from_source: SourceSlug, name: Type.Optional(Text(120)), bank_id: Type.Optional(Id) }),
  multipart: true,
  files: { file: 'csv' },
  bodyLimit: 20 * 1024 * 1024,
  response: RecordEnvelope(Type.Object({ source: CrawlSource, added: Type.Integer(), updated: Type.Integer(), vanished: Type.Integer() })),
  touches: ['crawlSource', 'cardRef', 'outletRef', 'offerRef'],
});

// ---- crawled cards ----

export const listCardRefs = defineOp({
  ...admin,
  id: 'crawl.cardRefs',
  method: 'POST',
  path: `${ADMIN_ROOT}/all-cards-ref`,
  summary: 'List the crawled cards of a source (10 a page)',
  query: Type.Object({
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_CARDS_PER_PAGE })),
  }),
  body: Type.Object({ from: Id, query: Type.Optional(Type.String({ maxLength: 200 })), state: Type.Optional(RefState) }),
  response: Type.Object({ data: Type.Array(CardRef), pagination: Pagination }),
});

export const assignCardRef = defineOp({
  ...admin,
  id: 'crawl.assignCard',
  method: 'POST',
  path: `${ADMIN_ROOT}/card-ref/assign`,
  summary: 'Assign a crawled card to a live card',
  body: Type.Object({ card_id: Id, card_ref_id: Id }),
  response: RecordEnvelope(CardRef),
  message: 'Card assigned successfully!',
  touches: ['cardRef', 'crawlSource'],
});

export const createCardFromRef = defineOp({
  ...admin,
  id: 'crawl.createCard',
  method: 'POST',
  path: `${ADMIN_ROOT}/card-ref/:id/create_card`,
  summary:
    "Create a live card from a crawled card (hidden until reviewed: display false); the fields sent replace the ref's own (name, bank, network, fee, benefits as description), those left out are taken from the ref",
  params: IdInPath,
  body: Type.Object({
    network_id: Type.Optional(Id),
    category_id: Type.Optional(Id),
    // The create card dialog sends the ref's fields as the reviewer corrected them; the `c`
    // key sends none. Limits as the card's own add call (contract/card.ts).
    name: Type.Optional(Name),
    bank_id: Type.Optional(Id),
    card_type: Type.Optional(CardType),
    annual_fee: Type.Optional(Money),
    min_salary: Type.Optional(Nullable(Money)),
    description: Type.Optional(Nullable(Text(2000))),
  }),
  response: RecordEnvelope(CardRef),
  message: 'Card created successfully!',
  touches: ['cardRef', 'card', 'crawlSource'],
});

export type CardFromRefBody = Static<NonNullable<typeof createCardFromRef.body>>;

// ---- crawled outlets ----

export const listOutletRefs = defineOp({
  ...admin,
  id: 'crawl.outletRefs',
  method: 'GET',
  path: `${ADMIN_ROOT}/all_outlet_ref`,
  summary: 'List the crawled outlets of a source',
  query: RefPaging,
  response: ListEnvelope(OutletRef),
});

export const showOutletRef = defineOp({
  ...admin,
  id: 'crawl.outletRef',
  method: 'GET',
  path: `${ADMIN_ROOT}/show_outlet_ref`,
  summary: 'Show one crawled outlet',
  query: Type.Object({ id: Id }),
  response: RecordEnvelope(OutletRef),
});

export const createOutletFromRef = defineOp({
  ...admin,
  id: 'crawl.createOutlet',
  method: 'POST',
  path: `${ADMIN_ROOT}/outlet_ref/:id/create_outlet`,
  summary: 'Create a live outlet from a crawled outlet',
  params: IdInPath,
  response: RecordEnvelope(OutletRef),
  message: 'Outlet created successfully!',
  touches: ['outletRef', 'outlet', 'crawlSource'],
});

export const transferOutletRefs = defineOp({
  ...admin,
  id: 'crawl.transferOutlets',
  method: 'POST',
  path: `${ADMIN_ROOT}/transfer_outlet_ref`,
  summary: 'Create live outlets from the given crawled outlets (those not yet decided), in one transaction',
  body: Type.Object({ outlet_ids: IdList }),
  response: RecordEnvelope(Type.Object({ created: Type.Integer(), skipped: Type.Integer() })),
  touches: ['outletRef', 'outlet', 'crawlSource'],
});

export const assignOutletRef = defineOp({
  ...admin,
  id: 'crawl.assignOutlet',
  method: 'POST',
  path: `${ADMIN_ROOT}/outlet_ref/assign`,
  summary: 'Assign a crawled outlet to a live outlet',
  body: Type.Object({ outlet_ref_id: Id, outlet_id: Id }),
  response: RecordEnvelope(OutletRef),
  message: 'Outlet assigned successfully!',
  touches: ['outletRef', 'crawlSource'],
});

// ---- crawled offers ----

export const listOfferRefs = defineOp({
  ...admin,
  id: 'crawl.offerRefs',
  method: 'GET',
  path: `${ADMIN_ROOT}/all_offer_ref`,
  summary: 'List the crawled offers of a source',
  query: RefPaging,
  response: ListEnvelope(OfferRef),
});

export const showOfferRef = defineOp({
  ...admin,
  id: 'crawl.offerRef',
  method: 'GET',
  path: `${ADMIN_ROOT}/show_offer_ref/:id`,
  summary: 'Show one crawled offer',
  params: IdInPath,
  response: RecordEnvelope(OfferRef),
});

export const updateOfferRef = defineOp({
  ...admin,
  id: 'crawl.updateOfferRef',
  method: 'POST',
  path: `${ADMIN_ROOT}/update_offer_ref/:id`,
  summary: 'Correct a crawled offer before onboarding, or check it',
  params: IdInPath,
  body: Type.Object({
    title: Type.Optional(Type.String({ minLength: 2, maxLength: 200, pattern: '\\S' })),
    discount: Type.Optional(Nullable(Text(120))),
    valid_from: Type.Optional(Nullable(DateOnly)),
    valid_to: Type.Optional(Nullable(DateOnly)),
    terms: Type.Optional(Nullable(Text(4000))),
    checked: Type.Optional(Type.Boolean()),
  }),
  multipart: true,
  response: RecordEnvelope(OfferRef),
  message: 'Offer ref updated successfully!',
  touches: ['offerRef'],
});

export const transferOfferRefs = defineOp({
  ...admin,
  id: 'crawl.transferOffers',
  method: 'POST',
  path: `${ADMIN_ROOT}/transfer_offer_ref`,
  summary: "Onboard a source's crawled offers into live offers, linked to the assigned cards and outlets (a second transfer adds nothing); offers already expired only with include_expired",
  body: Type.Object({
    ...BySource.properties,
    include_expired: Type.Optional(Type.Boolean({ default: false, description: 'true: onboard offers whose last day has passed too (left out, and counted, by default)' })),
  }),
  response: TransferResult,
  touches: ['offerRef', 'offer', 'crawlSource'],
});

export const rollbackOfferRefs = defineOp({
  ...admin,
  id: 'crawl.rollbackOffers',
  method: 'POST',
  path: `${ADMIN_ROOT}/rollback_offer_ref`,
  summary: "Remove the live offers this source's onboardings made (never one made by hand, nor one edited since: those are kept and counted); undoable with offer.undo and the answer's token",
  body: BySource,
  response: RollbackResult,
  touches: ['offerRef', 'offer', 'crawlSource'],
});

export const removeSourceFromCard = defineOp({
  ...admin,
  id: 'crawl.removeFromCard',
  method: 'DELETE',
  path: `${ADMIN_ROOT}/offer/remove-from-card`,
  summary: "Unlink a source's onboarded offers from a card (or from every card)",
  body: Type.Object({ ...BySource.properties, card_id: Type.Optional(Id) }),
  response: BulkResult,
  touches: ['offer', 'card', 'crawlSource'],
});

// ---- triage: claim, candidates, decisions ----

const RefAddress = Type.Object({ kind: RefKind, ref_id: Id });

export const claimRef = defineOp({
  ...admin,
  id: 'crawl.claim',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_refs/claim`,
  summary: 'Open a ref in the triage view: claims it for a few minutes (409 when another reviewer has it) and ranks live candidates',
  body: RefAddress,
  response: RecordEnvelope(Type.Object({ ref: Type.Union([CardRef, OutletRef, OfferRef]), candidates: Type.Array(Candidate), claimed_until: Type.String({ format: 'date-time' }) })),
  // The lists show who has a ref claimed.
  touches: ['cardRef', 'outletRef', 'offerRef'],
});

export const releaseRef = defineOp({
  ...admin,
  id: 'crawl.release',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_refs/release`,
  summary: 'Let a claimed ref go',
  body: RefAddress,
  response: MessageEnvelope,
  touches: ['cardRef', 'outletRef', 'offerRef'],
});

export const skipRef = defineOp({
  ...admin,
  id: 'crawl.skip',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_refs/skip`,
  summary: 'Decide to leave a ref out',
  body: RefAddress,
  response: RecordEnvelope(Type.Union([CardRef, OutletRef, OfferRef])),
  message: 'Skipped.',
  touches: ['cardRef', 'outletRef', 'offerRef', 'crawlSource'],
});

export const assignRefs = defineOp({
  ...admin,
  id: 'crawl.assignMany',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_refs/assign`,
  summary:
    'Assign several crawled cards or outlets to one live record, in one transaction, one decision per ref (each undoable); 409 naming a ref another reviewer has, 422 for unknown ids',
  body: Type.Object({ kind: Type.Union([Type.Literal('card'), Type.Literal('outlet')]), ref_ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }), live_id: Id }),
  response: RecordEnvelope(
    Type.Object({
      assigned: Type.Integer({ description: 'refs assigned by this call' }),
      unchanged: Type.Integer({ description: 'refs that were assigned to the live record already (no decision made)' }),
      refs: Type.Array(Type.Union([CardRef, OutletRef]), { description: 'every ref named, as it is now' }),
    }),
  ),
  touches: ['cardRef', 'outletRef', 'crawlSource'],
});

/**
 * The checked refs scored against the live record they are about to be assigned to, by the
 * candidate ranking's own similarity; below `threshold` (pg_trgm's similarity threshold,
 * where its `%` calls two texts unlike) a ref probably is not that record.
 */
export const MatchedRef = Type.Object({
  id: Type.Integer(),
  name: Type.String({ description: "the ref's name as crawled (an outlet: merchant and branch)" }),
  score: Type.Number({ minimum: 0, maximum: 1, description: 'similarity to the live record, as the candidate ranking computes it' }),
  below: Type.Boolean({ description: 'score under the threshold: probably not this record' }),
});
export type MatchedRef = Static<typeof MatchedRef>;

export const matchRefs = defineOp({
  ...admin,
  id: 'crawl.matchMany',
  method: 'POST',
  readOnly: true,
  path: `${ADMIN_ROOT}/crawl_refs/match`,
  summary: 'Before assigning several crawled cards or outlets to one live record: each ref named with its match score against it, in the order given, and the threshold below which it probably is not that record',
  body: Type.Object({ kind: Type.Union([Type.Literal('card'), Type.Literal('outlet')]), ref_ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }), live_id: Id }),
  response: RecordEnvelope(
    Type.Object({
      live_id: Type.Integer(),
      title: Type.String({ description: "the live record's name" }),
      threshold: Type.Number({ minimum: 0, maximum: 1 }),
      refs: Type.Array(MatchedRef),
    }),
  ),
});

export const undoDecision = defineOp({
  ...admin,
  id: 'crawl.undo',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_decisions/:id/undo`,
  summary:
    'Undo a decision on the server: the ref and the live records as they were (409 when later changes stand in the way). A decision made with others in one call (crawl_refs/assign) is undone with all of them, in one step',
  params: IdInPath,
  response: Type.Object({
    message: Type.String(),
    data: Type.Union([CardRef, OutletRef, OfferRef], { description: 'the ref of the decision named' }),
    undone: Type.Array(Type.Union([CardRef, OutletRef, OfferRef]), { description: 'every ref put back: the one named and the others of its group' }),
  }),
  message: 'Undone.',
  touches: ['cardRef', 'outletRef', 'offerRef', 'card', 'outlet', 'crawlSource'],
});

export const refHistory = defineOp({
  ...admin,
  id: 'crawl.history',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_decisions`,
  summary: "A ref's decisions, newest first",
  query: RefAddress,
  response: Type.Object({ data: Type.Array(Decision) }),
});

// ---- overviews: crawled data by bank, crawled offers of every source ----

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
  summary: "Crawled bank data: one row per bank that has crawl sources (by name; sources naming no bank last), its sources and their refs by kind and state",
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
    Type.Object({ ref_id: Type.Integer(), name: Type.String(), state: RefState, card_id: Nullable(Type.Integer()), card_name: Nullable(Type.String()) }),
    { description: 'the crawled cards its card names resolved to, each with the live card it stands for' },
  ),
  outlets: Type.Array(
    Type.Object({ ref_id: Type.Integer(), name: Type.String(), state: RefState, outlet_ids: Type.Array(Type.Integer()) }),
    { description: 'the crawled outlets its outlet names resolved to, each with the live outlets it stands for' },
  ),
});
export type CrawlOfferRow = Static<typeof CrawlOfferRow>;

export const listAllOfferRefs = defineOp({
  ...admin,
  id: 'crawl.allOfferRefs',
  method: 'GET',
  path: `${ADMIN_ROOT}/crawl_offer_refs`,
  summary: 'Crawled offers of every source (or of one: from), newest first, searched by title and discount, with what their card and outlet names resolved to',
  query: Type.Object({
    from: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "a source's id; every source when left out" })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: CRAWL_REFS_PER_PAGE })),
    query: Type.Optional(Type.String({ maxLength: 200 })),
    state: Type.Optional(RefState),
  }),
  response: ListEnvelope(CrawlOfferRow),
});

/** Every crawl review call (contract/operations.ts lists them). */
export const crawlOps = [
  listSources,
  showSource,
  verifySource,
  importCrawl,
  listCardRefs,
  assignCardRef,
  createCardFromRef,
  listOutletRefs,
  showOutletRef,
  createOutletFromRef,
  transferOutletRefs,
  assignOutletRef,
  listOfferRefs,
  showOfferRef,
  updateOfferRef,
  transferOfferRefs,
  rollbackOfferRefs,
  removeSourceFromCard,
  claimRef,
  releaseRef,
  skipRef,
  assignRefs,
  matchRefs,
  undoDecision,
  refHistory,
  listCrawlBanks,
  listAllOfferRefs,
];
