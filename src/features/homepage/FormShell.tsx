// The frame of every homepage form: submit runs homepage.saveFields with the collected values
// (mod+enter submits it through homepage.save), the server's errors for fields the form does
// not show go on top, Save and Cancel at the bottom.
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { Payload } from '@/api/call';
import { runCommand } from '@/commands/runner';
import { FormActions } from '@/ui/formParts';

interface FormShellProps {
  formRef: RefObject<HTMLFormElement | null>;
  label: string;
  isNew: boolean;
  createLabel: string;
  saving: boolean;
  errors: Readonly<Record<string, string>>;
  /** The fields this form shows (their errors sit beside them). */
  fields: readonly string[];
  collect: () => Payload;
  /** Cancel: an edit goes back to what is saved, a new item goes away. */
  onCancel: () => void;
  children: ReactNode;
}

export function FormShell({
  formRef,
  label,
  isNew,
  createLabel,
  saving,
  errors,
  fields,
  collect,
  onCancel,
  children,
}: FormShellProps) {
  const other = Object.entries(errors).filter(([k]) => !fields.includes(k));
  function submit(e: FormEvent) {
    e.preventDefault();
    void runCommand('homepage.saveFields', 'button', collect());
  }
  return (
    <form ref={formRef} className="pane-form hp-form" onSubmit={submit} noValidate aria-label={label}>
      {other.length > 0 && (
        <div className="alert" role="alert">
          {other.map(([k, text]) => (
            <div key={k}>{text}</div>
          ))}
        </div>
      )}
      {children}
      <FormActions saving={saving} createLabel={createLabel} editing={!isNew} onCancel={onCancel} />
    </form>
  );
}

/** The switch and the schedule as a write takes them (an empty moment: none). */
export const schedulePayload = (v: { active: boolean; starts: string; ends: string }) => ({
  is_active: v.active,
  starts_at: v.starts || null,
  ends_at: v.ends || null,
});
