import { afterEach, describe, expect, it } from 'vitest';
import { keyTaken, printable } from './keyTaken';
import { register } from './registry';
import type { Command } from './types';

const cmd = (id: string, shortcut: string, enabled = true): Command => ({
  id,
  title: id,
  group: 'Test',
  scope: 'global',
  shortcut,
  enabled: () => enabled,
  run: () => undefined,
});
const press = (
  code: string,
  key: string,
  mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => ({ code, key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });

let stop: () => void = () => undefined;
afterEach(() => stop());

describe('a printable key opens a cell only when no command takes it', () => {
  it('a plain key a command has is taken; with Shift it types', () => {
    stop = register(cmd('test.q', 'q'));
    expect(keyTaken(press('KeyQ', 'q'))).toBe(true);
    expect(keyTaken(press('KeyQ', 'Q', { shiftKey: true }))).toBe(false);
    expect(keyTaken(press('Digit5', '5'))).toBe(false);
  });

  it('the first key of a sequence is taken; a symbol by its character; a disabled command takes nothing', () => {
    stop = register(cmd('test.gz', 'g z'), cmd('test.help', '?'), cmd('test.off', 'w', false), cmd('test.slash', '/'));
    expect(keyTaken(press('KeyG', 'g'))).toBe(true);
    expect(keyTaken(press('Slash', '?', { shiftKey: true }))).toBe(true);
    expect(keyTaken(press('Slash', '/'))).toBe(true);
    expect(keyTaken(press('KeyW', 'w'))).toBe(false);
  });

  it('is a character typed: one character, no Ctrl, ⌘ or Alt', () => {
    expect(printable({ key: 'a', ctrlKey: false, metaKey: false, altKey: false })).toBe(true);
    expect(printable({ key: 'Enter', ctrlKey: false, metaKey: false, altKey: false })).toBe(false);
    expect(printable({ key: 'v', ctrlKey: true, metaKey: false, altKey: false })).toBe(false);
  });
});
