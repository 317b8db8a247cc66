import { CSV_NAME_COLUMNS, type CsvTarget } from '@contract/csv';
import { ColumnTable, IssueTable, SampleTable } from './CsvTables';
import type { CsvPreview } from './preview';
import type { NamesCheck } from './state';
import { formatNumber } from '@/lib/format';

/** What the browser made of the file before upload: its problems, its columns and its first rows. */
export function PreviewTables({
  preview,
  refused,
  names,
}: {
  preview: CsvPreview;
  refused: boolean;
  names: NamesCheck;
}) {
  const bad = preview.badRows + preview.fileIssues;
  const where = nameColumnsText(preview.target);
  // The file as a whole comes first: the server stops there, before any row.
  const problemsTitle = preview.fileIssues > 0 ? 'Problems with the file' : 'Rows that will fail';
  return (
    <>
      {/* Once the server has answered, its list replaces the guess. */}
      {!refused && (
        <section className="csv-section" aria-labelledby="csv-problems-title">
          <h2 id="csv-problems-title">
            {bad === 0
              ? names === 'none' || names === 'checked'
                ? 'No problems found'
                : 'No format problems found'
              : problemsTitle}
            {/* Rows, not problems: one row may have several. */}
            {bad > 0 && <span className="count">{formatNumber(preview.fileIssues || preview.badRows)}</span>}
          </h2>
          {bad === 0 ? (
            <>
              <p className="muted">
                Every row passes the format checks
                {names === 'checked' ? `, and every name in ${where} matches one record.` : '.'}
              </p>
              <NamesNote names={names} where={where} />
            </>
          ) : (
            <>
              <p className="muted">
                {summary(preview)}{' '}
                {preview.fileIssues > 0
                  ? 'The server refuses such a file before reading its rows: fix it and choose it again.'
                  : preview.badRows < preview.rowCount
                    ? 'Import the good rows: these are left out, nothing of them written, and handed back as a file with their reasons.'
                    : 'No row would go in: fix the file and choose it again.'}
              </p>
              <NamesNote names={names} where={where} />
              <IssueTable label={problemsTitle} issues={preview.issues} />
              {preview.issueCount > preview.issues.length && (
                <p className="muted">
                  First {formatNumber(preview.issues.length)} of {formatNumber(preview.issueCount)} problems shown.
                </p>
              )}
            </>
          )}
        </section>
      )}

      <section className="csv-section" aria-labelledby="csv-columns-title">
        <h2 id="csv-columns-title">Columns</h2>
        <ColumnTable columns={preview.columns} />
      </section>

      <section className="csv-section" aria-labelledby="csv-rows-title">
        <h2 id="csv-rows-title">
          {preview.rowCount > preview.sample.length ? `First ${preview.sample.length} rows` : 'Rows'}
          <span className="count">{formatNumber(preview.rowCount)}</span>
        </h2>
        <SampleTable preview={preview} />
      </section>
    </>
  );
}

/** The target's columns whose names the server resolves: "category, cards and outlets". */
function nameColumnsText(target: CsvTarget): string {
  const cols = CSV_NAME_COLUMNS[target].map((c) => c.column);
  return cols.length > 1 ? `${cols.slice(0, -1).join(', ')} and ${cols[cols.length - 1]}` : cols.join('');
}

/** Where the server's check of the names stands, while it is not merged in (nothing once it is). */
function NamesNote({ names, where }: { names: NamesCheck; where: string }) {
  if (names === 'checking') {
    return (
      <p className="csv-note" role="status">
        <span className="spinner" aria-hidden /> Checking the names in {where} with the server…
      </p>
    );
  }
  if (names === 'failed' || names === 'too many') {
    return (
      <p className="csv-note" role="status">
        {names === 'failed'
          ? `The names in ${where} could not be checked`
          : `Too many different names in ${where} to check here`}
        ; the server checks them when you upload.
      </p>
    );
  }
  return null;
}

function summary(p: CsvPreview): string {
  const parts: string[] = [];
  if (p.fileIssues) parts.push(`The file itself has ${p.fileIssues} ${p.fileIssues === 1 ? 'problem' : 'problems'}.`);
  if (p.badRows) parts.push(`${formatNumber(p.badRows)} of ${formatNumber(p.rowCount)} rows look wrong.`);
  return parts.join(' ');
}
