import { useEffect, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { useHotkeys } from 'react-hotkeys-hook';
import { ui } from '../store/ui';
import { currentCtx, overlayOpen } from './ctx';
import { firesInFields, parseShortcut, sequenceId, toBinding, type Sequence } from '../ui/kbd';
import { allCommands, getVersion, subscribe } from './registry';
import { canRun, runCommand } from './runner';
import type { Command } from './types';

/** Binds the shortcut of every command in the active scopes; nothing else binds keys. */
export function Hotkeys() {
  useSyncExternalStore(subscribe, getVersion);
  useSnapshot(ui); // the active view decides which scopes are bound
  const { scopes } = currentCtx();
  const bindings = allCommands()
    .filter((c) => c.shortcut && !c.nativeKey && scopes.includes(c.scope))
    .flatMap((cmd) => parseShortcut(cmd.shortcut!).map((seq) => ({ cmd, seq, key: `${cmd.id}:${sequenceId(seq)}` })));

  const prefixes = bindings.filter((b) => b.seq.length > 1).map((b) => b.seq[0].key);
  useSequenceGuard(prefixes.join(' '));
  useOverlayGuard();

  return bindings.map((b) => <Binding key={b.key} cmd={b.cmd} seq={b.seq} />);
}

const REPEATABLE = new Set(['j', 'k', 'arrowdown', 'arrowup']);
const ACTIVATES_ON_ENTER = 'button, a[href], summary, [role="button"], [role="link"], [role="menuitem"], [role="tab"]';

function Binding({ cmd, seq }: { cmd: Command; seq: Sequence }) {
  const { keys, useKey } = toBinding(seq);
  const inFields = firesInFields(seq);
  const chord = seq[0];

  useHotkeys(
    keys,
    (e) => {
      if ((overlayOpen() || e === overlaidEvent) && !passesOverlay(cmd)) return;
      if (!canRun(cmd)) return;
      e.preventDefault();
      void runCommand(cmd.id, 'hotkey');
    },
    {
      useKey,
      // Symbols: Shift depends on the layout, so only the other modifiers are checked (below).
      ignoreModifiers: useKey,
      enableOnFormTags: inFields,
      enableOnContentEditable: inFields,
      ignoreEventWhen: (e) => {
        if (useKey && (e.ctrlKey || e.metaKey || e.altKey)) return true;
        if (e.repeat && !REPEATABLE.has(chord.key)) return true;
        // Enter on a focused button or link belongs to that element.
        if (
          seq.length === 1 &&
          (chord.key === 'enter' || chord.key === 'space') &&
          e.target instanceof Element &&
          e.target.closest(ACTIVATES_ON_ENTER)
        )
          return true;
        return seq.length === 1 && e === swallowed;
      },
    },
    [cmd, keys],
  );
  return null;
}

/** With a dialog open only its own toggle keys pass: mod+k closes the palette, ? the cheat sheet. */
function passesOverlay(cmd: Command): boolean {
  // A screen's modal dialog makes the rest of the page inert, the palette too: it waits.
  if (cmd.id === 'app.palette') return ui.dialog === null;
  return cmd.id === 'app.shortcuts' && ui.cheatSheetOpen && !ui.paletteOpen;
}

// ---- dialogs ----
// A dialog may close itself on the very key press the page hears next (Radix closes the
// palette on Escape in a capture listener): decide "was a dialog open?" before anyone acts.
let overlaidEvent: KeyboardEvent | null = null;

function useOverlayGuard() {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      overlaidEvent = overlayOpen() ? e : null;
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

// ---- sequences ----
// After the first key of a sequence ('g' of 'g b'), the next key belongs to the sequence:
// 'g' then 'e' must not also run the single-key 'e'. A capture listener notes that key.
const SEQUENCE_WINDOW_MS = 1000;
let swallowed: KeyboardEvent | null = null;

function useSequenceGuard(prefixList: string) {
  useEffect(() => {
    if (!prefixList) return;
    const prefixes = new Set(prefixList.split(' '));
    let prefixAt = -Infinity; // performance.now() starts at 0 on page load
    const onKeyDown = (e: KeyboardEvent) => {
      if (['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) return;
      const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
      const now = performance.now();
      swallowed = plain && now - prefixAt < SEQUENCE_WINDOW_MS ? e : null;
      const key = e.code.replace(/^(Key|Digit)/, '').toLowerCase();
      prefixAt = plain && !swallowed && prefixes.has(key) && !isTyping(e) ? now : -Infinity;
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [prefixList]);
}

function isTyping(e: KeyboardEvent): boolean {
  const t = e.target;
  return t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
}
