// @vitest-environment jsdom
// The key dispatcher in jsdom: key events on the page, the real registry, runner and
// react-hotkeys-hook; the commands note their runs.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ui } from '@/store/ui';
import type { ActiveList } from '@/store/listModel';
import { Hotkeys } from './Hotkeys';
import { register } from './registry';
import type { Command } from './types';

let ran: string[] = [];
const cmd = (id: string, scope: Command['scope'], shortcut: string, over: Partial<Command> = {}): Command => ({
  id,
  title: id,
  group: 'Test',
  scope,
  shortcut,
  palette: false,
  run: () => void ran.push(id),
  ...over,
});

const commands = [
  cmd('app.palette', 'global', 'mod+k'),
  cmd('app.shortcuts', 'global', '?'),
  cmd('go.banks', 'global', 'g b'),
  cmd('list.down', 'list', 'j, arrowdown'),
  cmd('list.open', 'list', 'enter'),
  cmd('list.close', 'list', 'escape'),
  cmd('banks.edit', 'view:banks', 'e'),
  cmd('banks.bold', 'view:banks', 'b'),
  cmd('banks.save', 'view:banks', 'mod+s'),
  cmd('banks.paste', 'view:banks', 'mod+v', { nativeKey: true }),
  cmd('cards.edit', 'view:cards', 'e'),
];

/** What the keys read of a list: it is there (the 'list' scope), no row highlighted. */
const aList = { state: { cursor: null, route: { mode: 'list' } } } as unknown as ActiveList;

const CODES: Record<string, string> = { '?': 'Slash', escape: 'Escape', enter: 'Enter', arrowdown: 'ArrowDown' };
/** A key pressed and let go, as a browser sends it: 'j', '?', 'escape', 'ctrl+k'. */
function press(name: string, target: Element = document.body, init: KeyboardEventInit = {}) {
  const parts = name.split('+');
  const key = parts.pop()!;
  const code = CODES[key] ?? `Key${key.toUpperCase()}`;
  const event = {
    key: key.length === 1 ? key : code,
    code,
    ctrlKey: parts.includes('ctrl'),
    shiftKey: key === '?',
    ...init,
  };
  fireEvent.keyDown(target, event);
  fireEvent.keyUp(target, event);
}

/** The state a screen or dialog sets, then React's render and the layer switch. */
async function set(change: () => void) {
  await act(async () => change());
  // A layer that closes hands the keys down a task after the render.
  await act(() => new Promise((done) => setTimeout(done, 0)));
}

let unregister = () => undefined as void;
beforeEach(async () => {
  ran = [];
  unregister = register(...commands);
  render(<Hotkeys />);
  await set(() => Object.assign(ui, { view: 'banks', list: aList, dialog: null, paletteOpen: false }));
});
afterEach(() => {
  cleanup();
  unregister();
});

describe('Hotkeys', () => {
  it('runs a sequence; its keys run no single key, and a key after its first one is its own', () => {
    press('g');
    press('b');
    expect(ran).toEqual(['go.banks']);
    press('b');
    expect(ran).toEqual(['go.banks', 'banks.bold']);
    press('g');
    press('j'); // no 'g j': the key still belongs to the sequence
    press('j');
    expect(ran).toEqual(['go.banks', 'banks.bold', 'list.down']);
  });

  it('leaves single keys typed in a field to the field; Escape and mod+s still run', () => {
    const { getByRole } = render(<input aria-label="Search" />);
    const field = getByRole('textbox');
    field.focus();
    press('e', field);
    press('j', field);
    press('g', field);
    press('b', field);
    expect(ran).toEqual([]);
    press('ctrl+s', field);
    press('escape', field);
    expect(ran).toEqual(['banks.save', 'list.close']);
  });

  it('gives the keys to a dialog over the list, the page getting them back when it closes', async () => {
    await set(() => (ui.dialog = 'delete-bank'));
    press('j');
    press('escape');
    press('ctrl+k'); // the palette waits for the dialog
    expect(ran).toEqual([]);
    await set(() => (ui.dialog = null));
    press('j');
    expect(ran).toEqual(['list.down']);
  });

  it('keeps only its own toggle while the palette is open', async () => {
    await set(() => (ui.paletteOpen = true));
    press('arrowdown');
    press('escape');
    press('?');
    press('ctrl+k');
    expect(ran).toEqual(['app.palette']);
  });

  it('switches with the view and the list: the scopes of the registry decide the keys', async () => {
    press('e');
    await set(() => (ui.view = 'cards'));
    press('e');
    expect(ran).toEqual(['banks.edit', 'cards.edit']);
    await set(() => (ui.list = null));
    press('j');
    press('?');
    expect(ran).toEqual(['banks.edit', 'cards.edit', 'app.shortcuts']);
  });

  it('repeats j but not e; Enter on a button is the button’s; a nativeKey command is not bound', () => {
    press('j', document.body, { repeat: true });
    press('e', document.body, { repeat: true });
    expect(ran).toEqual(['list.down']);
    const { getByRole } = render(<button type="button">Save</button>);
    press('enter', getByRole('button'));
    press('enter');
    expect(ran).toEqual(['list.down', 'list.open']);
    press('ctrl+v');
    expect(ran).toEqual(['list.down', 'list.open']);
  });
});
