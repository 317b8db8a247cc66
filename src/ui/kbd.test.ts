import { describe, expect, it } from 'vitest';
import { firesInFields, formatShortcut, parseShortcut, sequenceId, shortcutText, toBinding } from './kbd';

describe('parseShortcut', () => {
  it.each([
    ['mod+k', ['mod+k']],
    ['g b', ['g b']],
    ['e', ['e']],
    ['?', ['shift+?']],
    ['shift+?', ['shift+?']],
    ['Esc', ['escape']],
    ['mod+backspace, #', ['mod+backspace', 'shift+#']],
    ['j, down', ['j', 'arrowdown']],
    ['Ctrl+Shift+P', ['ctrl+shift+p']],
  ])('%s', (text, ids) => {
    expect(parseShortcut(text).map(sequenceId)).toEqual(ids);
  });

  it('rejects unknown modifiers', () => {
    expect(() => parseShortcut('hyper+k')).toThrow(/Unknown modifier/);
  });
});

describe('toBinding (react-hotkeys-hook syntax)', () => {
  it.each([
    ['mod+k', 'mod+k', false],
    ['g b', 'g>b', false],
    ['?', '?', true],
    ['#', '#', true],
    ['/', 'slash', false],
    ['mod+enter', 'mod+enter', false],
    ['escape', 'escape', false],
  ])('%s → %s', (text, keys, useKey) => {
    expect(toBinding(parseShortcut(text)[0])).toEqual({ keys, useKey });
  });
});

describe('formatShortcut / shortcutText', () => {
  it.each([
    ['mod+k', true, '⌘K'],
    ['mod+k', false, 'Ctrl+K'],
    ['g b', true, 'G then B'],
    ['?', false, '?'],
    ['shift+?', true, '?'],
    ['mod+backspace, #', true, '⌘⌫ or #'],
    ['mod+enter', false, 'Ctrl+↵'],
    ['escape', true, 'Esc'],
    ['j, arrowdown', false, 'J or ↓'],
  ])('%s (mac %s) → %s', (text, mac, shown) => {
    expect(shortcutText(text, mac)).toBe(shown);
  });

  it('gives key caps per chord of a sequence', () => {
    expect(formatShortcut('g b', false)).toEqual([[['G'], ['B']]]);
    expect(formatShortcut('mod+shift+p', true)).toEqual([[['⌘', '⇧', 'P']]]);
  });
});

describe('firesInFields', () => {
  it.each([
    ['mod+k', true],
    ['mod+enter', true],
    ['escape', true],
    ['e', false],
    ['?', false],
    ['g b', false],
    ['mod+backspace', false],
    ['mod+a', false],
  ])('%s → %s', (text, fires) => {
    expect(firesInFields(parseShortcut(text)[0])).toBe(fires);
  });
});
