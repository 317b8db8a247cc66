// The one key dispatcher. Every layer that can have the keys (src/commands/ctx.ts, keyLayer) is a
// react-hotkeys-hook scope; the topmost is the only active one, so a dialog, the palette or the
// cheat sheet takes the keys from the page without any check of ours. One hook, useCommandKeys,
// reads the registry and binds a layer's shortcuts with three useHotkeys calls (the library's
// options are per call: physical keys, keys that work in fields, symbols by character).
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { HotkeysProvider, useHotkeys, useHotkeysContext, type HotkeyCallback } from 'react-hotkeys-hook';
import { ui } from '@/store/ui';
import { confirmState } from '@/ui/confirmStore';
import { firesInFields, parseShortcut, toBinding } from '@/ui/kbd';
import { currentCtx, keyLayer, KEY_LAYERS, type KeyLayer } from './ctx';
import { allCommands, getVersion, subscribe } from './registry';
import { canRun, runCommand } from './runner';
import type { Command, Scope } from './types';

/** Binds the shortcut of every command of the layer that has the keys; nothing else binds keys. */
export function Hotkeys() {
  return (
    <HotkeysProvider initiallyActiveScopes={['page']}>
      <LayerSwitch />
      <LayerKeys layer="page" />
      <LayerKeys layer="palette" />
      <LayerKeys layer="sheet" />
    </HotkeysProvider>
  );
}

/**
 * The keys a layer over the page keeps: the palette's and the cheat sheet's own toggles. A modal
 * dialog keeps none (the page behind it is inert; the palette waits until it closes).
 */
const OVER_PAGE: Record<Exclude<KeyLayer, 'page'>, readonly string[]> = {
  dialog: [],
  palette: ['app.palette'],
  sheet: ['app.palette', 'app.shortcuts'],
};

interface KeyMap {
  /** Physical keys outside fields: sequences ('g>b') first, then their first keys ('g'), then single keys. */
  plain: string[];
  /** Escape and the modifier chords that do not edit text (kbd.ts, firesInFields). */
  inFields: string[];
  /** Symbols matched by the character typed ('?', '#'): which keys need Shift depends on the layout. */
  symbols: string[];
  prefixes: Set<string>;
  /** The command of each bound key, by the library's name of it (the hotkey its callback gets). */
  commands: Map<string, Command>;
}

/** A layer's bindings, read from the registry: the commands of the active scopes, `nativeKey` ones left out. */
function keyMap(list: readonly Command[], layer: KeyLayer, scopes: readonly Scope[]): KeyMap {
  const own = layer === 'page' ? null : OVER_PAGE[layer];
  const sequences: string[] = [];
  const singles: string[] = [];
  const map: KeyMap = { plain: [], inFields: [], symbols: [], prefixes: new Set(), commands: new Map() };
  for (const cmd of list) {
    if (!cmd.shortcut || cmd.nativeKey || !scopes.includes(cmd.scope) || (own && !own.includes(cmd.id))) continue;
    for (const seq of parseShortcut(cmd.shortcut)) {
      const { keys, useKey } = toBinding(seq);
      map.commands.set(keys, cmd);
      if (seq.length > 1) {
        sequences.push(keys);
        map.prefixes.add(keys.split('>')[0]);
      } else if (useKey) map.symbols.push(keys);
      else if (firesInFields(seq)) map.inFields.push(keys);
      else singles.push(keys);
    }
  }
  map.plain = [...sequences, ...map.prefixes, ...singles];
  return map;
}

const SEQUENCE_WINDOW_MS = 1000;
/** A held key repeats only where moving on makes sense: j/k and ↑/↓ (with or without Alt). */
const REPEATABLE = new Set(['KeyJ', 'KeyK', 'ArrowDown', 'ArrowUp']);
const ACTIVATES_ON_ENTER = 'button, a[href], summary, [role="button"], [role="link"], [role="menuitem"], [role="tab"]';

/** Enter or Space on a focused button or link belongs to that element; most keys do not repeat. */
const belongsElsewhere = (e: KeyboardEvent) =>
  (e.repeat && !REPEATABLE.has(e.code)) ||
  ((e.key === 'Enter' || e.code === 'Space') && e.target instanceof Element && !!e.target.closest(ACTIVATES_ON_ENTER));

function LayerKeys({ layer }: { layer: KeyLayer }) {
  useCommandKeys(layer);
  return null;
}

/** The one hook that reads the registry: a layer's shortcuts, bound on the library scope of that layer. */
function useCommandKeys(layer: KeyLayer) {
  useSyncExternalStore(subscribe, getVersion);
  useSnapshot(ui); // the active view and its list decide the page's commands
  const map = keyMap(allCommands(), layer, currentCtx().scopes);

  // Written by hand because the library cannot: it records a sequence's keys silently and lets
  // each through to the single keys too, so 'g' then 'e' would also run 'e'. After a sequence's
  // first key the next plain key belongs to the sequence, whether it ends one or not.
  const sequence = useRef({ prefixAt: -Infinity, ended: null as KeyboardEvent | null });
  const onKey: HotkeyCallback = (e, { hotkey, isSequence }) => {
    const s = sequence.current;
    const plain = !e.ctrlKey && !e.metaKey && !e.altKey;
    if (isSequence) {
      s.prefixAt = -Infinity;
      s.ended = e;
      if (plain) run(map.commands.get(hotkey), e);
      return;
    }
    if (e === s.ended) return;
    if (plain && e.timeStamp - s.prefixAt < SEQUENCE_WINDOW_MS) {
      s.prefixAt = -Infinity;
      return;
    }
    if (map.prefixes.has(hotkey)) s.prefixAt = e.timeStamp;
    else run(map.commands.get(hotkey), e);
  };

  const scope = { scopes: layer, sequenceTimeoutMs: SEQUENCE_WINDOW_MS, ignoreEventWhen: belongsElsewhere };
  useHotkeys(map.plain, onKey, { ...scope, enabled: map.plain.length > 0 });
  useHotkeys(map.inFields, onKey, {
    ...scope,
    enabled: map.inFields.length > 0,
    enableOnFormTags: true,
    enableOnContentEditable: true,
  });
  useHotkeys(map.symbols, onKey, {
    ...scope,
    enabled: map.symbols.length > 0,
    useKey: true,
    // Shift is left to the layout; the other modifiers make it another chord.
    ignoreModifiers: true,
    ignoreEventWhen: (e) => e.ctrlKey || e.metaKey || e.altKey || belongsElsewhere(e),
  });
}

function run(cmd: Command | undefined, e: KeyboardEvent) {
  if (!cmd || !canRun(cmd)) return;
  e.preventDefault();
  void runCommand(cmd.id, 'hotkey');
}

/** Makes the topmost layer the library's one active scope. */
function LayerSwitch() {
  useSnapshot(ui);
  useSnapshot(confirmState);
  const top = keyLayer();
  const { activeScopes, enableScope, disableScope } = useHotkeysContext();
  const active = activeScopes[0] as KeyLayer;

  useLayoutEffect(() => {
    if (top === active) return;
    const hand = () => {
      enableScope(top);
      disableScope(active);
    };
    // A layer that opens takes the keys at once. One that closes hands them down after the key
    // press that closed it: Radix closes the palette on Escape in a capture listener and React
    // renders before the bubbling Escape reaches the page, which must not hear it.
    if (KEY_LAYERS.indexOf(top) < KEY_LAYERS.indexOf(active)) return hand();
    const timer = setTimeout(hand);
    return () => clearTimeout(timer);
  }, [top, active, enableScope, disableScope]);
  return null;
}
