import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../api/client';

export type SearchStatus = 'idle' | 'loading' | 'ready' | 'failed';

const DEBOUNCE_MS = 150;

/**
 * The search behind a picker's combobox (src/ui/RecordPicker.tsx and the homepage's
 * virtualized picker): while `open`, `search(text)` runs 150 ms after the last keystroke, a
 * newer search aborts the older one, and a stale or aborted answer is dropped. The rows found
 * stay shown while the next search is on its way.
 *
 * `onFound` runs with each answer that is kept (the picker resets its highlighted row there).
 * `markLoading` lets a keystroke say "loading" in the same render as the text it typed, before
 * the effect runs, so an Enter pressed at once knows the rows shown are the old ones.
 */
export function useServerSearch<T>(
  open: boolean,
  text: string,
  search: (query: string, signal: AbortSignal) => Promise<T[]>,
  onFound?: (rows: T[]) => void,
) {
  const [found, setFound] = useState<T[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  // The latest callbacks without restarting the search when a parent re-renders.
  const searchRef = useRef(search);
  searchRef.current = search;
  const onFoundRef = useRef(onFound);
  onFoundRef.current = onFound;

  useEffect(() => {
    if (!open) return;
    const abort = new AbortController();
    setStatus('loading');
    const timer = setTimeout(() => {
      searchRef.current(text.trim(), abort.signal).then(
        (rows) => {
          if (abort.signal.aborted) return;
          setFound(rows);
          setStatus('ready');
          onFoundRef.current?.(rows);
        },
        (e: unknown) => {
          if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
          setFound([]);
          setStatus('failed');
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [open, text]);

  return { found, status, markLoading: () => setStatus('loading') };
}

/**
 * The keys every search combobox handles alike: ↑/↓ open the list or move the highlighted row
 * (wrapping), Escape closes the list and only the list (not the pane around it). True when
 * the key was one of those; the picker handles Enter (and any key of its own) itself.
 */
export function comboboxKey(
  e: KeyboardEvent,
  c: {
    open: boolean;
    setOpen: (open: boolean) => void;
    count: number;
    setActive: (next: (a: number) => number) => void;
  },
): boolean {
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (!c.open) c.setOpen(true);
    else if (c.count) c.setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : c.count - 1)) % c.count);
    return true;
  }
  if (e.key === 'Escape') {
    if (c.open) {
      e.preventDefault();
      e.stopPropagation();
      c.setOpen(false);
    }
    return true;
  }
  return false;
}
