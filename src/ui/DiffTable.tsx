import './DiffTable.css';

/** One field of two records: its name, then each side's value (null: none). */
export interface DiffRow {
  field: string;
  left: string | null;
  right: string | null;
}

/**
 * Two records' fields side by side, a line a field: the crawl triage's candidates (crawled
 * against live, the differing fields only) and the health duplicates' pairs (every field, the
 * differing ones marked). `heads`: the three column heads.
 */
export function DiffTable({
  heads,
  rows,
  className,
  hidden,
}: {
  heads: readonly [string, string, string];
  rows: readonly DiffRow[];
  className?: string;
  /** Hidden from assistive technology (the caller says the differences in words of its own). */
  hidden?: boolean;
}) {
  return (
    <dl className={className ? `diff-table ${className}` : 'diff-table'} aria-hidden={hidden || undefined}>
      <dt className="diff-head">{heads[0]}</dt>
      <dd className="diff-head">{heads[1]}</dd>
      <dd className="diff-head">{heads[2]}</dd>
      {rows.map((r) => {
        const same = r.left === r.right;
        return (
          <div key={r.field} className={same ? 'diff-row is-same' : 'diff-row is-different'} data-differs={!same}>
            <dt>{r.field.replace(/_/g, ' ')}</dt>
            <dd className="diff-left" title={r.left ?? ''}>
              {r.left ?? '—'}
            </dd>
            <dd className="diff-right" title={r.right ?? ''}>
              {r.right ?? '—'}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
