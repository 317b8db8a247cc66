// Many rows of one resource in a few statements: for batched writers (a CSV import), whose
// rows must cost microseconds, not the milliseconds of one `create` each. The rows are the
// same as `create` would write: the contract's fields, checked by the same schema first,
// into the same table, under the same constraints; an offer's links go into its link tables.
// Search text is computed once per row, set-wise (the triggers stand aside while the batch
// writes: server/db/migrations/005_write_batches.sql).
import type { ResourceContract } from '@contract/resource';
import type { Tx } from '../db/connection';

/** The search text function of the tables a batch may fill. */
const SEARCH_TEXT: Record<string, string> = { cards: 'card_search_text', outlets: 'outlet_search_text' };

/**
 * The words an offer's search text takes from its cards and outlets (offer_search_text,
 * migration 003), for many offers at once from the links they are about to get: so an offer
 * is written once with its search text, not inserted and then updated (10,000 offers: the
 * update alone cost 3 s on PostgreSQL, bench/crawl.ts). string_agg(distinct …) sorts its
 * input, so the text is the function's to the letter.
 */
const OFFER_LINK_WORDS = `
  x as (select * from jsonb_to_recordset($2::jsonb) as x(id int, card_ids int[], outlet_ids int[])),
  cw as (select x.id, string_agg(distinct offer_card_words(b.name, b.code, c.name), ' ') as w
         from x cross join unnest(x.card_ids) as k(card_id) join cards c on c.id = k.card_id join banks b on b.id = c.bank_id
         group by x.id),
  ow as (select x.id, string_agg(distinct offer_outlet_words(ou.merchant_name, a.name), ' ') as w
         from x cross join unnest(x.outlet_ids) as k(outlet_id) join outlets ou on ou.id = k.outlet_id left join dubai_cities a on a.id = ou.area_id
         group by x.id)`;

/** Link fields: body field → link table and column (an offer's cards and outlets). */
const LINKS: Record<string, Record<string, { table: string; column: string }>> = {
  offers: {
    card_ids: { table: 'offer_cards', column: 'card_id' },
    outlet_ids: { table: 'offer_outlets', column: 'outlet_id' },
  },
};

/**
 * When the rows' search text is computed: 'now', as they are written; 'later', by the search
 * backlog once the write has committed (offers only: server/services/searchBacklog.ts), for
 * a writer whose call must not wait for the trigram index.
 */
type SearchTextWhen = 'now' | 'later';

/**
 * Inserts `records` (already validated) as rows of `batchId`. Returns their ids in order.
 * Throws the database's error for the first rule a row breaks (the caller names the row).
 */
export async function insertMany(
  tx: Tx,
  resource: ResourceContract,
  records: readonly Record<string, unknown>[],
  batchId: number,
  searchText: SearchTextWhen = 'now',
): Promise<number[]> {
  const { table } = resource.storage;
  const links = LINKS[table] ?? {};
  const fields = [
    ...new Set([...Object.keys(resource.create.properties), ...Object.keys(resource.files ?? {})]),
  ].filter((f) => !(f in links));
  const ids = (
    await tx.query<{ id: number }>(
      `select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id from generate_series(1, $1)`,
      [records.length],
    )
  ).rows.map((r) => r.id);
  const rows = records.map((r, i) => ({ ...pick(r, fields), id: ids[i], batch_id: batchId }));
  // jsonb_populate_recordset types each value by the table's own column types. A field a
  // record leaves out takes the column's default, as on a single insert: rows are inserted
  // in groups that name the same columns (usually one group).
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const r of rows) {
    const key = ['id', 'batch_id', ...fields].filter((c) => c in r).join(', ');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const later = searchText === 'later' && table === 'offers';
  const words =
    table === 'offers' && !later
      ? JSON.stringify(
          records.map((r, i) => ({ id: ids[i], card_ids: r.card_ids ?? [], outlet_ids: r.outlet_ids ?? [] })),
        )
      : null;
  for (const [columns, group] of groups) {
    if (words) {
      // from_source: the column's default ('manual', migration 002) when the record names none.
      const from = columns
        .split(', ')
        .map((c) => `r.${c}`)
        .join(', ');
      await tx.query(
        `with ${OFFER_LINK_WORDS}
         insert into offers (${columns}, search_text)
         select ${from}, offer_search_words(r.title, r.discount, coalesce(r.from_source, 'manual'),
                  (select cat.name from categories cat where cat.id = r.category_id), cw.w, ow.w)
         from jsonb_populate_recordset(null::offers, $1::jsonb) r left join cw on cw.id = r.id left join ow on ow.id = r.id`,
        [JSON.stringify(group), words],
      );
    } else if (later) {
      await tx.query(
        `insert into ${table} (${columns}, search_text) select ${columns}, null from jsonb_populate_recordset(null::${table}, $1::jsonb)`,
        [JSON.stringify(group)],
      );
    } else
      await tx.query(
        `insert into ${table} (${columns}) select ${columns} from jsonb_populate_recordset(null::${table}, $1::jsonb)`,
        [JSON.stringify(group)],
      );
  }
  return finish(tx, table, links, records, ids);
}

async function finish(
  tx: Tx,
  table: string,
  links: (typeof LINKS)[string],
  records: readonly Record<string, unknown>[],
  ids: number[],
) {
  for (const [field, link] of Object.entries(links)) {
    const pairs = records.flatMap((r, i) =>
      ((r[field] as number[] | undefined) ?? []).map((target) => [ids[i], target]),
    );
    if (!pairs.length) continue;
    await tx.query(
      `insert into ${link.table} (${table.replace(/s$/, '')}_id, ${link.column}) select p[1], p[2] from jsonb_to_recordset($1::jsonb) as x(p int[])`,
      [JSON.stringify(pairs.map((p) => ({ p })))],
    );
  }
  // Offers got theirs as they were written (OFFER_LINK_WORDS).
  const fn = SEARCH_TEXT[table];
  if (fn) await tx.query(`update ${table} t set search_text = ${fn}(t) where id = any($1::int[])`, [ids]);
  return ids;
}

const pick = (r: Record<string, unknown>, fields: string[]) =>
  Object.fromEntries(fields.filter((f) => r[f] !== undefined).map((f) => [f, r[f]]));
