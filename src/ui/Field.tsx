import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from './FieldFrame';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The server's message for this field (ApiError.fieldErrors). */
  error?: string;
  hint?: ReactNode;
}

/** Label + input + the server's error beside it, tied together for screen readers. */
export function Field({ label, error, hint, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(aria) => <input {...aria} className="input" {...input} />}
    </FieldFrame>
  );
}

interface CheckFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** The words beside the box (they name it). */
  label: ReactNode;
  error?: string;
}

/** A checkbox named by its words, with the server's error under it. */
export function CheckField({ label, error, className, ...input }: CheckFieldProps) {
  return (
    <FieldFrame error={error} className={['field-check', className].filter(Boolean).join(' ')}>
      {(aria) => (
        <label className="check">
          <input {...aria} type="checkbox" {...input} />
          {label}
        </label>
      )}
    </FieldFrame>
  );
}
