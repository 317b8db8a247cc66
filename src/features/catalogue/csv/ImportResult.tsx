import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import type { CsvIssue } from '@contract/csv';
import { CommandButton } from '@/commands/CommandButton';
import { csvListPath } from './entry';
import { IssueTable } from './CsvTables';
import { csvImport } from './state';
import { formatNumber } from '@/lib/format';

/** The server's answer to an upload: imported (and the way to the list), or the rows it refused. */
export function ImportResult() {
  const { result, target } = useSnapshot(csvImport);
  if (!result) return null;
  const refused = result.refused ?? [];
  const download = refused.length > 0 && (
    <CommandButton
      id="csv.downloadRefused"
      label={`Download the ${refused.length === 1 ? 'refused row' : `${formatNumber(refused.length)} refused rows`} (CSV)`}
    />
  );
  if (result.success) {
    return (
      <>
        <div className="csv-result csv-result-ok" role="status">
          <span className="csv-result-icon" aria-hidden>
            ✓
          </span>
          <span className="csv-result-text">{result.message}</span>
          <Link href={csvListPath[target]} ref={focusOnMount}>
            Open the {target} list
          </Link>
          <CommandButton id="csv.choose" label="Import another file" />
        </div>
        {refused.length > 0 && (
          <section className="csv-result csv-result-bad" aria-labelledby="csv-left-out-title">
            <div className="csv-result-head">
              <div>
                <h2 id="csv-left-out-title">
                  {formatNumber(refused.length)} {refused.length === 1 ? 'row' : 'rows'} left out
                </h2>
                <p className="muted">
                  Nothing of them was written. The download holds them with a <code>reason</code> column: fix them and
                  import that file.
                </p>
              </div>
              {download}
            </div>
            <IssueTable label="Rows left out" issues={result.invalid_data as CsvIssue[]} />
          </section>
        )}
      </>
    );
  }
  const rows = new Set(result.invalid_data.map((i) => i.row)).size;
  return (
    <section className="csv-result csv-result-bad" aria-labelledby="csv-refused-title">
      {/* The refusal's only word (no toast beside it): said at once, the rows below to read. */}
      <div className="csv-result-head" role="alert">
        <span className="csv-result-icon" aria-hidden>
          !
        </span>
        <div>
          <h2 id="csv-refused-title">Nothing was imported</h2>
          <p className="muted">
            {result.message || `${rows} ${rows === 1 ? 'row has' : 'rows have'} errors.`} Fix the file and choose it
            again.
          </p>
        </div>
        {download}
      </div>
      <IssueTable label="Rows the server refused" issues={result.invalid_data as CsvIssue[]} />
    </section>
  );
}

/** After a successful import the keyboard lands on the way to the imported records. */
const focusOnMount = (el: HTMLAnchorElement | null) => el?.focus();
