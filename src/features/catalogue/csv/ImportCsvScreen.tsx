import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import {
  CSV_COLUMNS,
  CSV_MAX_BYTES,
  CSV_NAME_COLUMNS,
  CSV_TARGETS,
  type CsvIssue,
  type CsvTarget,
} from '@contract/csv';
import { CommandButton } from '@/commands/CommandButton';
import { FieldFrame } from '@/ui/FieldFrame';
import { setActiveView } from '@/store/ui';
import { CSV_VIEW } from './entry';
import { csvListPath, importCsvPath } from './entry';
import { formatBytes, issuesByCell, uploadLabel, type ColumnStatus, type CsvPreview } from './preview';
import { chooseFile, csvImport, setTarget, type NamesCheck } from './state';
import './csv.css';
import { formatNumber } from '@/lib/format';

const isTarget = (v: string | null): v is CsvTarget => (CSV_TARGETS as readonly string[]).includes(v ?? '');
const TARGET_LABEL: Record<CsvTarget, string> = { offers: 'Offers', outlets: 'Outlets', cards: 'Cards' };
/** The picker request last acted on: survives the page being remounted. */
let handledPickerRequest = 0;

/** /import-csv?type=offers|outlets|cards: pick a file, see what the server will say, upload. */
export default function ImportCsvScreen() {
  const s = useSnapshot(csvImport);
  const [, navigate] = useLocation();
  const type = new URLSearchParams(useSearch()).get('type');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setActiveView(CSV_VIEW);
    return () => setActiveView(null);
  }, []);

  // The URL names the target; a missing or wrong one is replaced by the current target.
  useEffect(() => {
    if (isTarget(type)) setTarget(type);
    else navigate(importCsvPath(csvImport.target), { replace: true });
  }, [type, navigate]);

  // "Import offers from CSV…" and "Choose CSV file…" ask for the picker.
  useEffect(() => {
    const req = s.pickerRequest;
    if (req.n === handledPickerRequest || !inputRef.current) return;
    handledPickerRequest = req.n;
    inputRef.current.focus();
    if (req.open) inputRef.current.click();
  }, [s.pickerRequest]);

  // Not while an upload runs (the input stays enabled: disabling it would drop the keyboard focus).
  const take = (file: File | undefined | null) => {
    if (file && !csvImport.uploading) void chooseFile(file);
  };

  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files[0]);
  };

  const preview = s.preview as CsvPreview | null;
  const target = s.target;

  return (
    <div className="page csv-page">
      <div className="page-head">
        <h1>Import CSV</h1>
        <span className="muted">All rows are imported, or none.</span>
      </div>

      <FieldFrame group label="Import into" className="csv-targets">
        <div className="segmented">
          {CSV_TARGETS.map((t) => (
            <label key={t} className={t === target ? 'segment is-on' : 'segment'}>
              <input
                type="radio"
                className="visually-hidden"
                name="csv-target"
                value={t}
                checked={t === target}
                onChange={() => !csvImport.uploading && navigate(importCsvPath(t), { replace: true })}
              />
              {TARGET_LABEL[t]}
            </label>
          ))}
        </div>
      </FieldFrame>

      <label
        className={`csv-drop${dragging ? ' is-dragging' : ''}${s.file ? ' has-file' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          ref={inputRef}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="visually-hidden"
          aria-label="CSV file"
          aria-describedby="csv-drop-hint"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = ''; // picking the same (fixed) file again still counts
          }}
        />
        {s.file ? (
          <span className="csv-file">
            <span className="csv-file-icon" aria-hidden>
              ▤
            </span>
            <span className="csv-file-name">{s.file.name}</span>
            <span className="muted">{formatBytes(s.file.size)}</span>
            {preview && (
              <span className="muted">
                · {formatNumber(preview.rowCount)} {preview.rowCount === 1 ? 'row' : 'rows'}
              </span>
            )}
          </span>
        ) : (
          <span className="csv-drop-title">Choose a CSV file of {target}</span>
        )}
        <span id="csv-drop-hint" className="csv-drop-hint">
          {s.file
            ? 'Drop another file here, or press Enter to choose one.'
            : `Drop it here, or press Enter to browse. UTF-8, header row first, up to ${formatBytes(CSV_MAX_BYTES)}.`}
        </span>
      </label>

      <div className="csv-templates">
        <span className="muted">Templates:</span>
        {CSV_TARGETS.map((t) => (
          <CommandButton key={t} id="csv.template" arg={t} label={`${t}.csv`} variant="ghost" />
        ))}
      </div>

      {s.reading && (
        <div className="csv-note" role="status">
          <span className="spinner" aria-hidden /> Reading {s.file?.name}…
        </div>
      )}
      {s.readError && (
        <div className="alert" role="alert">
          {s.readError}
        </div>
      )}

      {preview && !s.reading && (
        <>
          {preview.looksLike && !s.result && (
            <div className="csv-hint" role="note">
              These columns fit {preview.looksLike}, not {target}.
              <Link href={importCsvPath(preview.looksLike)}>Read it as {preview.looksLike}</Link>
            </div>
          )}
          {s.result?.success ? (
            <ImportResult />
          ) : (
            <>
              <div className="csv-actions">
                {s.result ? (
                  // Refused: the next step is a fixed file; uploading the same one again stays possible.
                  <>
                    <CommandButton id="csv.choose" variant="primary" label="Choose another file" />
                    <CommandButton id="csv.upload" label="Upload again" />
                  </>
                ) : preview.fileIssues > 0 ? (
                  // The server refuses such a file whole (missing columns, unreadable): a fixed file is the only way on.
                  <CommandButton id="csv.choose" variant="primary" label="Choose another file" />
                ) : (
                  <>
                    <CommandButton id="csv.upload" variant="primary" label={uploadLabel(preview)} />
                    <CommandButton id="csv.choose" label="Choose another file" />
                  </>
                )}
                {s.uploading && <CommandButton id="csv.cancelUpload" variant="ghost" />}
                {s.uploading && <Progress fraction={s.progress} />}
              </div>
              {s.result && <ImportResult />}
              <PreviewTables preview={preview} refused={!!s.result} names={s.names} />
            </>
          )}
        </>
      )}

      {!preview && !s.reading && <ExpectedColumns target={target} />}
    </div>
  );
}

function Progress({ fraction }: { fraction: number }) {
  const pct = Math.round(fraction * 100);
  const sent = fraction >= 1;
  return (
    <div className="csv-progress">
      <div
        className={`csv-progress-track${sent ? ' is-busy' : ''}`}
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="csv-progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <span className="muted" aria-live="polite">
        {sent ? 'Checking and importing…' : `Uploading… ${pct}%`}
      </span>
    </div>
  );
}

function ImportResult() {
  const { result, target } = useSnapshot(csvImport);
  if (!result) return null;
  if (result.success) {
    return (
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
      </div>
      <IssueTable label="Rows the server refused" issues={result.invalid_data as CsvIssue[]} />
    </section>
  );
}

/** After a successful import the keyboard lands on the way to the imported records. */
const focusOnMount = (el: HTMLAnchorElement | null) => el?.focus();

function PreviewTables({ preview, refused, names }: { preview: CsvPreview; refused: boolean; names: NamesCheck }) {
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
                  : 'You can upload anyway: the server decides, and imports nothing if any row fails.'}
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

function IssueTable({ label, issues }: { label: string; issues: readonly CsvIssue[] }) {
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

function ColumnTable({ columns }: { columns: readonly { name: string; status: ColumnStatus; help: string }[] }) {
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

function ExpectedColumns({ target }: { target: CsvTarget }) {
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

function SampleTable({ preview }: { preview: CsvPreview }) {
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
