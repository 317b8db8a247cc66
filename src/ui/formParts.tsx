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

/** Someone else saved the record open in this form (src/api/events.ts): before a save meets a 409. */
export function SavedByAlert({ who, onReload }: { who: string; onReload: () => void }) {
  return (
    <div className="alert alert-row" role="status">
      <span>{who} saved this record — Reload to see their version (your changes here will be replaced).</span>
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
