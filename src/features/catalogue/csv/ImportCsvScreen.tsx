import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { CSV_MAX_BYTES, CSV_TARGETS, type CsvTarget } from '@contract/csv';
import { CommandButton } from '@/commands/CommandButton';
import { FieldFrame } from '@/ui/FieldFrame';
import { setActiveView } from '@/store/ui';
import { CSV_VIEW } from './entry';
import { importCsvPath } from './entry';
import { formatBytes, goodRowsLabel, uploadLabel, type CsvPreview } from './preview';
import { chooseFile, csvImport, goodRows, setTarget } from './state';
import { ExpectedColumns } from './CsvTables';
import { ImportResult } from './ImportResult';
import { PreviewTables } from './PreviewTables';
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
  const good = goodRows(s);

  return (
    <div className="page csv-page">
      <div className="page-head">
        <h1>Import CSV</h1>
        <span className="muted">Rows that look wrong can be left out and handed back.</span>
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
                {preview.fileIssues > 0 || good === 0 ? (
                  // The server refuses such a file whole (missing columns, unreadable, no good
                  // row): a fixed file is the only way on.
                  <CommandButton id="csv.choose" variant="primary" label="Choose another file" />
                ) : s.result ? (
                  // Refused whole: the rows it did not refuse may still go in alone.
                  <>
                    <CommandButton id="csv.upload" variant="primary" label={goodRowsLabel(good)} />
                    <CommandButton id="csv.choose" label="Choose another file" />
                  </>
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
