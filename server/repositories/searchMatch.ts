// How a search term matches a row: `search_text like '%term%'`, on the trigram index. The
// rows of a table whose search text may still be in the backlog (migration
// 009_search_backlog.sql: offers just onboarded) have search_text null until the catch-up
// fills it; their text is computed on the fly, so a search finds them all the same. The
// second arm is planned on the backlog's small partial index, the first on the trigram one.

/** Tables with a backlog, and the SQL function giving one row's search text by id. */
const BACKLOG: Readonly<Record<string, string>> = { offers: 'offer_search_text_of' };

/** The condition "row matches `pattern`" (a LIKE pattern parameter, already unaccented or not) on `table`'s rows. */
export function searchMatch(table: string, pattern: string): string {
  const like = `search_text like immutable_unaccent(${pattern})`;
  const fn = BACKLOG[table];
  return fn ? `(${like} or (search_text is null and ${fn}(id) like immutable_unaccent(${pattern})))` : like;
}

/** A row's search text, wherever it is (for ranking by similarity). */
export function searchTextOf(table: string): string {
  const fn = BACKLOG[table];
  return fn ? `coalesce(search_text, ${fn}(id))` : 'search_text';
}
