// When it goes: now, or at a date and time (the browser's local time, sent as an ISO instant).
import { Field } from '../../ui/Field';

export interface WhenValue {
  now: boolean;
  /** datetime-local text: '2026-03-12T09:00'. */
  at: string;
}

/** null: now; else the instant the local date and time stand for ('' stays '' for the server to name). */
export function whenToSendAt(w: WhenValue): string | null {
  if (w.now) return null;
  const d = new Date(w.at);
  return Number.isNaN(d.getTime()) ? w.at : d.toISOString();
}

/** The datetime-local text of a moment an hour from now, on the hour: a sensible first choice. */
function nextHour(): string {
  const d = new Date(Date.now() + 3600_000);
  d.setMinutes(0, 0, 0);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:00`;
}

export function WhenFields({ value, onChange, errors }: { value: WhenValue; onChange: (v: WhenValue) => void; errors: Readonly<Record<string, string>> }) {
  return (
    <fieldset className="ntf-fieldset">
      <legend className="field-label">When</legend>
      <div className="ntf-choices" role="radiogroup" aria-label="When">
        <label className={value.now ? 'ntf-choice is-on' : 'ntf-choice'}>
          <input type="radio" name="when" value="now" checked={value.now} onChange={() => onChange({ ...value, now: true })} />
          Send now
        </label>
        <label className={!value.now ? 'ntf-choice is-on' : 'ntf-choice'}>
          <input type="radio" name="when" value="later" checked={!value.now} onChange={() => onChange({ now: false, at: value.at || nextHour() })} />
          At a date and time
        </label>
      </div>
      {!value.now && <Field label="Send at" name="send_at" type="datetime-local" value={value.at} onChange={(e) => onChange({ ...value, at: e.target.value })} error={errors.send_at} hint="Your local time." />}
      {value.now && errors.send_at && <span className="field-error">{errors.send_at}</span>}
    </fieldset>
  );
}
