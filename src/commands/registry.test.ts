import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../store/session';
import {
  allActions,
  allCommands,
  findShortcutConflicts,
  getCommand,
  getVersion,
  register,
  setActions,
  unregister,
  withheld,
} from './registry';
import type { Command } from './types';

const cmd = (id: string, scope: Command['scope'], shortcut: string): Command => ({
  id,
  title: id,
  group: 'Test',
  scope,
  shortcut,
  run: () => undefined,
});

describe('findShortcutConflicts catches', () => {
  it.each<[string, Command[]]>([
    ['the same key in one view', [cmd('a', 'view:banks', 'e'), cmd('b', 'view:banks', 'e')]],
    ['a view key that is also global', [cmd('a', 'global', 'n'), cmd('b', 'view:cards', 'n')]],
    ['a list-cursor key reused by a view', [cmd('a', 'list', 'j'), cmd('b', 'view:banks', 'j')]],
    ['one alternative of several', [cmd('a', 'view:banks', 'mod+backspace, #'), cmd('b', 'view:banks', '#')]],
    ['a key that is the start of a sequence', [cmd('a', 'global', 'g'), cmd('b', 'global', 'g b')]],
    ['the same chord spelled differently', [cmd('a', 'global', 'shift+?'), cmd('b', 'global', '?')]],
  ])('%s', (_name, list) => {
    expect(findShortcutConflicts(list)).toHaveLength(1);
  });

  it('but lets two views use the same key', () => {
    expect(findShortcutConflicts([cmd('a', 'view:banks', 'e'), cmd('b', 'view:cards', 'e')])).toEqual([]);
  });
});

describe('the signed-in role', () => {
  const write = { access: 'admin', method: 'POST', permission: 'offer.write' } as const;
  const read = { access: 'admin', method: 'GET', permission: 'offer.write' } as const;
  const list: Command[] = [
    { ...cmd('t.read', 'global', ''), needs: { op: read } },
    { ...cmd('t.write', 'global', ''), needs: { op: write } },
    { ...cmd('t.users', 'global', ''), needs: { permission: 'user.write' } },
    cmd('t.move', 'global', ''),
  ];
  const visible = () =>
    allCommands()
      .map((c) => c.id)
      .filter((id) => id.startsWith('t.'))
      .sort();
  const as = (role: string | null) => {
    session.userDetails = role ? ({ ...session.userDetails, role } as typeof session.userDetails) : null;
  };
  afterEach(() => {
    unregister(...list.map((c) => c.id));
    as(null);
  });

  it('shows each role only what it may run, in every reader of the registry', () => {
    register(...list);
    setActions([{ id: 't.users', title: 'New user', group: 'Users', screen: 'users', permission: 'user.write' }], () =>
      Promise.resolve(),
    );
    as('admin');
    expect(visible()).toEqual(['t.move', 't.read', 't.users', 't.write']);
    as('editor');
    expect(visible()).toEqual(['t.move', 't.read', 't.write']);
    expect(allActions()).toEqual([]);
    as('viewer');
    expect(visible()).toEqual(['t.move', 't.read']);
    expect(getCommand('t.write')).toBeUndefined();
    expect(withheld('t.write')?.id).toBe('t.write');
    expect(withheld('t.read')).toBeUndefined();
  });

  it('tells its listeners when another role signs in', () => {
    as('admin');
    let heard = getVersion();
    as('viewer');
    expect(getVersion()).toBeGreaterThan(heard);
    heard = getVersion();
    session.loading = !session.loading;
    expect(getVersion()).toBe(heard);
  });

  it('hides nothing while no one is signed in (the server refuses what it must)', () => {
    register(...list);
    expect(visible()).toEqual(['t.move', 't.read', 't.users', 't.write']);
  });
});
