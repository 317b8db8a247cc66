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
import { HEALTH_QUEUE_IDS } from './healthQueues';
import { ADMIN_ROOT, defineOp } from './operation';

/** The most rows a queue's page holds, and the most one fix takes. */
export const HEALTH_PAGE_MAX = 200;
export const HEALTH_FIX_MAX = 500;

/** One queue's count now. */
export const HealthCount = Type.Object({ id: Type.String(), count: Type.Integer({ minimum: 0 }) });
export type HealthCount = Static<typeof HealthCount>;

/** One row of a queue: the record, why it is here, and the facts the pane shows. */
export const HealthRow = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Why the row is in the queue: "Ends in 3 days", "No card". */
  reason: Type.String(),
  /** A line of facts under the title. */
  detail: Nullable(Type.String()),
  /** The record's fields the pane shows, label → value (null: none). */
  facts: Type.Record(Type.String(), Nullable(Type.String())),
  /** A pair queue's (contract/healthQueues.ts `pairs`): the older record like this one, shown on the left. */
  other: Type.Optional(
    Type.Object({
      id: Type.Integer(),
      title: Type.String(),
      facts: Type.Record(Type.String(), Nullable(Type.String())),
    }),
  ),
});
export type HealthRow = Static<typeof HealthRow>;

/** One undoable write a fix made: undone with `health.undo` (all of a fix's at once). */
export const HealthUndo = Type.Object({
  resource: Type.String(),
  token: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }),
});
export type HealthUndo = Static<typeof HealthUndo>;

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
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: HEALTH_PAGE_MAX })),
  }),
  response: RecordEnvelope(
    Type.Object({ count: Type.Integer({ minimum: 0 }), rows: Type.Array(HealthRow), more: Type.Boolean() }),
  ),
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
  touches: ['offer', 'card', 'category', 'outlet', 'selectedOffer', 'heroBanner', 'dontMissOut'],
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
  touches: ['offer', 'card', 'category', 'outlet', 'selectedOffer', 'heroBanner', 'dontMissOut'],
  body: Type.Object({ undo: Type.Array(HealthUndo, { minItems: 1, maxItems: 8 }) }),
  response: UndoAnswer,
});
