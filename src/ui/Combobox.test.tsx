// @vitest-environment jsdom
// The one combobox (useCombobox.ts, drawn by Combobox.tsx) as a keyboard user and a screen
// reader meet it: the input keeps the focus and points at the highlighted option.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Combobox, type PickerOption } from './Combobox';
import { SEARCH_DEBOUNCE_MS } from './useCombobox';

const BANKS: PickerOption[] = [
  { id: 1, label: 'Emirates NBD', hint: 'ENBD' },
  { id: 2, label: 'Mashreq', hint: 'MSHQ' },
  { id: 3, label: 'First Abu Dhabi Bank', hint: 'FAB' },
];

// jsdom lays nothing out: give the list a size so the virtualizer draws its rows.
beforeAll(() => {
  // @tanstack/virtual-core reads the scrolling element's client size.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(280);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
});
afterEach(cleanup);

/** A picker holding its choice, as a form would. */
function Picked(props: { options?: PickerOption[]; search?: (q: string, s: AbortSignal) => Promise<PickerOption[]> }) {
  const [value, setValue] = useState<PickerOption | null>(null);
  return (
    <>
      <Combobox label="Bank" {...props} onPick={setValue} after={value && <output>{value.label}</output>} />
      <span data-testid="picked">{value?.label ?? ''}</span>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Bank' });
const activeOption = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};
const key = (k: string) => fireEvent.keyDown(input(), { key: k });

describe('Combobox with local options', () => {
  it('opens on focus, moves with ↑/↓ (wrapping), points at the option and picks it with Enter', () => {
    render(<Picked options={BANKS} />);
    fireEvent.focus(input());
    expect(input().getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox', { name: 'Bank' });
    expect(input().getAttribute('aria-controls')).toBe(list.id);
    expect(activeOption()?.textContent).toContain('Emirates NBD');

    key('ArrowDown');
    expect(activeOption()?.textContent).toContain('Mashreq');
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    key('ArrowUp');
    expect(activeOption()?.textContent).toContain('First Abu Dhabi Bank');

    key('Enter');
    expect(screen.getByTestId('picked').textContent).toBe('First Abu Dhabi Bank');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().hasAttribute('aria-activedescendant')).toBe(false);
  });

  it('filters as it is typed, names starting with the text first, and Escape closes only the list', () => {
    const outside = vi.fn();
    render(
      <div onKeyDown={outside}>
        <Picked options={BANKS} />
      </div>,
    );
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'ba' } });
    const names = screen.getAllByRole('option').map((o) => o.textContent);
    expect(names).toEqual(['First Abu Dhabi BankFAB']);

    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(outside).not.toHaveBeenCalled();
  });

  it('says when nothing matches, and Enter then picks nothing', () => {
    render(<Picked options={BANKS} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'zzz' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Nothing matches “zzz”.')).toBeTruthy();
    key('Enter');
    expect(screen.getByTestId('picked').textContent).toBe('');
  });

  it('says there is nothing to choose from when it has no options', () => {
    render(<Picked options={[]} />);
    fireEvent.focus(input());
    expect(screen.getByText('Nothing to choose from.')).toBeTruthy();
  });
});

describe('Combobox searching the server', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the typing to stop, drops a stale answer and shows the last one', async () => {
    const answers: Record<string, { resolve: (rows: PickerOption[]) => void; signal: AbortSignal }> = {};
    const search = vi.fn(
      (q: string, signal: AbortSignal) =>
        new Promise<PickerOption[]>((resolve) => {
          answers[q] = { resolve, signal };
        }),
    );
    render(<Picked search={search} />);
    fireEvent.focus(input());
    expect(screen.getByText('Searching…')).toBeTruthy();

    // 'ma', then 'mas' before the debounce is over: only 'mas' goes to the server at first.
    fireEvent.change(input(), { target: { value: 'ma' } });
    fireEvent.change(input(), { target: { value: 'mas' } });
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(search.mock.calls.map((c) => c[0])).toEqual(['mas']);

    // 'mash' is typed while 'mas' is on its way: 'mas' is aborted, its late answer dropped.
    fireEvent.change(input(), { target: { value: 'mash' } });
    expect(answers.mas.signal.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await act(async () => answers.mash.resolve([BANKS[1]]));
    await act(async () => answers.mas.resolve([BANKS[0], BANKS[2]]));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['MashreqMSHQ']);

    key('Enter');
    expect(screen.getByTestId('picked').textContent).toBe('Mashreq');
  });

  it('picks the first answer when Enter comes before it', async () => {
    let resolve: (rows: PickerOption[]) => void = () => undefined;
    const search = vi.fn(() => new Promise<PickerOption[]>((r) => (resolve = r)));
    render(<Picked search={search} />);
    fireEvent.focus(input());
    fireEvent.change(input(), { target: { value: 'first' } });
    key('Enter');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    await act(async () => resolve([BANKS[2]]));
    expect(screen.getByTestId('picked').textContent).toBe('First Abu Dhabi Bank');
  });

  it('says so when the search fails', async () => {
    const search = vi.fn(() => Promise.reject(new Error('down')));
    render(<Picked search={search} />);
    fireEvent.focus(input());
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('Could not load the choices. Type to try again.')).toBeTruthy();
  });
});
