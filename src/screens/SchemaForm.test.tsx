// @vitest-environment jsdom
// The generic record form: fields from the contract, what differs from the form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRef } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { bankResource, type Bank } from '@contract/bank';
import { cardResource, type Card } from '@contract/card';
import { offerResource, type Offer } from '@contract/offer';
import { outletResource, type Outlet } from '@contract/outlet';
import { userResource, type AdminUser } from '@contract/user';
import { SEARCH_DEBOUNCE_MS } from '@/ui/useCombobox';
import { SchemaForm, fieldsOf, type EditorProps } from './SchemaForm';

// The pickers' searches and the chosen records' names, without a server: card 3 is known, 9 was deleted.
vi.mock('@/ui/lookups', async (original) => ({
  ...(await original<typeof import('@/ui/lookups')>()),
  recordPickers: {
    card: {
      search: () => Promise.resolve([{ id: 5, label: 'Gold', hint: 'ENBD' }]),
      useChosen: () =>
        new Map([
          [3, { id: 3, label: 'Platinum', hint: 'ADCB' }],
          [9, null],
        ]),
    },
    outlet: { search: () => Promise.resolve([]), useChosen: () => new Map() },
  },
}));

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

  it('leaves out a blank text that may be neither null nor required (a password), sends a typed one as typed, and words a hint from the value', () => {
    const userScreen = { resource: userResource, describe: (u: AdminUser) => ({ label: u.name }) };
    const user = {
      id: 7,
      version: 3,
      name: 'Sara',
      email: 'sara@example.com',
      phone: null,
      avatar: null,
      role: 'editor',
      status: 'active',
    } as unknown as AdminUser;
    const edit = (p: ReturnType<typeof props>) =>
      render(
        <SchemaForm
          {...p}
          record={user}
          errors={{}}
          screen={userScreen}
          fields={{
            status: { hint: (v) => (v === 'disabled' ? 'Saving ends every session of this user.' : undefined) },
            password: { label: 'Set a new password', input: { type: 'password', autoComplete: 'new-password' } },
          }}
        />,
      );
    const p = props();
    edit(p);
    expect(screen.getByRole('form', { name: 'Edit Sara' })).toBeTruthy();
    const password = screen.getByLabelText('Set a new password');
    expect([password.getAttribute('type'), password.getAttribute('autocomplete')]).toEqual([
      'password',
      'new-password',
    ]);
    expect(screen.queryByText('Saving ends every session of this user.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'disabled' } });
    expect(screen.getByText('Saving ends every session of this user.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(p.onSubmit).toHaveBeenCalledWith({
      name: 'Sara',
      email: 'sara@example.com',
      phone: null,
      role: 'editor',
      status: 'disabled',
      version: 3,
    });
    cleanup();
    const typed = props();
    edit(typed);
    fireEvent.change(screen.getByLabelText('Set a new password'), { target: { value: ' new secret ' } });
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    expect(typed.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ password: ' new secret ' }));
  });

  it('draws a short text with rows as a long one, finds an initial value as it opens, and takes bounds from the schema', () => {
    const p = props();
    const outletScreen = { resource: outletResource, describe: (o: Outlet) => ({ label: o.merchant_name }) };
    function Area({ spec, onChange }: EditorProps) {
      return <button type="button" onClick={() => onChange('12')}>{`Pick ${spec.label}`}</button>;
    }
    render(
      <SchemaForm
        {...p}
        errors={{}}
        screen={outletScreen}
        fields={{ category_id: { initial: () => '4' }, area_id: { editor: Area }, address: { rows: 2 } }}
      />,
    );
    expect(screen.getByLabelText('Address').tagName).toBe('TEXTAREA');
    const latitude = screen.getByLabelText('Latitude');
    expect([latitude.getAttribute('min'), latitude.getAttribute('max')]).toEqual(['-90', '90']);
    fireEvent.change(screen.getByLabelText('Merchant name'), { target: { value: 'Arabica' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pick Area' }));
    fireEvent.click(screen.getByRole('button', { name: /Create outlet/ }));
    expect(p.onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ merchant_name: 'Arabica', category_id: 4, area_id: 12, address: null, latitude: null }),
    );
  });

  it("picks another resource's records by name for a list of their ids ('card_ids'), and sends the ids", async () => {
    expect(
      fieldsOf(offerResource, false)
        .filter((f) => f.kind === 'ids')
        .map((f) => [f.key, f.ref?.name]),
    ).toEqual([
      ['card_ids', 'card'],
      ['outlet_ids', 'outlet'],
    ]);
    vi.useFakeTimers();
    try {
      const p = props();
      const offerScreen = { resource: offerResource, describe: (o: Offer) => ({ label: o.title }) };
      const offer = {
        id: 4,
        version: 2,
        title: 'Half off',
        discount: '50%',
        valid_from: '2026-12-01',
        valid_to: '2026-12-31',
        description: null,
        terms: null,
        category_id: null,
        card_ids: [3, 9],
        outlet_ids: [],
        from_source: 'manual',
      } as unknown as Offer;
      render(
        <SchemaForm
          {...p}
          record={offer}
          errors={{ card_ids: 'Card 9 does not exist.' }}
          screen={offerScreen}
          fields={{ card_ids: { placeholder: 'Search cards by name or bank…' } }}
        />,
      );
      const chosen = within(screen.getByRole('list', { name: 'Chosen' }));
      expect(chosen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        expect.stringContaining('Platinum'),
        expect.stringContaining('not found'),
      ]);
      expect(screen.getByText('Card 9 does not exist.')).toBeTruthy();
      const cards = screen.getByRole('combobox', { name: /^Cards/ });
      expect(cards.getAttribute('placeholder')).toBe('Search cards by name or bank…');
      fireEvent.focus(cards);
      fireEvent.change(cards, { target: { value: 'go' } });
      await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
      fireEvent.keyDown(cards, { key: 'Enter' });
      expect(chosen.getAllByRole('listitem')).toHaveLength(3);
      fireEvent.click(screen.getByRole('button', { name: /Save/ }));
      expect(p.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ card_ids: [3, 9, 5], outlet_ids: [] }));
    } finally {
      vi.useRealTimers();
    }
  });
});
