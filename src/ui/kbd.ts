// Shortcut strings: one string per command is both what gets bound and what is shown.
// Grammar: alternatives separated by ',' ('mod+backspace, #'); a sequence is chords
// separated by spaces ('g b'); a chord is modifiers and one key joined by '+' ('mod+k').
// 'mod' is ⌘ on macOS and Ctrl elsewhere.

export interface Chord {
  mod: boolean;
  ctrl: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
  /** Lower-case key name: 'k', 'enter', 'backspace', '?', '#', 'arrowdown'. */
  key: string;
}
type Sequence = Chord[];

const MODIFIERS = ['mod', 'ctrl', 'alt', 'shift', 'meta'] as const;
const ALIASES: Record<string, string> = {
  esc: 'escape',
  return: 'enter',
  del: 'delete',
  control: 'ctrl',
  cmd: 'meta',
  command: 'meta',
  option: 'alt',
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  comma: ',',
  plus: '+',
};
/** Characters that need Shift on a US keyboard: '?' means shift+'/'. */
const SHIFTED = new Set('~!@#$%^&*()_+{}|:"<>?'.split(''));

function parseChord(text: string): Chord {
  const parts = text
    .toLowerCase()
    .split('+')
    .map((p) => ALIASES[p.trim()] ?? p.trim());
  // 'shift++' style is not needed; the last part is the key, the rest modifiers
  const key = parts.pop() ?? '';
  if (!key) throw new Error(`Shortcut "${text}" has no key`);
  const chord: Chord = { mod: false, ctrl: false, alt: false, shift: SHIFTED.has(key), meta: false, key };
  for (const m of parts) {
    if (!(MODIFIERS as readonly string[]).includes(m)) throw new Error(`Unknown modifier "${m}" in "${text}"`);
    chord[m as (typeof MODIFIERS)[number]] = true;
  }
  return chord;
}

export function parseShortcut(text: string): Sequence[] {
  return text
    .split(/\s*,\s*/)
    .filter(Boolean)
    .map((alt) => alt.trim().split(/\s+/).map(parseChord));
}

const hasModifier = (c: Chord) => c.mod || c.ctrl || c.alt || c.meta;

/** A canonical text of a chord for comparing two shortcuts ('mod' and 'ctrl' kept apart). */
const chordId = (c: Chord) => [...MODIFIERS.filter((m) => c[m]), c.key].join('+');
export const sequenceId = (s: Sequence) => s.map(chordId).join(' ');

/** Keys that edit text: with or without modifiers they belong to the field being typed in. */
const EDITING_KEYS = new Set([
  'backspace',
  'delete',
  'a',
  'c',
  'v',
  'x',
  'z',
  'y',
  'arrowleft',
  'arrowright',
  'arrowup',
  'arrowdown',
  'home',
  'end',
]);

/**
 * Whether a shortcut may fire while focus is in an input, textarea, select or
 * contenteditable: only Escape and modifier chords that do not edit text (mod+k, mod+enter).
 */
export function firesInFields(seq: Sequence): boolean {
  if (seq.length !== 1) return false;
  const [c] = seq;
  if (c.key === 'escape' && !hasModifier(c)) return true;
  return hasModifier(c) && !EDITING_KEYS.has(c.key);
}

// ---- binding (react-hotkeys-hook v5 syntax) ----

const CODE_NAMES: Record<string, string> = {
  '/': 'slash',
  '.': 'period',
  ',': 'comma',
  ';': 'semicolon',
  "'": 'quote',
  '[': 'bracketleft',
  ']': 'bracketright',
  '\\': 'backslash',
  '-': 'minus',
  '=': 'equal',
  '`': 'backquote',
  ' ': 'space',
};

interface Binding {
  /** The string for useHotkeys: 'mod+k', 'g>b', '?'. */
  keys: string;
  /**
   * Match the produced character (e.key) instead of the physical key, for symbols like
   * '?' and '#'. Shift is then left out: which keys need it depends on the layout.
   */
  useKey: boolean;
}

export function toBinding(seq: Sequence): Binding {
  if (seq.length > 1) {
    if (seq.some((c) => hasModifier(c) || c.shift)) throw new Error('Sequences are plain keys only');
    return { keys: seq.map((c) => CODE_NAMES[c.key] ?? c.key).join('>'), useKey: false };
  }
  const [c] = seq;
  if (SHIFTED.has(c.key)) {
    if (hasModifier(c)) throw new Error(`"${chordId(c)}": symbols take no modifiers but Shift`);
    return { keys: c.key, useKey: true };
  }
  return { keys: [...MODIFIERS.filter((m) => c[m]), CODE_NAMES[c.key] ?? c.key].join('+'), useKey: false };
}

// ---- display ----

const isMac = () =>
  typeof navigator !== 'undefined' && /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent);

const MAC_GLYPHS: Record<string, string> = { mod: '⌘', meta: '⌘', ctrl: '⌃', alt: '⌥', shift: '⇧' };
const PC_NAMES: Record<string, string> = { mod: 'Ctrl', meta: 'Win', ctrl: 'Ctrl', alt: 'Alt', shift: 'Shift' };
const KEY_NAMES: Record<string, string> = {
  enter: '↵',
  escape: 'Esc',
  backspace: '⌫',
  delete: 'Del',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  space: 'Space',
  tab: 'Tab',
};

/** Key caps of one chord, e.g. ['⌘', 'K'] or ['Ctrl', 'K']; symbols that imply Shift show alone ('?'). */
function chordKeys(c: Chord, mac = isMac()): string[] {
  const mods = MODIFIERS.filter((m) => c[m] && !(m === 'shift' && SHIFTED.has(c.key)));
  const key = KEY_NAMES[c.key] ?? (c.key.length === 1 ? c.key.toUpperCase() : c.key[0].toUpperCase() + c.key.slice(1));
  return [...mods.map((m) => (mac ? MAC_GLYPHS[m] : PC_NAMES[m])), key];
}

/** Display form: alternatives → chords of a sequence → key caps. */
export function formatShortcut(text: string, mac = isMac()): string[][][] {
  return parseShortcut(text).map((seq) => seq.map((c) => chordKeys(c, mac)));
}

/** One line of text for titles and aria labels: '⌘K', 'Ctrl+K', 'G then B', '⌘⌫ or #'. */
export function shortcutText(text: string, mac = isMac()): string {
  return formatShortcut(text, mac)
    .map((seq) => seq.map((keys) => keys.join(mac ? '' : '+')).join(' then '))
    .join(' or ');
}
