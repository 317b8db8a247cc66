// /view-crawl-outlet/:id and /edit-crawl-offer/:id: a ref's own URL knows only its id, while
// the triage view is addressed by source. Fetch the ref, then replace this URL with the triage
// view's (the ref open with ?ref=, and for an offer its edit form with &edit=1), so Back does
// not bounce through here.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { showOfferRef } from '@contract/crawlOffers';
import { showOutletRef } from '@contract/crawlOutlets';
import { call } from '@/api/call';
import { ApiError } from '@/api/client';
import { errorText } from '@/api/errorText';
import { go } from '@/store/navigate';
import { AppLink } from '@/ui/AppLink';
import { Loader } from '@/ui/Loader';
import { refLink } from '../triage/links';

function parse(path: string): { kind: 'outlet' | 'offer'; id: number } | null {
  const m = /^\/(view-crawl-outlet|edit-crawl-offer)\/(\d+)\/?$/.exec(path);
  return m ? { kind: m[1] === 'view-crawl-outlet' ? 'outlet' : 'offer', id: Number(m[2]) } : null;
}

export default function RecordLink() {
  const [path] = useLocation();
  const where = parse(path);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!where) return;
    const abort = new AbortController();
    setError(null);
    const work =
      where.kind === 'outlet'
        ? call(showOutletRef, { query: { id: where.id } }, { signal: abort.signal }).then((r) =>
            refLink('outlets', r.data.source_id, r.data),
          )
        : call(showOfferRef, { params: { id: where.id } }, { signal: abort.signal }).then((r) =>
            refLink('offers', r.data.source_id, r.data, true),
          );
    work.then(
      (to) => go(to, { replace: true }),
      (e: unknown) => {
        if (abort.signal.aborted || (e instanceof ApiError && e.aborted)) return;
        setError(e instanceof ApiError ? errorText('GET', e.body) : 'Could not open this record.');
      },
    );
    return () => abort.abort();
  }, [where?.kind, where?.id]); // eslint-disable-line react-hooks/exhaustive-deps -- the record named, not `where`'s object (new each render) or `go`

  if (!where) return null;
  if (!error) return <Loader />;
  return (
    <div className="empty pane-empty">
      <p role="alert">{error}</p>
      <AppLink to="/crawl-data">Back to Crawl review</AppLink>
    </div>
  );
}
