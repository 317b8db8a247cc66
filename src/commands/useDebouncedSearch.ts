import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { errorText } from '../api/errorText';
import { ApiError } from '../api/client';
import type { PickItem } from './types';

/** How long typing must pause before a record search goes out. */
const SEARCH_DEBOUNCE_MS = 150;

interface PickState {
  items: PickItem[];
  loading: boolean;
  error: string | null;
  /**
   * The text (trimmed) that the items or the error answer. Another than the one typed: the
   * answer for it is on its way (an Enter typed ahead waits for it: ./typeAhead.ts).
   */
  answered: string | null;
}

/** Whether the answer for what is typed now is still on its way. */
export const awaiting = (state: PickState, search: string) => state.answered !== search.trim();

/**
 * A record search as you type: debounced, a newer search aborts the older one, and the last
 * answer stays on screen until the next lands (no flicker, the highlight can stay). An empty
 * search with `skipEmpty` asks nothing.
 */
export function useDebouncedSearch(
  load: (search: string, signal: AbortSignal) => Promise<PickItem[]>,
  search: string,
  key: string,
  skipEmpty = true,
): PickState {
  const [state, setState] = useState<PickState>({
    items: [],
    loading: !skipEmpty || search !== '',
    error: null,
    answered: skipEmpty && !search ? '' : null,
  });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    if (skipEmpty && !search) {
      setState({ items: [], loading: false, error: null, answered: '' });
      return;
    }
    const abort = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const asked = search.trim();
    const timer = setTimeout(() => {
      loadRef.current(asked, abort.signal).then(
        // Rendered at once: as an ordinary update it would wait for a task of React's
        // scheduler, which a frame can overtake, and the rows would show a frame later.
        (items) =>
          !abort.signal.aborted && flushSync(() => setState({ items, loading: false, error: null, answered: asked })),
        (e: unknown) => {
          if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
          setState({
            items: [],
            loading: false,
            error: e instanceof ApiError ? errorText(e.method, e.body) : String(e),
            answered: asked,
          });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [key, search, skipEmpty]);

  return state;
}
