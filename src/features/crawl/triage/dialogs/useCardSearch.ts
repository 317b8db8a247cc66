// Live cards searched on the server (the card list call's `query`), a page at a time: the
// select card dialog's results. Typing waits for a pause, and a newer search cancels the older.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Card } from '@contract/card';
import { ApiError } from '@/api/client';
import { cardClient } from '@/ui/lookups';

const PER_PAGE = 50;
const DEBOUNCE_MS = 150;

export interface CardSearch {
  cards: Card[];
  total: number;
  status: 'loading' | 'ready' | 'failed';
  /** The text the cards shown answer. */
  query: string;
  loadMore(): void;
}

export function useCardSearch(text: string): CardSearch {
  const [s, setS] = useState<Omit<CardSearch, 'loadMore'>>({ cards: [], total: 0, status: 'loading', query: text });
  const page = useRef(1);
  const more = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    more.current?.abort();
    setS((x) => ({ ...x, status: 'loading' }));
    const timer = setTimeout(
      () => {
        // No words: every card by name. Words: as the server ranks them.
        cardClient
          .list(
            { query: text || undefined, sort: text ? undefined : 'name', page: 1, per_page: PER_PAGE },
            { signal: abort.signal },
          )
          .then(
            (res) => {
              page.current = 1;
              setS({ cards: res.data, total: res.pagination.total, status: 'ready', query: text });
            },
            (e: unknown) => {
              if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
              setS({ cards: [], total: 0, status: 'failed', query: text });
            },
          );
      },
      text ? DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [text]);

  const loadMore = useCallback(() => {
    if (s.status !== 'ready' || s.cards.length >= s.total || more.current) return;
    const abort = (more.current = new AbortController());
    const next = page.current + 1;
    cardClient
      .list(
        { query: s.query || undefined, sort: s.query ? undefined : 'name', page: next, per_page: PER_PAGE },
        { signal: abort.signal },
      )
      .then(
        (res) => {
          more.current = null;
          page.current = next;
          setS((x) =>
            x.query === s.query ? { ...x, cards: [...x.cards, ...res.data], total: res.pagination.total } : x,
          );
        },
        () => {
          more.current = null;
        },
      );
  }, [s.status, s.cards.length, s.total, s.query]);

  return { ...s, loadMore };
}
