import { useCallback, useEffect, useState } from 'react';
import { auditPage, type AuditEntry, type AuditQuery } from '../auditApi';
import { onTouched } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { MAX_PER_PAGE } from '@contract/envelope';

interface AuditEntries {
  entries: AuditEntry[];
  total: number;
  status: 'loading' | 'ready' | 'failed';
  error: string | null;
  /** The next page, added below. */
  more(): void;
  reload(): void;
}

const PER_PAGE = 50;

/**
 * The audit entries a query matches, newest first, page by page; read again whenever a call
 * changes records of `watch` (an edit, a revert: contract/audit.ts's revert touches them all).
 */
export function useAuditEntries(query: Omit<AuditQuery, 'page' | 'per_page'>, watch: string | null): AuditEntries {
  const key = JSON.stringify(query);
  const [pages, setPages] = useState(1);
  const [epoch, setEpoch] = useState(0);
  const [state, setState] = useState<Omit<AuditEntries, 'more' | 'reload'>>({
    entries: [],
    total: 0,
    status: 'loading',
    error: null,
  });

  useEffect(() => setPages(1), [key]);

  useEffect(() => {
    if (watch === null) return undefined;
    return onTouched((touched) => {
      if (watch === '*' || touched.includes(watch)) setEpoch((n) => n + 1);
    });
  }, [watch]);

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => ({ ...s, status: 'loading' }));
    const q = JSON.parse(key) as AuditQuery;
    auditPage({ ...q, page: 1, per_page: Math.min(MAX_PER_PAGE, PER_PAGE * pages) }, abort.signal).then(
      (res) => setState({ entries: res.data, total: res.pagination.total, status: 'ready', error: null }),
      (e: unknown) => {
        if (e instanceof ApiError && e.aborted) return;
        setState((s) => ({ ...s, status: 'failed', error: errorText('GET', e instanceof ApiError ? e.body : null) }));
      },
    );
    return () => abort.abort();
  }, [key, pages, epoch]);

  const more = useCallback(() => setPages((n) => n + 1), []);
  const reload = useCallback(() => setEpoch((n) => n + 1), []);
  return { ...state, more, reload };
}
