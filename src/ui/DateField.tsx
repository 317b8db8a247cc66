// Every date and date-time field of the app: a text box that takes typed dates ('24 Nov',
// '24/11/2026', 'today', '+7d', 'next fri', 'end of month', 'tomorrow 9am'; src/lib/parseDate.ts),
// says below it the date it understood, in Dubai time, or "Not a date", and on blur or Enter
// shows that date in words. Its value is what the server takes ('YYYY-MM-DD', or an ISO instant
// for a date-time), so it works inside a form or alone (value/onChange).
//
// Keys: ↑/↓ a day later/earlier (shift: a week; from today when empty). Escape puts back what
// the field held when it was focused, and goes no further; with nothing changed it is the
// form's (Escape cancels). A form holding a field whose text is not a date does not submit:
// the field takes the focus, its "Not a date" beside it.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { dubaiDay } from '@contract/dubaiTime';
import { displayOf, shiftValue, timeOf, valueOf, type DateKind } from '@/lib/dateText';
import { parseDate } from '@/lib/parseDate';
import { FieldFrame } from './FieldFrame';
import './DateField.css';

interface DateFieldProps {
  label: string;
  /** The label for screen readers only (a toolbar's field, its meaning plain from beside it). */
  hideLabel?: boolean;
  name?: string;
  /** 'date' (default): the value is 'YYYY-MM-DD'. 'datetime': an ISO instant. */
  kind?: DateKind;
  /**
   * The value as the server takes it; '' for none. What `onChange` gives: the understood date's
   * value, '' when emptied, or the typed text itself while it is not a date (so a payload never
   * carries an older date than the one shown; the server refuses that text, naming the field).
   */
  value: string;
  onChange: (value: string) => void;
  /** A date-time field: the time a day typed alone takes ('HH:MM', Dubai time), said below it. */
  dayTime?: string;
  /** The server's message for this field. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  className?: string;
  /** Small, in a toolbar: what it understood shows over what is below, not in a line of its own. */
  compact?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** The field's text and the value that text stands for. */
interface Shown {
  text: string;
  value: string;
}

export function DateField({
  label,
  hideLabel,
  name,
  kind = 'date',
  value,
  onChange,
  dayTime = '00:00',
  error,
  hint,
  required,
  autoFocus,
  placeholder,
  className,
  compact,
  inputRef,
}: DateFieldProps) {
  const id = useId();
  const [shown, setShown] = useState<Shown>(() => ({ text: displayOf(kind, value) ?? value, value }));
  // A value changed from outside (a reload, a preset range) is shown; one the parent did not take is not.
  const [seen, setSeen] = useState(value);
  let current = shown;
  if (value !== seen) {
    setSeen(value);
    if (value !== shown.value) {
      current = { text: displayOf(kind, value) ?? value, value };
      setShown(current);
    }
  }
  const { text } = current;
  const typed = useMemo(() => (text.trim() ? parseDate(text, new Date()) : null), [text]);
  const understood = typed ? valueOf(kind, typed, timeOf(dayTime)) : null;
  const notDate = text.trim() !== '' && understood === null;
  const inWords = understood === null ? null : displayOf(kind, understood);
  // Before focus: what Escape puts back.
  const before = useRef<Shown | null>(null);
  const own = useRef<HTMLInputElement | null>(null);

  // A form does not submit while this field's text is not a date: it stops the submit event
  // before React's handler (on the root) hears it, whichever way it was sent (Enter, mod+enter).
  // It reads the box itself, which is never behind what was typed.
  useEffect(() => {
    const input = own.current;
    const form = input?.form;
    if (!input || !form) return;
    const onSubmit = (e: SubmitEvent) => {
      if (!input.value.trim() || parseDate(input.value, new Date())) return;
      e.preventDefault();
      e.stopImmediatePropagation();
      input.focus();
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, []);

  function show(next: Shown) {
    setShown(next);
    if (next.value !== value) onChange(next.value);
  }

  function type(t: string) {
    const parsed = t.trim() ? parseDate(t, new Date()) : null;
    show({ text: t, value: !t.trim() ? '' : parsed ? valueOf(kind, parsed, timeOf(dayTime)) : t });
  }

  /** Blur or Enter: the text becomes the date in words. */
  function settle() {
    if (understood !== null && inWords !== null && text !== inWords) show({ text: inWords, value: understood });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Enter') settle();
    else if (e.key === 'Escape') {
      const b = before.current;
      if (!b || b.text === text) return;
      e.preventDefault();
      e.stopPropagation();
      show(b);
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const from = text.trim()
        ? understood
        : kind === 'date'
          ? dubaiDay()
          : valueOf(kind, { day: dubaiDay(), time: null }, timeOf(dayTime));
      if (from === null) return;
      e.preventDefault();
      const next = shiftValue(kind, from, (e.key === 'ArrowUp' ? 1 : -1) * (e.shiftKey ? 7 : 1))!;
      show({ text: displayOf(kind, next)!, value: next });
    }
  }

  const note = kind === 'datetime' ? `Dubai time; a day alone is ${dayTime}.` : null;
  let line: ReactNode = null;
  if (notDate) line = <span className="field-error">Not a date</span>;
  else if (inWords !== null && text !== inWords)
    line = (
      <span className="date-understood">
        {inWords}
        {kind === 'datetime' ? ' Dubai time' : ''}
      </span>
    );
  else if (!compact && (hint || note))
    line = (
      <span className="field-hint">
        {hint}
        {hint && note ? ' ' : null}
        {note}
      </span>
    );

  return (
    <FieldFrame
      id={id}
      label={label}
      hideLabel={hideLabel}
      error={error}
      status={line}
      statusClassName="date-read"
      className={`date-field${compact ? ' is-compact' : ''} ${className ?? ''}`}
    >
      {(aria) => (
        <input
          {...aria}
          ref={(el) => {
            own.current = el;
            if (typeof inputRef === 'function') inputRef(el);
            else if (inputRef) inputRef.current = el;
          }}
          name={name}
          className="input"
          type="text"
          autoComplete="off"
          spellCheck={false}
          required={required}
          autoFocus={autoFocus}
          placeholder={placeholder ?? (kind === 'date' ? 'e.g. 24 Nov, tomorrow, +7d' : 'e.g. tomorrow 9am')}
          value={text}
          aria-invalid={notDate || error ? true : undefined}
          onChange={(e) => type(e.target.value)}
          onFocus={() => {
            // Back with a text that is not a date (a refused submit focuses it): Escape still puts back the date before it.
            if (!notDate || !before.current) before.current = current;
          }}
          onBlur={settle}
          onKeyDown={onKeyDown}
        />
      )}
    </FieldFrame>
  );
}
