// The other form controls beside Field (an <input>): a textarea, a native select, and an
// image upload with preview. Same look: label above, the server's error beside the control.
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './FieldFrame';
import { useObjectUrl } from './useObjectUrl';
import './FormFields.css';

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

export function TextAreaField({ label, error, hint, className, rows = 4, ...input }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(aria) => <textarea {...aria} className="input" rows={rows} {...input} />}
    </FieldFrame>
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
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(aria) => (
        <select {...aria} className="input select" {...select}>
          <option value="">{emptyLabel}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
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
  const preview = useObjectUrl(file);
  const shown = preview ?? (clear ? null : current);
  return (
    <FieldFrame label={label} error={error} hint="PNG, JPEG, WebP or GIF." className="image-field" notesInside>
      {(aria, notes) => (
        <div className="image-field-row">
          <span className="image-field-preview" aria-hidden>
            {shown ? <img src={shown} alt="" /> : <span className="muted">No image</span>}
          </span>
          <div className="image-field-inputs">
            <input
              {...aria}
              name={name}
              className="input"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
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
            {notes}
          </div>
        </div>
      )}
    </FieldFrame>
  );
}
