// Pieces every catalogue form shares: the 409 banner with Reload, and Save/Cancel.
import { Kbd } from './Kbd';

export function ConflictAlert({ what, onReload }: { what: string; onReload: () => void }) {
  return (
    <div className="alert alert-row" role="alert">
      <span>
        Someone else changed this {what} while you were editing. Reload it to see their version (your changes here will
        be replaced).
      </span>
      <button type="button" className="btn" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}

export function FormActions({
  saving,
  createLabel,
  editing,
  onCancel,
}: {
  saving: boolean;
  createLabel: string;
  editing: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="pane-actions">
      <button type="submit" className="btn btn-primary" disabled={saving}>
        {saving ? 'Saving…' : editing ? 'Save changes' : createLabel}
        <Kbd shortcut="mod+enter" />
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
        <Kbd shortcut="escape" />
      </button>
    </div>
  );
}

/** '' → null; trimmed otherwise. */
export const textOrNull = (s: string) => (s.trim() ? s.trim() : null);

// One formatter each, made once: toLocaleString() builds a new one on every call, which
// dominated the time of painting a scrolled list.
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const calendarDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
};

/** '2026-03-12' → '12 Mar 2026' (a calendar date: no time zone shift). */
export const formatDay = (ymd: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  return calendarDay.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
};
