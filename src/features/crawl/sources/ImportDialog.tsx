import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import type { CrawlSource } from '@contract/crawl';
import { runCommand } from '@/commands/runner';
import { closeImport, importState, type ImportFields } from './crawlImport';
import { sourcesList, sourcesState } from '../crawlSources';
import { Field } from '@/ui/Field';
import { FieldFrame } from '@/ui/FieldFrame';
import { useOptions } from '@/ui/FilterBar';
import { SelectField } from '@/ui/FormFields';
import { Kbd } from '@/ui/Kbd';
import { Modal } from '@/ui/Modal';
import { bankOptions } from '@/ui/referenceOptions';

const NEW = 'new';
const FIELDS = ['from_source', 'name', 'bank_id', 'file'];
const ACCEPT = '.jsonl,.ndjson,.json,.csv,.txt,application/json,text/csv,text/plain';

const size = (n: number) =>
  n < 1024 ? `${n} bytes` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * "Import crawl file" (i on the sources screen): the source (one of the list, or a new slug,
 * name and bank) and a JSON lines or CSV file, uploaded with its progress shown. mod+Enter
 * imports, Escape cancels (stopping an upload under way). A refused file stays here with the
 * server's lines, each naming its line; the counts of an import go to the toast.
 */
export function ImportDialog() {
  const s = useSnapshot(importState);
  const formRef = useRef<HTMLFormElement | null>(null);
  return (
    <Modal
      open={s.open}
      title="Import crawl file"
      onClose={closeImport}
      className="modal-medium"
      onFocusLost={() => sourcesList.focusList()}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
          e.preventDefault();
          formRef.current?.requestSubmit();
        }
      }}
    >
      {s.open && <ImportForm formRef={formRef} />}
    </Modal>
  );
}

function ImportForm({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const s = useSnapshot(importState);
  const sources = useSnapshot(sourcesState).sources as CrawlSource[];
  const banks = useOptions(bankOptions);
  const [sourceId, setSourceId] = useState(() =>
    s.sourceId ? String(s.sourceId) : sources.length ? String(sources[0].id) : NEW,
  );
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [bankId, setBankId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const isNew = sourceId === NEW;
  const chosen = sources.find((x) => String(x.id) === sourceId);
  const errors = s.errors;
  const other = Object.entries(errors).filter(([k]) => !FIELDS.includes(k));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setMissingFile(true);
    const fields: ImportFields = isNew
      ? { from_source: slug.trim(), name: name.trim() || undefined, bank_id: bankId ? Number(bankId) : undefined, file }
      : { from_source: chosen?.from_source ?? '', file };
    void runCommand('crawl.importFileSubmit', 'button', fields);
  }

  const fileError =
    missingFile && !file ? 'Choose a crawl file (JSON lines or CSV).' : s.fileLines.length ? undefined : errors.file;
  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Import crawl file">
      <div className="modal-body crawl-import">
        <SelectField
          label="Source"
          name="source"
          data-autofocus
          value={sourceId}
          onChange={(e) => setSourceId(e.target.value || NEW)}
          options={[
            ...sources.map((x) => ({ value: String(x.id), label: `${x.name} (${x.from_source})` })),
            { value: NEW, label: 'New source…' },
          ]}
          emptyLabel="Choose a source"
          error={isNew ? undefined : errors.from_source}
          hint={
            chosen
              ? `Refs are updated by their key; refs of ${chosen.name} the file no longer has are marked vanished.`
              : undefined
          }
        />
        {isNew && (
          <>
            <Field
              label="Slug"
              name="from_source"
              autoComplete="off"
              placeholder="e.g. mashreq-site"
              value={slug}
              onChange={(e) => setSlug(e.target.value)}
              error={errors.from_source}
              hint="Lower-case letters, digits and dashes; live offers made from it keep it."
            />
            <div className="field-pair">
              <Field
                label="Name"
                name="name"
                autoComplete="off"
                placeholder="e.g. Mashreq website"
                value={name}
                onChange={(e) => setName(e.target.value)}
                error={errors.name}
              />
              <SelectField
                label="Bank"
                name="bank_id"
                value={bankId}
                onChange={(e) => setBankId(e.target.value)}
                options={banks.list}
                emptyLabel={banks.loading ? 'Loading banks…' : 'No bank'}
                error={errors.bank_id}
              />
            </div>
          </>
        )}
        <FieldFrame
          id="crawl-import-file"
          label="File"
          error={fileError}
          hint={
            file
              ? `${file.name} · ${size(file.size)}`
              : 'JSON lines or CSV, one ref per line (the format is in the README). Imported whole or not at all.'
          }
        >
          {(aria) => (
            <input
              {...aria}
              className="input crawl-import-file"
              type="file"
              name="file"
              accept={ACCEPT}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setMissingFile(false);
              }}
            />
          )}
        </FieldFrame>
        {(s.fileLines.length > 0 || other.length > 0) && (
          <div className="alert crawl-import-refused" role="alert">
            {s.fileLines.length > 0 && <strong>{s.fileLines[0]}</strong>}
            {s.fileLines.length > 1 && (
              <ul>
                {s.fileLines.slice(1).map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )}
            {other.map(([k, text]) => (
              <div key={k}>{text}</div>
            ))}
          </div>
        )}
        {s.uploading && (
          <div className="crawl-import-progress" role="status">
            <progress max={1} value={s.progress < 1 ? s.progress : undefined} aria-label="Upload progress" />
            <span className="muted">
              {s.progress < 1 ? `Uploading ${Math.round(s.progress * 100)}%…` : 'Importing…'}
            </span>
          </div>
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={closeImport}>
          Cancel <Kbd shortcut="escape" />
        </button>
        <button type="submit" className="btn btn-primary" disabled={s.uploading}>
          {s.uploading ? 'Importing…' : 'Import'} <Kbd shortcut="mod+enter" />
        </button>
      </div>
    </form>
  );
}
