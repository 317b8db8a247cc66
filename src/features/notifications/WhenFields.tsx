// When it goes: now, or at a date and time typed in Dubai time (src/ui/DateField.tsx), sent as an ISO instant.
import { DateField } from '@/ui/DateField';
import { FieldFrame } from '@/ui/FieldFrame';

export interface WhenValue {
  now: boolean;
  /** An ISO instant, '' for none yet (or the typed text while it is not a date). */
  at: string;
}

/** null: now; else the instant ('' or text that is not a date go as they are, for the server to name). */
export const whenToSendAt = (w: WhenValue): string | null => (w.now ? null : w.at);

/** An hour from now, on the hour: a sensible first choice (Dubai's hours start with UTC's). */
const nextHour = () => new Date(Math.floor(Date.now() / 3600_000 + 1) * 3600_000).toISOString();

export function WhenFields({
  value,
  onChange,
  errors,
}: {
  value: WhenValue;
  onChange: (v: WhenValue) => void;
  errors: Readonly<Record<string, string>>;
}) {
  return (
    <FieldFrame group label="When" className="ntf-fieldset">
      {/* With "now" the send time's error is the choice's. */}
      <FieldFrame error={value.now ? errors.send_at : undefined}>
        {(aria) => (
          <div {...aria} className="ntf-choices" role="radiogroup" aria-label="When">
            <label className={value.now ? 'ntf-choice is-on' : 'ntf-choice'}>
              <input
                type="radio"
                name="when"
                value="now"
                checked={value.now}
                onChange={() => onChange({ ...value, now: true })}
              />
              Send now
            </label>
            <label className={!value.now ? 'ntf-choice is-on' : 'ntf-choice'}>
              <input
                type="radio"
                name="when"
                value="later"
                checked={!value.now}
                onChange={() => onChange({ now: false, at: value.at || nextHour() })}
              />
              At a date and time
            </label>
          </div>
        )}
      </FieldFrame>
      {/* A day typed alone goes at 09:00: a morning, not midnight. */}
      {!value.now && (
        <DateField
          label="Send at"
          name="send_at"
          kind="datetime"
          dayTime="09:00"
          value={value.at}
          onChange={(at) => onChange({ ...value, at })}
          error={errors.send_at}
        />
      )}
    </FieldFrame>
  );
}
