import { returnFocus } from '../ui/focusReturn';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Command as Cmdk, useCommandState } from 'cmdk';
import { subscribe as watch, useSnapshot } from 'valtio';
import type { SearchHit } from '@contract/search';
import { closePalette, ui } from '../store/ui';
import { handled } from '../ui/handled';
import { Kbd } from '../ui/Kbd';
import { toast } from '../ui/toast';
import { currentCtx } from './ctx';
import { filter, MORE, RECORD } from './paletteFilter';
import { PickResults } from './PalettePick';
import { RootPage } from './PaletteRootPage';
import { HitsCtx, openRecord, SelectionCtx } from './PaletteRows';
import { actionOf } from './rank';
import { followHighlightedRow } from './activeDescendant';
import { actionCommand, getCommand, getVersion, registerLaterCommands, subscribe } from './registry';
import { onCommandRun, runCommand } from './runner';
import { TypeAhead, TypeAheadCtx } from './typeAhead';
import type { Command } from './types';
import './Palette.css';

/** The list's first row that can be chosen: cmdk renders only the rows that match. */
const firstRow = (list: HTMLElement | null) =>
  list?.querySelector<HTMLElement>('[cmdk-item]:not([data-disabled="true"])') ?? null;

/** A row found on the server (a record, "All matching …"), not a command matched here. */
const isRecordRow = (value: string) => value.startsWith(RECORD) || value.startsWith(MORE);

/** Keys that only change another key: held alone, they are not the person doing something else. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'AltGraph', 'CapsLock']);

/** A fresh map of the rows that are records, for one opening or page of the palette. */
const hitsOf = (_page: string) => new Map<string, SearchHit>();

/** Cmd/Ctrl+K: the commands of the active scopes, records as you type, and a page per command that needs an argument. */
export function Palette() {
  const snap = useSnapshot(ui);
  useSyncExternalStore(subscribe, getVersion);
  const [search, setSearch] = useState('');
  const page = snap.palettePage ? getCommand(snap.palettePage) : undefined;

  // Closed (a command ran, or Escape): the keys go back to where they were.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !snap.paletteOpen) returnFocus();
    wasOpen.current = snap.paletteOpen;
    // Opened before the browser was idle enough to fetch every screen's commands: fetch them now.
    if (snap.paletteOpen) void registerLaterCommands();
  }, [snap.paletteOpen]);

  // Every opening and every page starts with an empty input, unless a row carries the search
  // over ("All matching cards…" opens "Find card…" with what was typed). Set in the render that
  // shows the new page, not in an effect after it: a key typed in between would otherwise land
  // after the reset and bring the last page's text to the new one.
  const [carried, setCarried] = useState('');
  const shown = `${snap.paletteOpen}:${snap.palettePage}`;
  const [shownPage, setShownPage] = useState(shown);
  if (shownPage !== shown) {
    setShownPage(shown);
    setSearch(carried);
    setCarried('');
  }

  // The highlighted row, held here so that results arriving late (from the API) keep it when
  // it is still there and take it when it vanished; otherwise Enter would do nothing.
  const [value, setValue] = useState('');
  const valueRef = useRef(value);
  valueRef.current = value;
  const listRef = useRef<HTMLDivElement>(null);
  const listElement = useCallback((el: HTMLDivElement | null) => {
    listRef.current = el;
    if (!el) return;
    const stop = followHighlightedRow(el);
    return () => {
      stop();
      listRef.current = null;
    };
  }, []);
  // An Enter typed before the rows it was meant for (./typeAhead.ts).
  const ahead = useMemo(() => new TypeAhead(), []);
  const searchRef = useRef(search);
  searchRef.current = search;
  const keepSelection = useCallback(() => {
    const list = listRef.current;
    // The Enter kept for these rows runs the first of them, once cmdk has ordered them (after
    // this commit's effects: the task after).
    const search = searchRef.current;
    ahead.answered(search, () => {
      if (ui.paletteOpen && searchRef.current === search) firstRow(listRef.current)?.click();
    });
    const current = valueRef.current;
    if (!list || (current && list.querySelector(`[cmdk-item][data-value="${CSS.escape(current)}"]`))) return;
    // cmdk has sorted the rows by now: the first one in the list is the best match.
    const first = firstRow(list)?.getAttribute('data-value');
    if (first) setValue(first);
  }, [ahead]);
  // An Enter kept is dropped the moment the palette closes or changes page (even closed and
  // opened again in one go) or any command runs, from here or elsewhere (a toast's button): in
  // the store's or the runner's own call, not once React has rendered it (an answer in between
  // would run it).
  useEffect(() => {
    let shown = `${ui.paletteOpen}:${ui.palettePage}`;
    const stopWatching = watch(
      ui,
      () => {
        const now = `${ui.paletteOpen}:${ui.palettePage}`;
        if (now !== shown) ahead.drop();
        shown = now;
      },
      true,
    );
    const stopListening = onCommandRun(() => ahead.drop());
    return () => {
      stopWatching();
      stopListening();
    };
  }, [ahead]);
  // A new opening or page: the row highlighted last time may be gone (a record opened, another page).
  useEffect(() => {
    if (!snap.paletteOpen) return;
    const frame = requestAnimationFrame(keepSelection);
    return () => cancelAnimationFrame(frame);
  }, [snap.paletteOpen, snap.palettePage, keepSelection]);
  // Which rows are records, per opening and page (a page's keys are only unique on that page).
  const hits = useMemo(() => hitsOf(`${snap.paletteOpen}:${snap.palettePage}`), [snap.paletteOpen, snap.palettePage]);

  // Stable, so that the command rows (memoized) keep their props while typing.
  const openPage = useCallback((cmd: Command, keep = '') => {
    setCarried(keep);
    ui.palettePage = cmd.id;
  }, []);

  const choose = useCallback(
    async (chosen: Command) => {
      let cmd = chosen;
      // A command of another screen named by the manifest: its screen's commands first.
      const action = actionOf(chosen);
      if (action) {
        const real = await actionCommand(action).catch(() => undefined);
        if (!real)
          return void toast.error(`“${chosen.title}” could not be loaded. Check the connection and try again.`);
        if (action.arg !== undefined) {
          closePalette();
          return void runCommand(real.id, 'palette', action.arg);
        }
        cmd = real;
      }
      const ctx = currentCtx();
      if (cmd.pick && cmd.pick.fromContext?.(ctx) === undefined) return openPage(cmd);
      closePalette();
      void runCommand(cmd.id, 'palette');
    },
    [openPage],
  );
  // A row's onSelect returns nothing: a failure of `choose` is toasted, not left unhandled.
  const onChoose = useMemo(() => handled(choose), [choose]);

  const onKeyDown = (e: KeyboardEvent) => {
    const plainEnter = e.key === 'Enter' && !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);
    // Any other key (an arrow, more text, Cmd+Enter) is the person's word now, not the Enter kept.
    if (!plainEnter && !MODIFIERS.has(e.key)) ahead.drop();
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    if (plainEnter) {
      // The answer for what was typed is on its way: Enter runs its first row when it comes,
      // unless a command (matched here, above any record) is already first.
      const first = firstRow(listRef.current)?.getAttribute('data-value') ?? '';
      const ready = !page && first !== '' && !isRecordRow(first);
      if (ahead.enter(search, ready)) e.preventDefault(); // cmdk skips its own Enter
      return;
    }
    const hit = hits.get(valueRef.current);
    if (!hit) return;
    e.preventDefault(); // cmdk skips its own Enter
    openRecord(hit, 'edit');
  };

  const selected = hits.has(value) ? 'record' : value ? 'command' : null;

  return (
    <Cmdk.Dialog
      open={snap.paletteOpen}
      onOpenChange={(open) => (open ? (ui.paletteOpen = true) : closePalette())}
      label="Command palette"
      shouldFilter={!page}
      filter={filter}
      value={value}
      onValueChange={setValue}
      onKeyDown={onKeyDown}
      // A click in the palette too: the person chose for themselves.
      onPointerDown={() => ahead.drop()}
      loop
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      {page && (
        <div className="palette-crumb">
          {/* Out of the tab order: a palette opened straight on a page (a key asking for its
              argument) focuses its first tabbable element, which must be the input;
              Backspace on the empty input goes back by keys. */}
          <button
            type="button"
            className="palette-back"
            tabIndex={-1}
            onClick={() => (ui.palettePage = null)}
            aria-label="Back to all commands"
          >
            ←
          </button>
          <span>{page.title.replace(/…$/, '')}</span>
        </div>
      )}
      <Cmdk.Input
        value={search}
        onValueChange={setSearch}
        placeholder={page?.pick?.placeholder ?? 'Type a command or search…'}
        onKeyDown={(e) => {
          // Backspace on an empty input leaves the page, like a breadcrumb.
          if (e.key === 'Backspace' && !search && page) {
            e.preventDefault();
            ui.palettePage = null;
          }
        }}
      />
      <Cmdk.List ref={listElement}>
        <TypeAheadCtx.Provider value={ahead}>
          <SelectionCtx.Provider value={keepSelection}>
            <HitsCtx.Provider value={hits}>
              {page?.pick ? (
                <PickResults command={page} search={search} />
              ) : (
                snap.paletteOpen && <RootPage search={search} onChoose={onChoose} onMore={openPage} />
              )}
            </HitsCtx.Provider>
          </SelectionCtx.Provider>
        </TypeAheadCtx.Provider>
        {/* Last: its layout effect runs after the rows' own, which give them their data-value. */}
        <OrderRows listRef={listRef} />
      </Cmdk.List>
      <ResultsAnnouncer listRef={listRef} search={search} page={snap.palettePage} />
      {snap.paletteOpen && (
        <div className="palette-foot" aria-hidden>
          {selected === 'record' ? (
            <>
              <span>
                <Kbd shortcut="enter" /> open
              </span>
              <span>
                <Kbd shortcut="mod+enter" /> edit
              </span>
            </>
          ) : (
            selected && (
              <span>
                <Kbd shortcut="enter" /> {page ? 'choose' : 'run'}
              </span>
            )
          )}
          <span className="palette-foot-end">
            <Kbd shortcut="escape" /> close
          </span>
        </div>
      )}
    </Cmdk.Dialog>
  );
}

/**
 * Says how many rows answer what was typed, once typing pauses (screen readers hear the
 * highlighted row from cmdk, but not that the list changed under it).
 */
function ResultsAnnouncer({
  listRef,
  search,
  page,
}: {
  listRef: React.RefObject<HTMLDivElement | null>;
  search: string;
  page: string | null;
}) {
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      const n = listRef.current?.querySelectorAll('[cmdk-item]').length ?? 0;
      setText(n === 0 ? 'No results' : `${n} ${n === 1 ? 'result' : 'results'}`);
    }, 500);
    return () => clearTimeout(timer);
  }, [listRef, search, page]);
  return (
    <div className="visually-hidden" aria-live="polite">
      {text}
    </div>
  );
}

/**
 * Command rows that a longer word brings back (none matched "set valid t", two match "set valid
 * to") enter the DOM where React puts them, after cmdk has ordered the rows it showed, and cmdk
 * then highlights the first row in the DOM. Record groups arriving later went in above the
 * commands the same way ("edit bank": its cards above "Edit bank"). Ordered again here, in the
 * commit that shows them (a new search, or rows come or go) and before cmdk's own layout effect
 * (a parent's) highlights the first: the commands by score, then the groups.
 */
function OrderRows({ listRef }: { listRef: RefObject<HTMLDivElement | null> }) {
  const search = useCommandState((s) => s.search);
  const count = useCommandState((s) => s.filtered.count);
  useLayoutEffect(() => {
    const sizer = listRef.current?.querySelector('[cmdk-list-sizer]');
    if (!search.trim() || !sizer) return;
    const kids = [...sizer.children];
    const items = kids.filter((k) => k.hasAttribute('cmdk-item'));
    const score = new Map(items.map((el) => [el, filter(el.getAttribute('data-value') ?? '', search)]));
    const sorted = [...items].sort((a, b) => score.get(b)! - score.get(a)!);
    // As cmdk orders them: the rows, then the groups after them.
    const groups = kids.filter((k) => k.hasAttribute('cmdk-group'));
    const wanted = [...sorted, ...groups];
    const shown = kids.filter((k) => k.hasAttribute('cmdk-item') || k.hasAttribute('cmdk-group'));
    if (wanted.every((el, i) => el === shown[i])) return;
    for (const el of wanted) sizer.appendChild(el);
  }, [search, count, listRef]);
  return null;
}
