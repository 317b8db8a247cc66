// Decisions on crawled refs (crawl_decisions, migration 006): each one's `detail` holds what
// undoing it needs (server/services/crawlReview.ts writes and reads it).
import type { Decision, RefKind } from '@contract/crawl';
import type { Tx } from '../db/connection';
import { normalise } from './crud';

export type Action = Decision['action'];

/** What a decision changed, so that undo can put it back. */
export interface DecisionDetail {
  /** The ref's state before, and the state the decision left it in. */
  state: string;
  state_after: string;
  /** Cards: the live card before. Outlets: the live outlets before. */
  card_id?: number | null;
  outlet_ids?: number[];
  /** Live records the decision made (removed again by undo). */
  created_card_id?: number;
  created_outlet_ids?: number[];
  /** Offers (update): the fields before. */
  fields?: Record<string, unknown>;
  [more: string]: unknown;
}

const SELECT = 'select d.*, u.name as made_by_name from crawl_decisions d left join users u on u.id = d.made_by';

/** `groupId`: decisions made together in one call (./crawlDecisions.ts newGroup), undone together. */
export async function insertDecision(
  tx: Tx,
  kind: RefKind,
  refId: number,
  action: Action,
  detail: DecisionDetail,
  madeBy: number | null,
  groupId: number | null = null,
): Promise<number> {
  const row = (
    await tx.query<{ id: number }>(
      'insert into crawl_decisions (kind, ref_id, action, detail, made_by, group_id) values ($1, $2, $3, $4::jsonb, $5, $6) returning id',
      [kind, refId, action, JSON.stringify(detail), madeBy, groupId],
    )
  ).rows[0];
  return row.id;
}

export type StoredDecision = Decision & { detail: DecisionDetail; group_id: number | null };

export async function getDecision(tx: Tx, id: number): Promise<StoredDecision | null> {
  return normalise((await tx.query(`${SELECT} where d.id = $1 for update of d`, [id])).rows[0]);
}

/** A new group for decisions made together. */
export async function newGroup(tx: Tx): Promise<number> {
  return Number((await tx.query<{ id: number }>("select nextval('crawl_decision_groups')::int as id")).rows[0].id);
}

/** The decisions of a group still standing, newest first (the order an undo takes them back), locked. */
export async function groupDecisions(tx: Tx, groupId: number): Promise<StoredDecision[]> {
  return (
    await tx.query(`${SELECT} where d.group_id = $1 and d.undone_at is null order by d.id desc for update of d`, [
      groupId,
    ])
  ).rows.map((r) => normalise<StoredDecision>(r)!);
}

/** Newest first, undone ones included (they show as undone). */
export async function decisionsOf(tx: Tx, kind: RefKind, refId: number): Promise<Decision[]> {
  return (
    await tx.query(`${SELECT} where d.kind = $1 and d.ref_id = $2 order by d.id desc limit 200`, [kind, refId])
  ).rows.map((r) => normalise<Decision>(r)!);
}

/** Whether a decision made after `d` on the same ref still stands. */
export async function laterDecisionStands(tx: Tx, d: Pick<Decision, 'id' | 'kind' | 'ref_id'>): Promise<boolean> {
  return (
    (
      await tx.query(
        'select 1 from crawl_decisions where kind = $1 and ref_id = $2 and id > $3 and undone_at is null limit 1',
        [d.kind, d.ref_id, d.id],
      )
    ).rows.length > 0
  );
}

export async function markUndone(tx: Tx, id: number, userId: number | null): Promise<void> {
  await tx.query('update crawl_decisions set undone_at = now(), undone_by = $2 where id = $1', [id, userId]);
}
