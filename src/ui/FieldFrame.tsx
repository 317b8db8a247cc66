// The one frame around a form control: its label (or a fieldset's legend), the hint under it,
// the server's error in place of the hint, and the ids that tie them to the control for screen
// readers (aria-describedby, aria-invalid, aria-errormessage). Every field (src/ui/Field.tsx,
// FormFields.tsx, DateField.tsx, the pickers) and every checkbox or group with an error of its
// own is framed here, so they all read and look alike.
import { useId, type ReactNode } from 'react';

/** What the frame lends its control: spread it on the input (or the group) it labels. */
interface FieldAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-errormessage'?: string;
}

interface FieldFrameProps {
  /** Omitted: no label (a checkbox names itself). */
  label?: ReactNode;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  /** A group of controls: a fieldset named by its legend, instead of a label for one control. */
  group?: boolean;
  /** The server's (or the field's own) message: shown instead of the hint. */
  error?: string | null;
  hint?: ReactNode;
  /**
   * A line that changes as the control is used (a typed date read back), in a polite live
   * region that is always there; it describes the control while it says something.
   */
  status?: ReactNode;
  statusClassName?: string;
  /** The control's id, when its owner needs to know it; else one is made. */
  id?: string;
  className?: string;
  /** The form field's name, for code that finds the frame of a field (its error). */
  name?: string;
  /** The control lays out the hint and error itself (the second argument), inside its own box. */
  notesInside?: boolean;
  /** The control, given what ties it to the frame; a group's controls may be plain nodes. */
  children: ReactNode | ((aria: FieldAria, notes: ReactNode) => ReactNode);
}

/** The class list of a frame: `field` and the caller's. */
const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

export function FieldFrame({
  label,
  hideLabel,
  group,
  error,
  hint,
  status,
  statusClassName,
  id: givenId,
  className,
  name,
  notesInside,
  children,
}: FieldFrameProps) {
  const made = useId();
  const id = givenId ?? made;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  const showHint = Boolean(hint) && !error;
  const describedBy =
    [status ? statusId : null, error ? errorId : null, showHint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const aria: FieldAria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-errormessage': error ? errorId : undefined,
  };
  const labelClass = hideLabel ? 'visually-hidden' : 'field-label';
  const below = (
    <>
      {status !== undefined && (
        <span id={statusId} className={statusClassName} aria-live="polite">
          {status}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
      {showHint && (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      )}
    </>
  );

  const control = typeof children === 'function' ? children(aria, below) : children;
  if (group)
    return (
      <fieldset className={className} data-field={name} aria-describedby={describedBy}>
        {label !== undefined && <legend className={labelClass}>{label}</legend>}
        {control}
        {!notesInside && below}
      </fieldset>
    );
  return (
    <div className={classes('field', className)} data-field={name}>
      {label !== undefined && (
        <label className={labelClass} htmlFor={id}>
          {label}
        </label>
      )}
      {control}
      {!notesInside && below}
    </div>
  );
}
