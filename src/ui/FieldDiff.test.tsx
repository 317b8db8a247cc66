// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as Type from '@sinclair/typebox';
import { labelOf } from '@contract/fieldLabels';
import { bankResource } from '@contract/bank';
import { fieldChanges } from '@/lib/fieldChanges';
import { FieldDiff } from './FieldDiff';

afterEach(cleanup);

const label = (field: string) => labelOf(bankResource.update, field);

describe('FieldDiff', () => {
  it('shows a changed field by its form label, old then new', () => {
    render(
      <FieldDiff changes={fieldChanges({ name: 'Emirates NBD', version: 3 }, { name: 'ENBD', version: 4 }, label)} />,
    );
    const row = screen.getByText('Name').closest('div')!;
    expect(row.dataset.kind).toBe('changed');
    expect(row.querySelector('del')?.textContent).toBe('Emirates NBD');
    expect(row.querySelector('ins')?.textContent).toBe('ENBD');
    // Bookkeeping (version) is no change a person made.
    expect(screen.queryByText('Version')).toBeNull();
  });

  it('shows an added field with only its new value and a removed one with only its old', () => {
    render(<FieldDiff changes={fieldChanges({ logo: 'a.png' }, { is_active: true }, label)} />);
    const added = screen.getByText('Is active').closest('div')!;
    expect(added.dataset.kind).toBe('added');
    expect(added.querySelector('del')).toBeNull();
    expect(added.querySelector('ins')?.textContent).toBe('Yes');
    const removed = screen.getByText('Logo').closest('div')!;
    expect(removed.dataset.kind).toBe('removed');
    expect(removed.querySelector('ins')).toBeNull();
    expect(removed.querySelector('del')?.textContent).toBe('a.png');
  });

  it("names a field by its schema's title, as the form does", () => {
    const schema = Type.Object({ annual_fee: Type.Number({ title: 'Annual fee (AED)' }), bank_id: Type.Integer() });
    render(
      <FieldDiff
        changes={fieldChanges({ annual_fee: 100, bank_id: 1 }, { annual_fee: 250, bank_id: 2 }, (f) =>
          labelOf(schema, f),
        )}
      />,
    );
    expect(screen.getByText('Annual fee (AED)')).toBeTruthy();
    expect(screen.getByText('Bank')).toBeTruthy();
  });

  it('says so when nothing differs', () => {
    render(<FieldDiff changes={fieldChanges({ name: 'A' }, { name: 'A' }, label)} />);
    expect(screen.getByText('No field changed.')).toBeTruthy();
  });

  it("renders a rich-text field's change as the page reads, words struck and marked, no unsafe markup", () => {
    const changes = fieldChanges(
      { content: '<p>Fees apply <strong>monthly</strong>.</p>' },
      {
        content: '<p>Fees apply <strong>yearly</strong>.</p><p onclick="x()">New <img src=x onerror=alert(1)>rule</p>',
      },
      (f) => f,
      (f) => f === 'content',
    );
    const { container } = render(<FieldDiff changes={changes} />);
    const page = screen.getByTestId('field-diff-html');
    expect(page.querySelector('strong del')?.textContent).toBe('monthly');
    expect(page.querySelector('strong ins')?.textContent).toBe('yearly');
    expect(page.querySelectorAll('p')).toHaveLength(2);
    expect(container.querySelector('img, [onclick]')).toBeNull();
  });

  it('shows any other field that holds markup as its text', () => {
    render(<FieldDiff changes={fieldChanges({ name: 'a' }, { name: '<b>bold</b> name' }, label)} />);
    expect(screen.queryByTestId('field-diff-html')).toBeNull();
    expect(screen.getByText('bold name')).toBeTruthy();
  });
});
