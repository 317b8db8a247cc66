// The one combobox (WAI-ARIA's combobox pattern, list autocomplete): an input that keeps the
// focus and points at the highlighted option with aria-activedescendant, so typing never
// leaves the field and a screen reader hears the option Enter would pick. ↑/↓ move (wrapping),
// PageUp/PageDown jump when asked, Enter picks, Escape closes the list (and only the list: the
// pane or dialog around stays), typing filters. The options are the caller's (local, already
// filtered) or a server search: 150 ms after the last key, a newer search aborting the older,
// a stale or aborted answer dropped. src/ui/Combobox.tsx draws the usual picker with it; the
// table's choice editor and the triage's card dialog draw their own list around it.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '@/api/client';

type SearchStatus = 'idle' | 'loading' | 'ready' | 'failed';
export type ServerSearch<T> = (query: string, signal: AbortSignal) => Promise<T[]>;

export const SEARCH_DEBOUNCE_MS = 150;

interface ComboboxConfig<T> {
  /** The options shown, when the caller has them: local ones (filtered by the typed text), or its own paged search. */
  items?: readonly T[] | ((text: string) => readonly T[]);
  /** Else the server's answer for the typed text ('' = the first ones). */
  search?: ServerSearch<T>;
  /** A stable key of an option, an id's worth (its element's id is made of it); unset, its place. */
  keyOf?: (item: T) => string | number;
  /** The typed text, when the caller holds it (its own search reads it); else the combobox does. */
  text?: string;
  onTextChange?: (text: string) => void;
  /** Enter, or a click on an option. */
  onPick: (item: T) => void;
  /** The list is always shown (a dialog's or a cell's): focus and blur neither open nor close it. */
  alwaysOpen?: boolean;
  /** Close the list after a pick (a single choice); else it stays for the next. Default true. */
  closeOnPick?: boolean;
  /** ↑/↓ past the ends go round. Default true. */
  wrap?: boolean;
  /** PageUp/PageDown move this many options; unset, they are left to the browser. */
  page?: number;
  /** The caller's own keys, heard first: true when it handled the key. */
  onKey?: (e: KeyboardEvent<HTMLInputElement>, active: T | undefined) => boolean;
}

/** What an option's element takes: its id, role and pointer handlers. */
interface OptionProps {
  id: string;
  role: 'option';
  'aria-selected': boolean;
  onMouseDown: (e: { preventDefault(): void }) => void;
  onMouseEnter: () => void;
  onClick: () => void;
}

export function useCombobox<T>(config: ComboboxConfig<T>) {
  const { items, search, keyOf, alwaysOpen = false, closeOnPick = true, wrap = true, page } = config;
  const listId = `${useId()}-list`;
  const [ownText, setOwnText] = useState('');
  const text = config.text ?? ownText;
  const setText = config.onTextChange ?? setOwnText;
  const [openState, setOpen] = useState(false);
  const open = alwaysOpen || openState;
  const [active, setActive] = useState(0);
  const found = useServerSearch(open && Boolean(search), text, search, () => setActive(0));
  const rows: readonly T[] = (typeof items === 'function' ? items(text) : items) ?? found.rows;
  const status: SearchStatus = items ? 'ready' : found.status;
  // Enter pressed while a search was on its way: pick its first answer when it lands.
  const pickWhenFound = useRef(false);
  const configRef = useRef(config);
  configRef.current = config;
  found.onAnswer.current = (answer) => {
    if (pickWhenFound.current && answer[0]) pick(answer[0]);
    pickWhenFound.current = false;
  };

  function pick(item: T) {
    configRef.current.onPick(item);
    if (!alwaysOpen && closeOnPick) setOpen(false);
    setText('');
  }

  const optionId = (item: T, index: number) => `${listId}-${keyOf ? keyOf(item) : index}`;
  const activeItem = open ? rows[active] : undefined;

  function move(by: number) {
    const n = rows.length;
    if (!n) return;
    setActive((a) => (wrap ? (((a + by) % n) + n) % n : Math.max(0, Math.min(n - 1, a + by))));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (configRef.current.onKey?.(e, activeItem)) return;
    const steps: Record<string, number | undefined> = {
      ArrowDown: 1,
      ArrowUp: -1,
      PageDown: page,
      PageUp: page && -page,
    };
    const by = steps[e.key];
    if (by !== undefined) {
      e.preventDefault();
      if (!open) setOpen(true);
      else move(by);
      return;
    }
    if (e.key === 'Escape') {
      if (open && !alwaysOpen) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
      }
      return;
    }
    if (e.key === 'Enter') {
      if (e.metaKey || e.ctrlKey) return; // mod+enter: the form's save
      // Never submits the form from here: Enter picks.
      e.preventDefault();
      if (open && search && status === 'loading') pickWhenFound.current = true;
      else if (activeItem) pick(activeItem);
      else setOpen(true);
    }
  }

  const inputProps = {
    role: 'combobox' as const,
    'aria-expanded': open,
    'aria-controls': listId,
    'aria-autocomplete': 'list' as const,
    'aria-activedescendant': activeItem ? optionId(activeItem, active) : undefined,
    autoComplete: 'off',
    value: text,
    onChange: (e: { target: { value: string } }) => {
      setText(e.target.value);
      setOpen(true);
      if (search) found.markLoading();
      pickWhenFound.current = false;
    },
    onFocus: () => setOpen(true),
    onBlur: () => {
      if (alwaysOpen) return;
      setOpen(false);
      setText('');
      pickWhenFound.current = false;
    },
    onKeyDown,
  };

  const optionProps = (item: T, index: number): OptionProps => ({
    id: optionId(item, index),
    role: 'option',
    'aria-selected': index === active,
    onMouseDown: (e) => e.preventDefault(), // the focus stays in the input
    onMouseEnter: () => setActive(index),
    onClick: () => pick(item),
  });

  return { text, setText, open, setOpen, active, setActive, rows, status, listId, inputProps, optionProps, pick };
}

/**
 * While `on`, the server's answer for `text`: 150 ms after the last change, a newer search
 * aborting the older one, a stale or aborted answer dropped. The rows found stay shown while
 * the next search is on its way. `markLoading` lets a keystroke say "loading" in the same
 * render as the text it typed, so an Enter pressed at once knows the rows shown are old.
 */
function useServerSearch<T>(on: boolean, text: string, search: ServerSearch<T> | undefined, onFound: () => void) {
  const [rows, setRows] = useState<T[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  // The latest callbacks, without starting the search again when a parent renders.
  const searchRef = useRef(search);
  searchRef.current = search;
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;
  const onAnswer = useRef<(rows: T[]) => void>(() => undefined);

  useEffect(() => {
    if (!on || !searchRef.current) return;
    const abort = new AbortController();
    setStatus('loading');
    const timer = setTimeout(() => {
      searchRef.current!(text.trim(), abort.signal).then(
        (answer) => {
          if (abort.signal.aborted) return;
          setRows(answer);
          setStatus('ready');
          onFoundRef.current();
          onAnswer.current(answer);
        },
        (e: unknown) => {
          if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
          setRows([]);
          setStatus('failed');
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [on, text]);

  return { rows, status, markLoading: () => setStatus('loading'), onAnswer };
}
