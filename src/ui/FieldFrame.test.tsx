// @vitest-environment jsdom
// The field frame ties its label, hint and error to the control: what a screen reader hears.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CheckField, Field } from './Field';
import { FieldFrame } from './FieldFrame';
import { SelectField, TextAreaField } from './FormFields';

afterEach(cleanup);

const describedBy = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('FieldFrame', () => {
  it('labels the control and describes it by its hint while there is no error', () => {
    render(<Field label="Name" hint="As the bank writes it." />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(describedBy(input)).toEqual(['As the bank writes it.']);
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-errormessage')).toBe(false);
  });

  it('puts the error in place of the hint, marks the control invalid and names the message', () => {
    render(<Field label="Name" hint="As the bank writes it." error="Name is taken." />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['Name is taken.']);
    expect(document.getElementById(input.getAttribute('aria-errormessage')!)?.textContent).toBe('Name is taken.');
    expect(screen.queryByText('As the bank writes it.')).toBeNull();
  });

  it('gives every control its own ids', () => {
    render(
      <>
        <TextAreaField label="About" error="Too long." />
        <SelectField label="Status" options={[{ value: 'a', label: 'A' }]} error="Pick one." />
      </>,
    );
    const about = screen.getByRole('textbox', { name: 'About' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(about.id).not.toBe(status.id);
    expect(describedBy(about)).toEqual(['Too long.']);
    expect(describedBy(status)).toEqual(['Pick one.']);
  });

  it('frames a checkbox named by its own words', () => {
    render(<CheckField label="Active" error="Must be on." />);
    const box = screen.getByRole('checkbox', { name: 'Active' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(box)).toEqual(['Must be on.']);
  });

  it('keeps a live status line, describing the control while it says something', () => {
    const { rerender } = render(
      <FieldFrame label="Valid to" status={null} statusClassName="date-read">
        {(aria) => <input {...aria} />}
      </FieldFrame>,
    );
    const input = screen.getByRole('textbox', { name: 'Valid to' });
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(document.querySelector('.date-read')?.getAttribute('aria-live')).toBe('polite');
    rerender(
      <FieldFrame label="Valid to" status="Tue 24 Nov 2026" statusClassName="date-read" error="Too late.">
        {(aria) => <input {...aria} />}
      </FieldFrame>,
    );
    expect(describedBy(input)).toEqual(['Tue 24 Nov 2026', 'Too late.']);
  });

  it('names a group by its legend and describes it by its error', () => {
    render(
      <FieldFrame group label="Audience" error="Choose one.">
        <input type="radio" aria-label="Everyone" />
      </FieldFrame>,
    );
    const group = screen.getByRole('group', { name: 'Audience' });
    expect(describedBy(group)).toEqual(['Choose one.']);
  });
});
