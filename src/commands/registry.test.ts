import { describe, expect, it } from 'vitest';
import { findShortcutConflicts } from './registry';
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
