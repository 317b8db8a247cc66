// Crawled refs (contract/crawl.ts CardRef, OutletRef, OfferRef): reading them as the calls
// answer them, and the few writes every kind shares (state, claim). A ref reads with its
// source's slug, who has it claimed and its last decision still standing; a claim that has
// run out reads as no claim (the caller passes the server's clock, so tests can move it).
import type { CardRef, OfferRef, OutletRef, RefKind } from '@contract/crawl';
import type { Pagination } from '@contract/envelope';
import type { Tx } from '../db/connection';
import { escapeLike, normalise, paginate, searchTerms } from './crud';

export type AnyRef = CardRef | OutletRef | OfferRef;
export interface RefOf {
  card: CardRef;
  outlet: OutletRef;
  offer: OfferRef;
}

export const REF_TABLES: Record<RefKind, string> = {
  card: 'crawl_cards',
  outlet: 'crawl_outlets',
  offer: 'crawl_offers',
};

/** Per kind: the columns beyond the row's own, and the joins they need. */
const EXTRA: Record<RefKind, { columns: string; joins: string }> = {
  card: { columns: 'r.id as card_ref_id, lc.name as card_name', joins: 'left join cards lc on lc.id = r.card_id' },
  outlet: { columns: 'r.id as outlet_ref_id', joins: '' },
  offer: { columns: '', joins: '' },
};

/** A kind's refs as the calls answer them (`r` the ref's row); the caller adds where and order. */
export function selectRefs(kind: RefKind): string {
  const extra = EXTRA[kind];
  return `select r.*, s.from_source, cu.name as claimed_by_name,
      (select d.id from crawl_decisions d where d.kind = '${kind}' and d.ref_id = r.id and d.undone_at is null order by d.id desc limit 1) as last_decision_id
      ${extra.columns ? `, ${extra.columns}` : ''}
    from ${REF_TABLES[kind]} r
    join crawl_sources s on s.id = r.source_id
    left join users cu on cu.id = r.claimed_by
    ${extra.joins}`;
}

export function toRef<K extends RefKind>(row: Record<string, unknown>, now: number): RefOf[K] {
  const ref = normalise<RefOf[K]>(row)!;
  const until = ref.claimed_until ? Date.parse(ref.claimed_until) : 0;
  if (until <= now) Object.assign(ref, { claimed_by: null, claimed_by_name: null, claimed_until: null });
  return ref;
}

/** One ref; `lock` takes its row for the rest of the transaction (a decision on it). */
export async function getRef<K extends RefKind>(
  tx: Tx,
  kind: K,
  id: number,
  now: number,
  { lock = false } = {},
): Promise<RefOf[K] | null> {
  const row = (await tx.query(`${selectRefs(kind)} where r.id = $1${lock ? ' for update of r' : ''}`, [id])).rows[0];
  return row ? toRef<K>(row, now) : null;
}

/**
 * The crawled cards that stand for a live card (assigned to it, made as it, or confirmed
 * discontinued), locked for a decision; skipped ones keep their link but decide nothing.
 */
export async function refsOfCard(tx: Tx, cardId: number, now: number): Promise<CardRef[]> {
  const rows = (
    await tx.query(
      `${selectRefs('card')} where r.card_id = $1 and r.state in ('assigned', 'created', 'discontinued') order by r.id for update of r`,
      [cardId],
    )
  ).rows;
  return rows.map((r) => toRef<'card'>(r, now));
}

interface RefListParams {
  sourceId: number;
  page: number;
  perPage: number;
  query?: string;
  state?: string;
}

/** A source's refs of one kind in key order, searched like every list (words of search_text). */
export async function listRefs<K extends RefKind>(
  tx: Tx,
  kind: K,
  p: RefListParams,
  now: number,
): Promise<{ data: RefOf[K][]; pagination: Pagination }> {
  const values: unknown[] = [p.sourceId];
  const param = (v: unknown) => `$${values.push(v)}`;
  const where = ['r.source_id = $1'];
  if (p.state) where.push(`r.state = ${param(p.state)}`);
  for (const term of searchTerms(p.query))
    where.push(`r.search_text like immutable_unaccent(${param(`%${escapeLike(term)}%`)})`);
  const whereSql = `where ${where.join(' and ')}`;
  const total = Number(
    (await tx.query<{ n: number }>(`select count(*)::int as n from ${REF_TABLES[kind]} r ${whereSql}`, values)).rows[0]
      .n,
  );
  const rows = (
    await tx.query(
      `${selectRefs(kind)} ${whereSql} order by r.id limit ${param(p.perPage)} offset ${param((p.page - 1) * p.perPage)}`,
      values,
    )
  ).rows;
  return { data: rows.map((r) => toRef<K>(r, now)), pagination: paginate(total, p.page, p.perPage, rows.length) };
}

export async function sourceExists(tx: Tx, id: number): Promise<boolean> {
  return (await tx.query('select 1 from crawl_sources where id = $1', [id])).rows.length > 0;
}

/** Sets columns of a ref (a decision or its undo); `updated_at` moves with it. */
export async function setRef(tx: Tx, kind: RefKind, id: number, data: Record<string, unknown>): Promise<void> {
  const cols = Object.entries(data).filter(([, v]) => v !== undefined);
  const sets = [...cols.map(([k], i) => `${k} = $${i + 2}`), 'updated_at = now()'];
  await tx.query(`update ${REF_TABLES[kind]} set ${sets.join(', ')} where id = $1`, [id, ...cols.map(([, v]) => v)]);
  // An offer ref's words are its title and discount, as the import writes them (server/services/crawlImport.ts).
  if (kind === 'offer' && ('title' in data || 'discount' in data)) {
    await tx.query(
      `update crawl_offers set search_text = immutable_unaccent(lower(concat_ws(' ', title, discount))) where id = $1`,
      [id],
    );
  }
}

/** Claims a ref for `userId` until `until`, letting go of any other ref of that kind the user held. */
export async function claim(
  tx: Tx,
  kind: RefKind,
  id: number,
  userId: number | null,
  until: Date | null,
): Promise<void> {
  const table = REF_TABLES[kind];
  if (userId !== null)
    await tx.query(`update ${table} set claimed_by = null, claimed_until = null where claimed_by = $1 and id <> $2`, [
      userId,
      id,
    ]);
  await tx.query(`update ${table} set claimed_by = $2, claimed_until = $3 where id = $1`, [id, userId, until]);
}

/** A source's refs still undecided, by kind (vanished ones aside: the site no longer shows them). */
export async function openRefCounts(tx: Tx, sourceId: number): Promise<Record<RefKind, number>> {
  const rows = (
    await tx.query<{ kind: RefKind; n: number }>(
      `select 'card' as kind, count(*)::int as n from crawl_cards where source_id = $1 and state = 'new' and vanished_at is null
       union all select 'outlet', count(*)::int from crawl_outlets where source_id = $1 and state = 'new' and vanished_at is null
       union all select 'offer', count(*)::int from crawl_offers where source_id = $1 and state = 'new' and vanished_at is null`,
      [sourceId],
    )
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)])) as Record<RefKind, number>;
}

export async function markReviewed(tx: Tx, sourceId: number, userId: number): Promise<void> {
  await tx.query('update crawl_sources set reviewed_at = now(), reviewed_by = $2, updated_at = now() where id = $1', [
    sourceId,
    userId,
  ]);
}
