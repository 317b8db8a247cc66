import { CSV_COLUMNS, type CsvIssue, type CsvTarget } from '@contract/csv';
import { issuesByCell, type ColumnStatus, type CsvPreview } from './preview';

// The import screen's tables (./ImportCsvScreen.tsx): problems, columns and the file's first rows.

/** Problems by line and column, the browser's guess or the server's refusal. */
export function IssueTable({ label, issues }: { label: string; issues: readonly CsvIssue[] }) {
  return (
    <div className="csv-table-wrap">
      <table className="csv-table" aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          {issues.map((i, n) => (
            <tr key={n}>
              <td className="num mono">{i.row}</td>
              <td className="mono">{i.column || '—'}</td>
              <td>{i.message}</td>
              <td className="mono cell-clip" title={i.value}>
                {i.value ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const STATUS_TEXT: Record<ColumnStatus, string> = {
  required: 'Required',
  optional: 'Optional',
  missing: 'Missing',
  absent: 'Not in file',
  unknown: 'Unknown',
};

export function ColumnTable({ columns }: { columns: readonly { name: string; status: ColumnStatus; help: string }[] }) {
  return (
    <div className="csv-table-wrap">
      <table className="csv-table csv-columns" aria-label="Columns">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Status</th>
            <th scope="col">What it holds</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c) => (
            <tr key={c.name} className={`col-${c.status}`}>
              <td className="mono">{c.name}</td>
              <td>
                <span className={`col-badge col-badge-${c.status}`}>{STATUS_TEXT[c.status]}</span>
              </td>
              <td className="muted">{c.help}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Before a file is chosen: the target's columns. */
export function ExpectedColumns({ target }: { target: CsvTarget }) {
  const columns = CSV_COLUMNS[target].map((c) => ({
    name: c.name,
    status: (c.required ? 'required' : 'optional') as ColumnStatus,
    help: c.help,
  }));
  return (
    <section className="csv-section" aria-labelledby="csv-expected-title">
      <h2 id="csv-expected-title">Columns for {target}</h2>
      <p className="muted">The first line names the columns, in any order. Download a template to start from.</p>
      <ColumnTable columns={columns} />
    </section>
  );
}

/** The file's first rows, problem cells marked. */
export function SampleTable({ preview }: { preview: CsvPreview }) {
  const cells = issuesByCell(preview.issues);
  const rowProblems = (line: number) => cells.get(`${line}:`);
  return (
    <div className="csv-table-wrap csv-sample-wrap">
      <table className="csv-table csv-sample" aria-label="First rows">
        <thead>
          <tr>
            <th scope="col" className="num">
              Line
            </th>
            {preview.fields.map((f, i) => (
              <th key={`${f}-${i}`} scope="col" className="mono">
                {f || <span className="muted">(blank)</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.sample.map((row, r) => {
            const line = r + 2;
            const whole = rowProblems(line);
            return (
              <tr key={line} className={whole ? 'row-bad' : undefined} title={whole?.join(' ')}>
                <td className="num mono">{line}</td>
                {preview.fields.map((f, i) => {
                  const problems = cells.get(`${line}:${f}`);
                  return (
                    <td
                      key={`${f}-${i}`}
                      className={problems ? 'cell-clip cell-bad' : 'cell-clip'}
                      title={problems ? problems.join(' ') : row[f]}
                    >
                      {row[f]}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
