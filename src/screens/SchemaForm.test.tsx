// @vitest-environment jsdom
// The generic record form: fields from the contract, what differs from the form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bankResource, type Bank } from '@contract/bank';
import { cardResource, type Card } from '@contract/card';
import { SchemaForm, fieldsOf, type EditorProps } from './SchemaForm';

afterEach(cleanup);

const bankScreen = { resource: bankResource, describe: (b: Bank) => ({ label: b.name }) };
const props = () => ({
  record: null,
  errors: { name: 'Name is taken.' },
  saving: false,
  conflict: false,
  onSubmit: vi.fn(),
  onCancel: vi.fn(),
  onReload: vi.fn(),
  formRef: createRef<HTMLFormElement>(),
});

describe('SchemaForm', () => {
  it("derives a bank's fields from its create schema and files, labels from field labels", () => {
    expect(fieldsOf(bankResource, false).map((f) => [f.key, f.label, f.kind, f.required])).toEqual([
      ['name', 'Name', 'text', true],
      ['code', 'Code', 'text', true],
      ['website', 'Website', 'text', false],
      ['is_active', 'Active', 'check', false],
      ['logo', 'Logo', 'image', false],
    ]);
  });

  it('renders them with tweaks and an editor of its own, and sends what was typed', () => {
    const p = props();
    function Website({ spec, onChange }: EditorProps) {
      return <input aria-label={`${spec.label} (own)`} onChange={(e) => onChange(e.target.value)} />;
    }
    render(
      <SchemaForm
        {...p}
        screen={bankScreen}
        fields={{
          code: { hint: 'Letters, e.g. ENBD.', normalise: (t) => t.toUpperCase() },
          website: { editor: Website },
          is_active: { initial: true },
        }}
      />,
    );
    expect(screen.getByRole('form', { name: 'New bank' })).toBeTruthy();
    const name = screen.getByLabelText('Name');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: ' Emirates NBD ' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'enbd' } });
    fireEvent.change(screen.getByLabelText('Website (own)'), { target: { value: '' } });
    expect(screen.getByText('Letters, e.g. ENBD.')).toBeTruthy();
    expect(screen.getByText('Name is taken.')).toBeTruthy();
    expect((screen.getByLabelText('Active') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Create bank/ }));
    expect(p.onSubmit).toHaveBeenCalledWith({ name: 'Emirates NBD', code: 'ENBD', website: null, is_active: true });
  });

  it("draws pairs side by side, lets a value change another field, and takes a number's least value from the schema", () => {
    const p = props();
    const cardScreen = { resource: cardResource, describe: (c: Card) => ({ label: c.name }) };
    render(
      <SchemaForm
        {...p}
        errors={{}}
        screen={cardScreen}
        pairs={[['annual_fee', 'min_salary']]}
        fields={{
          status: { initial: 'Not Discontinued', sets: (v) => (v === 'Discontinued' ? { display: false } : undefined) },
          display: { label: 'Shown in the app', initial: true },
        }}
      />,
    );
    const fee = screen.getByLabelText('Annual fee (AED)');
    const pair = fee.closest('.field-pair');
    expect(pair?.contains(screen.getByLabelText('Minimum salary (AED)'))).toBe(true);
    expect(pair?.contains(screen.getByLabelText('Description'))).toBe(false);
    expect(fee.getAttribute('min')).toBe('0');
    const shown = screen.getByLabelText('Shown in the app') as HTMLInputElement;
    expect(shown.checked).toBe(true);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Discontinued' } });
    expect(shown.checked).toBe(false);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Gold' } });
    fireEvent.click(screen.getByRole('button', { name: /Create card/ }));
    // Bank and network not chosen on a new card: left out, so the server names them.
    expect(p.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Gold', status: 'Discontinued', display: false, annual_fee: null }),
    );
    expect(p.onSubmit.mock.calls[0][0]).not.toHaveProperty('bank_id');
  });
});
