// Catalogue health: queues that find what is wrong in the live catalogue (an offer ending with
// no one noticing, an offer no card reaches, a card shown with nothing behind it) and fix it at
// one key per decision. Each queue is defined once here: what it finds (the server's query,
// server/services/health.ts, keyed by the same id), what kind of record its rows are, and its
// fixes with their keys. The browser builds its screen, its commands and the palette's entries
// from this list; the server answers the four calls below from it. A new queue is one entry
// here and one query there.
//
// A fix is a write through the same undoable path as a bulk change by hand
// (server/services/undo.ts), so it leaves an audit entry and one undo step; it names the rows
// it applies to and the count the admin confirmed (`expect`).
import * as Type from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { RecordEnvelope } from './envelope';
import { DateOnly, Id, Nullable } from './fields';
import { ADMIN_ROOT, defineOp } from './operation';

/** Live offers ending within this many days are "ending soon" (today counts as one). */
export const HEALTH_ENDING_DAYS = 7;
/** The most rows a queue's page holds, and the most one fix takes. */
export const HEALTH_PAGE_MAX = 200;
export const HEALTH_FIX_MAX = 500;

/** A fix: its key in the queue, its words, and whether it takes a date the admin types. */
export interface HealthFixDef {
  id: string;
  title: string;
  /** One key, bound in the queue's view; unique within the queue and clear of the list keys. */
  key: string;
  /** What the confirmation says it changes, for `n` rows. */
  changes: string;
  /** 'date': the fix asks for a date (typed: "+30d", "end of month") and sends it as `to`. */
  takes?: 'date';
  keywords?: readonly string[];
}

export type HealthEntity = 'offer' | 'card' | 'category' | 'outlet';

export interface HealthQueueDef {
  id: string;
  title: string;
  /** What the queue finds, in one sentence (the screen's header and the palette). */
  description: string;
  entity: HealthEntity;
  /** Words the palette also finds the queue by ("offers without cards"). */
  keywords: readonly string[];
  fixes: readonly HealthFixDef[];
}

const endNow: HealthFixDef = {
  id: 'end',
  title: 'End now',
  key: 'n',
  changes: 'ends them yesterday, so the app no longer shows them',
  keywords: ['hide', 'expire', 'stop', 'take down'],
};

export const HEALTH_QUEUES = [
  {
    id: 'ending',
    title: 'Ending soon or ended but still shown',
    description: `Live offers ending within ${HEALTH_ENDING_DAYS} days, and offers past their end still placed on the homepage.`,
    entity: 'offer',
    keywords: ['ending soon', 'expiring', 'expired', 'ended', 'homepage', 'extend'],
    fixes: [
      {
        id: 'extend',
        title: 'Extend to a date',
        key: 'e',
        changes: 'sets their last day to the date you type',
        takes: 'date',
        keywords: ['prolong', 'renew', 'valid to', 'end date'],
      },
      endNow,
      {
        id: 'unplace',
        title: 'Take off the homepage',
        key: 'h',
        changes: 'deactivates their selected-offer, banner and "don\'t miss out" places on the homepage',
        keywords: ['remove', 'homepage', 'banner', 'selected offers', 'unfeature'],
      },
    ],
  },
  {
    id: 'unreachable',
    title: 'Unreachable offers',
    description:
      'Live offers with no card, or no outlet, or whose every card is hidden or discontinued: no one can find or use them.',
    entity: 'offer',
    keywords: ['offers without cards', 'offers without outlets', 'no card', 'no outlet', 'orphan', 'unlinked'],
    fixes: [{ ...endNow, title: 'Hide (end now)' }],
  },
  {
    id: 'emptyCards',
    title: 'Cards with no live offer',
    description: 'Cards shown in the app that no live offer names: an empty shelf.',
    entity: 'card',
    keywords: ['empty shelves', 'empty cards', 'cards without offers'],
    fixes: [
      {
        id: 'hide',
        title: 'Hide the card',
        key: 'h',
        changes: 'stops showing them in the app',
        keywords: ['display', 'unpublish'],
      },
    ],
  },
  {
    id: 'emptyCategories',
    title: 'Categories with no live offer',
    description: 'Active categories no live offer is in: an empty shelf in the app.',
    entity: 'category',
    keywords: ['empty shelves', 'empty categories', 'categories without offers'],
    fixes: [
      {
        id: 'hide',
        title: 'Deactivate the category',
        key: 'h',
        changes: 'marks them inactive, so the app no longer lists them',
        keywords: ['hide', 'inactive', 'disable'],
      },
    ],
  },
  {
    id: 'offersIncomplete',
    title: 'Offers missing essentials',
    description: 'Offers not yet ended that have no image or no terms.',
    entity: 'offer',
    keywords: ['missing image', 'missing terms', 'incomplete', 'offers without image', 'no terms'],
    fixes: [],
  },
  {
    id: 'outletsIncomplete',
    title: 'Outlets missing essentials',
    description: 'Outlets with no area or no location (latitude and longitude).',
    entity: 'outlet',
    keywords: ['missing area', 'missing location', 'incomplete', 'outlets without area', 'no coordinates'],
    fixes: [],
  },
] as const satisfies readonly HealthQueueDef[];

export type HealthQueueId = (typeof HEALTH_QUEUES)[number]['id'];
export const HEALTH_QUEUE_IDS = HEALTH_QUEUES.map((q) => q.id) as HealthQueueId[];
export const healthQueue = (id: string): HealthQueueDef | undefined =>
  (HEALTH_QUEUES as readonly HealthQueueDef[]).find((q) => q.id === id);

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
  touches: ['offer', 'card', 'category', 'selectedOffer', 'heroBanner', 'dontMissOut'],
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
  touches: ['offer', 'card', 'category', 'selectedOffer', 'heroBanner', 'dontMissOut'],
  body: Type.Object({ undo: Type.Array(HealthUndo, { minItems: 1, maxItems: 8 }) }),
  response: RecordEnvelope(Type.Object({ count: Type.Integer({ minimum: 0 }) })),
});

export const healthOps = [listHealthQueues, listHealthRows, applyHealthFix, undoHealthFix] as const;

/** "12 offers", "1 card". */
export const healthNoun = (entity: HealthEntity, n: number) =>
  `${n.toLocaleString('en')} ${n === 1 ? entity : entity === 'category' ? 'categories' : `${entity}s`}`;
