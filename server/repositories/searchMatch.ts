// How a search term matches a row: `search_text like '%term%'`, on the trigram index. The
// rows of a table whose search text may still be in the backlog (migration
// 009_search_backlog.sql: offers just onboarded) have search_text null until the catch-up
// fills it; their text is computed on the fly, so a search finds them all the same. The
// second arm is planned on the backlog's small partial index, the first on the trigram one.

/** Tables with a backlog, and the SQL function giving one row's search text by id. */
const BACKLOG: Readonly<Record<string, string>> = { offers: 'offer_search_text_of' };

/**
 * The condition "row matches every one of `patterns`" (LIKE pattern parameters, '$1', already
 * unaccented or not) on `table`'s rows; '' for none. The terms are grouped per arm, not the
 * arms per term: `(text like a and text like b) or (backlog row and …)` lets the trigram
 * index take both terms in one scan (9,909 rows for "marina 20%" at a million offers), where
 * `(text like a or …) and (text like b or …)` let it take one (112,794 rows for "20%").
 */
export function searchMatch(table: string, patterns: readonly string[], { once = false } = {}): string {
  if (!patterns.length) return '';
  // `once`: each pattern unaccented once per statement (an InitPlan), not once per row as a
  // generic plan would, where no value is known to fold it beforehand; the trigram index is
  // then planned on an unknown pattern, so only a statement that reads no such index takes it.
  const unaccented = patterns.map((p) => (once ? `(select immutable_unaccent(${p}))` : `immutable_unaccent(${p})`));
  const like = unaccented.map((u) => `search_text like ${u}`).join(' and ');
  const fn = BACKLOG[table];
  return fn
    ? `((${like}) or (search_text is null and ${unaccented.map((u) => `${fn}(id) like ${u}`).join(' and ')}))`
    : `(${like})`;
}

/** A row's search text, wherever it is (for ranking by similarity). */
export function searchTextOf(table: string): string {
  const fn = BACKLOG[table];
  return fn ? `coalesce(search_text, ${fn}(id))` : 'search_text';
}
