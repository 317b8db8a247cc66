// The other form controls beside Field (an <input>): a textarea, a native select, and an
// image upload with preview. Same look: label above, the server's error beside the control.
import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useObjectUrl } from './useObjectUrl';
import './FormFields.css';

function useDescribed(error?: string, hint?: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint && !error ? hintId : null].filter(Boolean).join(' ') || undefined;
  const below = (
    <>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
      {hint && !error && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </>
  );
  return { id, describedBy, below };
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, rows = 4, ...input }: TextAreaFieldProps) {
  const { id, describedBy, below } = useDescribed(error, hint);
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="input"
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {below}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Shown for the empty value ('' → null). */
  emptyLabel?: string;
  options: readonly { value: string | number; label: string }[];
}

export function SelectField({ label, error, hint, className, emptyLabel = '—', options, ...select }: SelectFieldProps) {
  const { id, describedBy, below } = useDescribed(error, hint);
  return (
    <div className={`field ${className ?? ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="input select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...select}
      >
        <option value="">{emptyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {below}
    </div>
  );
}

interface ImageFieldProps {
  label: string;
  name: string;
  /** The record's current image URL. */
  current: string | null;
  file: File | null;
  onFile: (file: File | null) => void;
  /** "Clear the current image" ticked. */
  clear: boolean;
  onClear: (clear: boolean) => void;
  error?: string;
}

/** A file input with a preview of the chosen (or current) image and a way to clear it. */
export function ImageField({ label, name, current, file, onFile, clear, onClear, error }: ImageFieldProps) {
  const { id, describedBy, below } = useDescribed(error, 'PNG, JPEG, WebP or GIF.');
  const preview = useObjectUrl(file);
  const shown = preview ?? (clear ? null : current);
  return (
    <div className="field image-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="image-field-row">
        <span className="image-field-preview" aria-hidden>
          {shown ? <img src={shown} alt="" /> : <span className="muted">No image</span>}
        </span>
        <div className="image-field-inputs">
          <input
            id={id}
            name={name}
            className="input"
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              onFile(e.target.files?.[0] ?? null);
              onClear(false);
            }}
          />
          {current && !file && (
            <label className="check">
              <input type="checkbox" checked={clear} onChange={(e) => onClear(e.target.checked)} />
              Clear the current image
            </label>
          )}
          {below}
        </div>
      </div>
    </div>
  );
}
