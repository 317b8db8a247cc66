// Pieces every catalogue form shares: the 409 banner with Reload, and Save/Cancel.
import { Kbd } from '../../ui/Kbd';

export function ConflictAlert({ what, onReload }: { what: string; onReload: () => void }) {
  return (
    <div className="alert alert-row" role="alert">
      <span>Someone else changed this {what} while you were editing. Reload it to see their version (your changes here will be replaced).</span>
      <button type="button" className="btn" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}

export function FormActions({ saving, createLabel, editing, onCancel }: { saving: boolean; createLabel: string; editing: boolean; onCancel: () => void }) {
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

export const formatDate = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** '2026-03-12' → '12 Mar 2026' (a calendar date: no time zone shift). */
export const formatDay = (ymd: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  if (!m) return ymd;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
};
