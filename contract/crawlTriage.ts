// Crawl review, triage: claim, candidates, decisions (the calls; the shapes they share are in ./crawl.ts).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { MessageEnvelope, RecordEnvelope } from './envelope';
import { Id } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';
import { Candidate, CardRef, Decision, IdInPath, OfferRef, OutletRef, RefKind, admin } from './crawl';

const RefAddress = Type.Object({ kind: RefKind, ref_id: Id });

export const claimRef = defineOp({
  ...admin,
  id: 'crawl.claim',
  method: 'POST',
  path: `${ADMIN_ROOT}/crawl_refs/claim`,
  summary:
    'Open a ref in the triage view: claims it for a few minutes (409 when another reviewer has it) and ranks live candidates',
  body: RefAddress,
  response: RecordEnvelope(
    Type.Object({
      ref: Type.Union([CardRef, OutletRef, OfferRef]),
      candidates: Type.Array(Candidate),
      claimed_until: Type.String({ format: 'date-time' }),
    }),
  ),
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
  body: Type.Object({
    kind: Type.Union([Type.Literal('card'), Type.Literal('outlet')]),
    ref_ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }),
    live_id: Id,
  }),
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
  score: Type.Number({
    minimum: 0,
    maximum: 1,
    description: 'similarity to the live record, as the candidate ranking computes it',
  }),
  below: Type.Boolean({ description: 'score under the threshold: probably not this record' }),
});
export type MatchedRef = Static<typeof MatchedRef>;

export const matchRefs = defineOp({
  ...admin,
  id: 'crawl.matchMany',
  method: 'POST',
  readOnly: true,
  path: `${ADMIN_ROOT}/crawl_refs/match`,
  summary:
    'Before assigning several crawled cards or outlets to one live record: each ref named with its match score against it, in the order given, and the threshold below which it probably is not that record',
  body: Type.Object({
    kind: Type.Union([Type.Literal('card'), Type.Literal('outlet')]),
    ref_ids: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }),
    live_id: Id,
  }),
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
    undone: Type.Array(Type.Union([CardRef, OutletRef, OfferRef]), {
      description: 'every ref put back: the one named and the others of its group',
    }),
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
