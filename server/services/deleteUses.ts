// Before a delete asks: what it would do to the rows that use its records, read from the
// database's own foreign keys (so it holds for every resource, no table listed by hand), and
// said as the database will do it: a cascading key deletes them with it, a set-null key
// leaves them without it, a link table's rows go (the records on its other side lose the
// link), a restricting key refuses the delete. Counted in one statement (one round trip).
import type { DeleteUse, UseAction, UsesAnswer } from '@contract/bulk';
import { homepageResources } from '@contract/homepage';
import { notificationResource } from '@contract/notification';
import { resources } from '@contract/resources';
import type { Tx } from '../db/connection';
import { countUses, type UseCount } from '../repositories/deleteUses';
import { referencesFrom, referencesTo, type ForeignKey } from '../repositories/foreignKeys';

/**
 * Bookkeeping that follows its rows and is nobody's use of them: the undo's rows, and an offer's
 * rows kept by triggers (migrations 023_offer_bank_links.sql, 029_offer_list_rows.sql,
 * 034_health_speed.sql, 038_health_kept.sql, 041_live_witness.sql, 044_live_witness_every_row.sql) —
 * "60 offer reach will be deleted with them" told a person nothing (e2e/bulk.spec.ts).
 */
const NOT_USES = new Set([
  'undo_log',
  'undo_rows',
  'offer_bank_links',
  'offer_list_rows',
  'offer_reach',
  'offer_gaps',
  'card_live',
  'outlet_live',
]);

/** Each table of a resource, with how its rows read: 'offer' / 'offers'. */
const RESOURCE_OF = new Map(
  [...resources, ...homepageResources, notificationResource].map((r) => [
    r.storage.table,
    { name: r.name, one: r.label.one.toLowerCase(), many: r.label.many.toLowerCase() },
  ]),
);

/** A table no resource stands for reads as its name: 'crawl_cards' → 'crawl card' / 'crawl cards'. */
function wordsOf(table: string): { name: string | null; one: string; many: string } {
  const known = RESOURCE_OF.get(table);
  if (known) return known;
  const many = table.replace(/_/g, ' ');
  return { name: null, one: many.replace(/ies$/, 'y').replace(/s$/, ''), many };
}

const ACTION_OF: Record<string, UseAction> = { c: 'delete', n: 'unlink', d: 'unlink', a: 'refuse', r: 'refuse' };
const RANK: Record<UseAction, number> = { refuse: 0, delete: 1, unlink: 2 };

interface Plan {
  fk: ForeignKey;
  action: UseAction;
  /** The table the counted rows are, for words: the child, or a link table's other side. */
  shown: string;
  /** A link table: its rows go, the records on its other side (this column) lose the link. */
  via?: string;
}

/** The keys into `table` to count through, each with what the delete does along it. */
async function plansFor(tx: Tx, table: string): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const fk of await referencesTo(tx, table)) {
    if (NOT_USES.has(fk.child) || fk.child === table) continue;
    const action = ACTION_OF[fk.action] ?? 'refuse';
    if (action === 'delete' && !RESOURCE_OF.has(fk.child)) {
      // A row of no resource that also goes with a resource's record is a link between the two
      // (offer_cards: an offer and a card); a mere note of who wrote it (set null) is not.
      const other = (await referencesFrom(tx, fk.child)).find(
        (k) => k.col !== fk.col && k.action === 'c' && RESOURCE_OF.has(k.parent),
      );
      if (other) {
        plans.push({ fk, action: 'unlink', shown: other.parent, via: other.col });
        continue;
      }
    }
    plans.push({ fk, action, shown: fk.child });
  }
  return plans;
}

const counted = (n: number, w: { one: string; many: string }) =>
  `${n.toLocaleString('en')} ${n === 1 ? w.one : w.many}`;

/** What the delete does to them, as a sentence about `n` rows and the `asked` records. */
function sentenceOf(plan: Plan, n: number, words: string, asked: number): string {
  const it = asked === 1 ? 'it' : 'them';
  const one = n === 1;
  if (plan.action === 'refuse')
    return `${words} ${one ? 'uses' : 'use'} ${it}: delete or move ${one ? 'it' : 'those'} first.`;
  if (plan.action === 'delete') return `${words} will be deleted with ${it}.`;
  if (plan.via) return `${words} ${one ? 'is' : 'are'} linked to ${it}; ${one ? 'that link goes' : 'those links go'}.`;
  const col = plan.fk.col;
  const lost = col.endsWith('_id')
    ? `${one ? 'it' : 'they'} will have no ${col.slice(0, -3).replace(/_/g, ' ')}`
    : `${one ? 'its' : 'their'} “${col.replace(/_/g, ' ')}” will be empty`;
  return `${words} ${one ? 'uses' : 'use'} ${it}; ${lost}.`;
}

/** What deleting the rows of `table` with these ids would do to the rows using them. */
export async function deleteUses(tx: Tx, table: string, ids: readonly number[]): Promise<UsesAnswer['data']> {
  const plans = await plansFor(tx, table);
  const counts: UseCount[] = plans.map((p) => ({ fk: p.fk, distinct: p.via, perRecord: p.action === 'refuse' }));
  const { found, counts: got } = await countUses(tx, table, ids, counts);
  const uses: DeleteUse[] = [];
  plans.forEach((plan, i) => {
    const { n, records } = got[i];
    if (!n) return;
    const w = wordsOf(plan.shown);
    const words = counted(n, w);
    uses.push({
      table: plan.fk.child,
      column: plan.fk.col,
      resource: w.name,
      action: plan.action,
      count: n,
      words,
      sentence: sentenceOf(plan, n, words, found),
      records: records.map((r) => ({ id: r.id, count: r.n, words: counted(r.n, w) })),
    });
  });
  uses.sort((a, b) => RANK[a.action] - RANK[b.action] || b.count - a.count || a.table.localeCompare(b.table));
  return { count: found, refused: uses.some((u) => u.action === 'refuse'), uses };
}
