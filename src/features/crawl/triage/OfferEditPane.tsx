import { useEffect, useState, type FormEvent, type RefObject } from 'react';
import type { OfferRef } from '@contract/crawl';
import { runCommand } from '@/commands/runner';
import { FormActions, textOrNull } from '@/ui/formParts';
import { Field } from '@/ui/Field';
import { DateField } from '@/ui/DateField';
import { TextAreaField } from '@/ui/FormFields';
import { PaneBack } from '@/screens/PaneBack';
import type { OfferEditState } from './triageTypes';

const EDIT_FIELDS = ['title', 'discount', 'valid_from', 'valid_to', 'terms'] as const;

/**
 * The offer ref's fields, corrected before onboarding. mod+enter saves (crawl.triage.saveOffer
 * submits this form), Escape cancels; the server's field errors stay beside their fields.
 */
export function OfferEditPane({
  r,
  editing,
  formRef,
}: {
  r: OfferRef;
  editing: OfferEditState;
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const [v, setV] = useState(() => ({
    title: r.title,
    discount: r.discount ?? '',
    valid_from: r.valid_from ?? '',
    valid_to: r.valid_to ?? '',
    terms: r.terms ?? '',
  }));
  // Opened by e or a link: typing starts in the title.
  useEffect(() => formRef.current?.querySelector('input')?.focus(), [formRef]);
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: e.target.value }));
  const err = editing.errors;
  const other = Object.entries(err).filter(([k]) => !(EDIT_FIELDS as readonly string[]).includes(k));

  function submit(e: FormEvent) {
    e.preventDefault();
    void runCommand('crawl.triage.saveOfferFields', 'button', {
      title: v.title.trim(),
      discount: textOrNull(v.discount),
      valid_from: v.valid_from || null,
      valid_to: v.valid_to || null,
      terms: textOrNull(v.terms),
    });
  }

  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>Edit {r.title}</h2>
      </header>
      <div className="pane-body">
        <form
          ref={formRef}
          className="pane-form"
          onSubmit={submit}
          noValidate
          aria-label={`Edit crawled offer ${r.title}`}
        >
          {other.length > 0 && (
            <div className="alert" role="alert">
              {other.map(([k, text]) => (
                <div key={k}>{text}</div>
              ))}
            </div>
          )}
          <Field label="Title" value={v.title} onChange={set('title')} error={err.title} />
          <Field
            label="Discount"
            value={v.discount}
            onChange={set('discount')}
            error={err.discount}
            hint="As the site words it, e.g. 15% off"
          />
          <div className="field-pair">
            <DateField
              label="Valid from"
              value={v.valid_from}
              onChange={(d) => setV((x) => ({ ...x, valid_from: d }))}
              error={err.valid_from}
            />
            <DateField
              label="Valid to"
              value={v.valid_to}
              onChange={(d) => setV((x) => ({ ...x, valid_to: d }))}
              error={err.valid_to}
            />
          </div>
          <TextAreaField label="Terms" value={v.terms} onChange={set('terms')} error={err.terms} rows={5} />
          <FormActions
            saving={editing.saving}
            createLabel="Save"
            editing
            onCancel={() => void runCommand('list.close', 'button')}
          />
        </form>
      </div>
    </div>
  );
}
