// Whether a key press belongs to a command now: a table's cell starts editing on a printable
// key (as a spreadsheet's does) only when no command of the active scopes would take it, so
// j/k, x, e, / and the rest keep their commands (Shift+letter, digits and most symbols type).
import { parseShortcut, type Chord } from '../ui/kbd';
import { currentCtx } from './ctx';
import { allCommands } from './registry';

/** Characters whose chord is matched by the character itself (kbd.ts: symbols that need Shift). */
const BY_CHARACTER = new Set('~!@#$%^&*()_+{}|:"<>?'.split(''));

/** The key a physical key press stands for, as shortcuts name keys ('KeyJ' → 'j', 'Slash' → '/'). */
const CODE_KEYS: Record<string, string> = {
  Slash: '/',
  Period: '.',
  Comma: ',',
  Semicolon: ';',
  Quote: "'",
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Minus: '-',
  Equal: '=',
  Backquote: '`',
  Space: 'space',
};
const keyOf = (e: Pick<KeyboardEvent, 'code' | 'key'>) =>
  CODE_KEYS[e.code] ??
  (/^(Key|Digit)/.test(e.code) ? e.code.replace(/^(Key|Digit)/, '').toLowerCase() : e.key.toLowerCase());

function matches(
  c: Chord,
  e: Pick<KeyboardEvent, 'code' | 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  if (c.mod || c.ctrl || c.meta || c.alt || e.ctrlKey || e.metaKey || e.altKey) return false;
  if (BY_CHARACTER.has(c.key)) return e.key === c.key;
  return keyOf(e) === c.key && c.shift === e.shiftKey;
}

/** A command of the active scopes, enabled now, whose shortcut (or a sequence's first key) is this press. */
export function keyTaken(
  e: Pick<KeyboardEvent, 'code' | 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
): boolean {
  const ctx = currentCtx();
  return allCommands().some(
    (cmd) =>
      !!cmd.shortcut &&
      !cmd.nativeKey &&
      ctx.scopes.includes(cmd.scope) &&
      parseShortcut(cmd.shortcut).some((seq) => matches(seq[0], e) && (seq.length > 1 || (cmd.enabled?.(ctx) ?? true))),
  );
}

/** A key that types a character: one character, no Ctrl/⌘/Alt. */
export const printable = (e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
  e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
