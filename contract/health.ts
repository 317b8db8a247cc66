// Catalogue health: queues that find what is wrong in the live catalogue (an offer ending with
// no one noticing, an offer no card reaches, a card shown with nothing behind it) and fix it at
// one key per decision. Each queue is defined once, in ./healthQueues.ts (its words, its entity,
// its fixes and their keys), and its query in server/services/health.ts under the same id. The
// browser builds its screen, its commands and the palette's entries from that list; the server
// answers the four calls below from it. A new queue is one entry there and one query here.
//
// A fix is a write through the same undoable path as a bulk change by hand
// (server/services/undo.ts), so it leaves an audit entry and one undo step; it names the rows
// it applies to and the count the admin confirmed (`expect`).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { UndoAnswer } from './bulk';
import { RecordEnvelope } from './envelope';
import { DateOnly, Id, Nullable } from './fields';
import { HEALTH_QUEUE_IDS, HEALTH_SCORE_ENTITIES } from './healthQueues';
import { ADMIN_ROOT, defineOp } from './operation';

/**
 * A queue's page when the call names no limit: what the screen reads first and after j nears
 * its last row (src/features/health/healthModel.ts), a few screens of rows. `bench:health` times
 * a page of this size.
 */
export const HEALTH_PAGE = 50;
/**
 * A pair queue's page carries both records' facts for its first this many rows only; the screen
 * reads the others with `health.facts` before its cursor is this close to them. Read for every
 * row, both records' facts were two thirds of a page of 50 on PGlite at 100,000 offers (36.9 ms
 * against 7.4 without them, docs/benchmarks.md), for a pane that shows one row at a time.
 */
export const HEALTH_FACTS_AHEAD = 8;
/** The most rows a queue's page holds, and the most one fix takes. */
export const HEALTH_PAGE_MAX = 200;
export const HEALTH_FIX_MAX = 500;

/** One queue's count now. */
export const HealthCount = Type.Object({ id: Type.String(), count: Type.Integer({ minimum: 0 }) });
export type HealthCount = Static<typeof HealthCount>;

/** Label → value (null: none), as the pane shows a record. */
const Facts = Type.Record(Type.String(), Nullable(Type.String()));

/** One row of a queue: the record, why it is here, and the facts the pane shows. */
export const HealthRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Why the row is in the queue: "Ends in 3 days", "No card". */
  reason: Type.String(),
  /** A line of facts under the title. */
  detail: Nullable(Type.String()),
  /**
   * The record's fields the pane shows, label → value (null: none). Absent on a pair queue's row
   * past the page's first `HEALTH_FACTS_AHEAD`: `health.facts` reads it.
   */
  facts: Type.Optional(Facts),
  /** The record the row is about when the row is not the record itself (a broken image or link): where its fixes open. */
  record: Type.Optional(Type.Object({ resource: Type.String(), id: Type.Integer(), field: Type.String() })),
  /** A pair queue's (contract/healthQueues.ts `pairs`): the older record like this one, shown on the left. */
  other: Type.Optional(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      facts: Type.Optional(Facts),
    }),
  ),
});
export type HealthRow = Static<typeof HealthRow>;

/** A row's facts as `health.facts` reads them: the record's, and a pair queue's partner's. */
export const HealthRowFacts = Type.Object({
  id: Type.Integer(),
  facts: Facts,
  other: Type.Optional(Type.Object({ id: Type.Integer(), title: Type.String(), facts: Facts })),
});
export type HealthRowFacts = Static<typeof HealthRowFacts>;

/** One undoable write a fix made: undone with `health.undo` (all of a fix's at once). */
export const HealthUndo = Type.Object({
  resource: Type.String(),
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
});
export type HealthUndo = Static<typeof HealthUndo>;

/** An entity's health: the share of its rows in no queue, now and on each of the last 30 days. */
export const HealthScore = Type.Object({
  entity: Type.Union(HEALTH_SCORE_ENTITIES.map((e) => Type.Literal(e))),
  /** Percent of the rows in no queue (one decimal), at the last round; null: never measured, or no rows. */
  score: Nullable(Type.Number({ minimum: 0, maximum: 100 })),
  total: Type.Integer({ minimum: 0 }),
  in_queues: Type.Integer({ minimum: 0 }),
  /** When the background loop last measured it. */
  at: Nullable(Type.String({ format: 'date-time' })),
  /** One per day measured, oldest first (Dubai's days). */
  trend: Type.Array(Type.Object({ day: DateOnly, score: Nullable(Type.Number({ minimum: 0, maximum: 100 })) })),
});
export type HealthScore = Static<typeof HealthScore>;

/** One queue's count on each of the last 30 days the background loop measured, oldest first (Dubai's days). */
export const HealthQueueTrend = Type.Object({
  id: Type.String(),
  days: Type.Array(Type.Object({ day: DateOnly, count: Type.Integer({ minimum: 0 }) })),
});
export type HealthQueueTrend = Static<typeof HealthQueueTrend>;

const QueueParam = Type.Object({
  queue: Type.Union(
    HEALTH_QUEUE_IDS.map((id) => Type.Literal(id)),
    { description: 'the queue' },
  ),
});

export const listHealthQueues = defineOp({
  id: 'health.queues',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/queues`,
  summary: 'Every catalogue health queue with how many rows it holds now',
  tag: 'Catalogue health',
  access: 'admin',
  shared: true,
  response: RecordEnvelope(Type.Array(HealthCount)),
  message: 'Health queues fetched successfully!',
});

export const listHealthRows = defineOp({
  id: 'health.rows',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/queues/:queue`,
  summary: "A catalogue health queue's rows, a page at a time (by id, after the last one read)",
  tag: 'Catalogue health',
  access: 'admin',
  shared: true,
  params: QueueParam,
  query: Type.Object({
    after: Type.Optional(Type.Integer({ minimum: 0, maximum: 2147483647, description: 'the last id read' })),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: HEALTH_PAGE_MAX,
        description: `the most rows (${HEALTH_PAGE} unless given)`,
      }),
    ),
  }),
  response: RecordEnvelope(
    Type.Object({ count: Type.Integer({ minimum: 0 }), rows: Type.Array(HealthRow), more: Type.Boolean() }),
  ),
});

export const listHealthFacts = defineOp({
  id: 'health.facts',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/queues/:queue/facts`,
  summary:
    "The facts the pane shows of some of a queue's rows (those still in it): what a pair queue's page leaves out",
  tag: 'Catalogue health',
  access: 'admin',
  shared: true,
  params: QueueParam,
  query: Type.Object({
    ids: Type.String({
      pattern: `^[0-9]{1,10}(,[0-9]{1,10}){0,${HEALTH_PAGE - 1}}$`,
      description: `the rows' ids, comma-separated (at most ${HEALTH_PAGE})`,
    }),
  }),
  response: RecordEnvelope(Type.Array(HealthRowFacts)),
  message: 'Health facts fetched successfully!',
});

export const listHealthScores = defineOp({
  id: 'health.scores',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/scores`,
  summary:
    "Each entity's health score (the share of its rows in no queue) and its last 30 days, as the background checker keeps them",
  tag: 'Catalogue health',
  access: 'admin',
  shared: true,
  response: RecordEnvelope(Type.Array(HealthScore)),
  message: 'Health scores fetched successfully!',
});

export const listHealthQueueTrends = defineOp({
  id: 'health.queueTrends',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/queue-trends`,
  summary: "Each catalogue health queue's count on each of the last 30 days, as the background checker keeps them",
  tag: 'Catalogue health',
  access: 'admin',
  shared: true,
  response: RecordEnvelope(Type.Array(HealthQueueTrend)),
  message: 'Health queue trends fetched successfully!',
});

export const applyHealthFix = defineOp({
  id: 'health.fix',
  method: 'POST',
  path: `${ADMIN_ROOT}/health/queues/:queue/fix`,
  summary:
    "Apply one of a queue's fixes to its rows (the checked ones, or the one in focus), the count confirmed; undoable as one step",
  tag: 'Catalogue health',
  access: 'admin',
  permission: 'health.fix',
  touches: ['offer', 'card', 'category', 'outlet', 'bank', 'user', 'selectedOffer', 'heroBanner', 'dontMissOut'],
  params: QueueParam,
  body: Type.Object({
    fix: Type.String({ minLength: 1, maxLength: 40, description: "the fix's id (contract/health.ts)" }),
    ids: Type.Array(Id, { minItems: 1, maxItems: HEALTH_FIX_MAX, uniqueItems: true, description: 'the rows' }),
    expect: Type.Integer({
      minimum: 1,
      maximum: HEALTH_FIX_MAX,
      description: 'how many rows the admin confirmed: every one must still be in the queue',
    }),
    to: Type.Optional(DateOnly),
    card: Type.Optional({ ...Id, description: 'the card to link (fix `link`: one of `health.candidates`)' }),
    outlet: Type.Optional({ ...Id, description: 'the outlet to link (fix `link`: one of `health.candidates`)' }),
    version: Type.Optional(
      Type.Integer({ minimum: 1, description: "the offer's version the candidates were read at (fix `link`)" }),
    ),
  }),
  response: RecordEnvelope(Type.Object({ count: Type.Integer({ minimum: 0 }), undo: Type.Array(HealthUndo) })),
});

export const undoHealthFix = defineOp({
  id: 'health.undo',
  method: 'POST',
  path: `${ADMIN_ROOT}/health/undo`,
  summary: 'Undo a health fix (every write it made, in one transaction; within 10 minutes, by its author)',
  tag: 'Catalogue health',
  access: 'admin',
  permission: 'health.fix',
  touches: ['offer', 'card', 'category', 'outlet', 'bank', 'user', 'selectedOffer', 'heroBanner', 'dontMissOut'],
  body: Type.Object({ undo: Type.Array(HealthUndo, { minItems: 1, maxItems: 16 }) }),
  response: UndoAnswer,
});

/** One live card or outlet an unreachable offer could be linked to, and why it ranks where it does. */
export const HealthCandidate = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  subtitle: Type.String(),
  /** "Same bank", "Same merchant", "Same area": what ranked it. */
  why: Type.Array(Type.String()),
  /** pg_trgm similarity of its words to the offer's (0..1, three decimals). */
  score: Type.Number({ minimum: 0, maximum: 1 }),
});
export type HealthCandidate = Static<typeof HealthCandidate>;

export const HEALTH_CANDIDATES_MAX = 9;

export const listHealthCandidates = defineOp({
  id: 'health.candidates',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/offers/:id/candidates`,
  summary:
    "An unreachable offer's ranked candidates, as crawl triage ranks them: cards (same bank, then the crawled names' similarity) when it has no card it can be reached by, else outlets (same merchant name, then same area)",
  tag: 'Catalogue health',
  access: 'admin',
  // Its :id is an offer's.
  resource: 'offer',
  params: Type.Object({ id: Id }),
  query: Type.Object({
    kind: Type.Optional(
      Type.Union([Type.Literal('card'), Type.Literal('outlet')], {
        description: 'which links (default: what is missing)',
      }),
    ),
  }),
  response: RecordEnvelope(
    Type.Object({
      kind: Type.Union([Type.Literal('card'), Type.Literal('outlet')]),
      /** The offer's version now: the link (`health.fix` `link`) is refused if it moves first. */
      version: Type.Integer(),
      candidates: Type.Array(HealthCandidate, { maxItems: HEALTH_CANDIDATES_MAX }),
    }),
  ),
});

export const HealthSourceEntity = Type.Union([
  Type.Literal('card'),
  Type.Literal('outlet'),
  Type.Literal('category'),
  Type.Literal('offer'),
]);

export const findHealthSource = defineOp({
  id: 'health.source',
  method: 'GET',
  path: `${ADMIN_ROOT}/health/source/:entity/:id`,
  summary:
    'The crawl source whose most recent crawled record named a card, outlet, category (through its offers) or offer; null when none did',
  tag: 'Catalogue health',
  access: 'admin',
  params: Type.Object({ entity: HealthSourceEntity, id: Id }),
  response: RecordEnvelope(
    Nullable(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        /** The triage view the crawled record is in. */
        kind: Type.Union([Type.Literal('cards'), Type.Literal('outlets'), Type.Literal('offers')]),
      }),
    ),
  ),
});
