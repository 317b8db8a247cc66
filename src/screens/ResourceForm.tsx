// The frame every record form shares: the <form> the pane's mod+enter submits, the 409
// banner with Reload, the server's errors that belong to no field, the version the edit
// started from, and Save/Cancel. A form's own code is its fields and how values become a payload.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { Payload } from '@/api/resourceClient';
import { holdLeave } from '@/store/leaveGuard';
import { ConflictAlert, FormActions, SavedByAlert } from '@/ui/formParts';
import type { FormProps } from './ResourceListView';

interface ResourceFormProps<T extends { id: number; version?: number }> extends FormProps<T> {
  /** 'card': "Someone else changed this card…", "New card". */
  what: string;
  /** The form's accessible name when editing ('Edit Visa Infinite'); new records read "New <what>". */
  editTitle?: string;
  /** 'Create card'. */
  createLabel: string;
  /** Names of the fields this form shows; server errors for any other name are listed on top. */
  fields: readonly string[];
  /** The typed values as the payload (the version is added here). Return null to stop the submit. */
  collect: () => Payload | null;
  children: ReactNode;
}

/**
 * Values live in the form's own state (useState in the fields' component), so a refused save
 * keeps everything typed; the pane only remounts a form when Reload asks for the newer record.
 */
export function ResourceForm<T extends { id: number; version?: number }>({
  record,
  errors,
  saving,
  conflict,
  savedBy,
  onSubmit,
  onCancel,
  onReload,
  formRef,
  what,
  editTitle,
  createLabel,
  fields,
  collect,
  children,
}: ResourceFormProps<T>) {
  // The version this edit started from; the server answers 409 if someone saved meanwhile.
  const [version] = useState(record?.version);
  const markStart = useUnsavedGuard(collect);
  const other = Object.entries(errors).filter(([k]) => !fields.includes(k) && k !== 'version');

  function submit(e: FormEvent) {
    e.preventDefault();
    const data = collect();
    if (!data) return;
    if (record && version !== undefined) data.version = version;
    onSubmit(data);
  }

  return (
    <form
      ref={formRef}
      className="pane-form"
      onSubmit={submit}
      onChangeCapture={markStart}
      onKeyDownCapture={markStart}
      onPointerDownCapture={markStart}
      noValidate
      aria-label={record ? (editTitle ?? `Edit ${what}`) : `New ${what}`}
    >
      {conflict && <ConflictAlert what={what} onReload={onReload} />}
      {!conflict && savedBy && <SavedByAlert who={savedBy} onReload={onReload} />}
      {other.length > 0 && (
        <div className="alert" role="alert">
          {other.map(([k, text]) => (
            <div key={k}>{text}</div>
          ))}
        </div>
      )}
      {children}
      <FormActions saving={saving} createLabel={createLabel} editing={!!record} onCancel={onCancel} />
    </form>
  );
}

/**
 * Leaving with edits unsaved asks first (src/store/leaveGuard.ts). The form's values are read
 * through `collect` when the person first touches the form (before that touch applies), and
 * it holds unsaved edits while they differ from that. A save that succeeds lets go
 * (`showSaved` in src/store/listModel.ts); a refused one keeps them held.
 */
function useUnsavedGuard(collect: () => Payload | null) {
  const collectRef = useRef(collect);
  collectRef.current = collect;
  const start = useRef<string | null>(null);
  useEffect(() => holdLeave(() => start.current !== null && valuesOf(collectRef.current()) !== start.current), []);
  return () => {
    start.current ??= valuesOf(collectRef.current());
  };
}

/** A payload as comparable text (a chosen file by its name and size). */
const valuesOf = (data: Payload | null) =>
  JSON.stringify(data, (_k, v: unknown) => (v instanceof File ? `file:${v.name}:${v.size}` : v));

/** '' → null, else the number typed ('1,200' and ' 15 ' read as 1200 and 15); NaN stays NaN for the server to refuse. */
export function numberOrNull(text: string): number | null {
  const t = text.replace(/[\s,]/g, '');
  return t === '' ? null : Number(t);
}

/** A number as a form shows it: '' for null. */
export const numberText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));
