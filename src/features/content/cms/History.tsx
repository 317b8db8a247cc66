import { useMemo, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import { diffWords } from 'diff';
import { CommandButton } from '@/commands/CommandButton';
import { cms, pick, pickNext } from './cmsModel';
import { handled, reportFailure } from '@/ui/handled';
import { Kbd } from '@/ui/Kbd';
import { htmlToText } from './text';
import { formatAgo, formatDateTime, formatNumber } from '@/lib/format';

/** Longer than this, a word diff may take a while: it gives up and says so. */
const DIFF_TIMEOUT_MS = 1500;

/** The page's versions, newest first (who, when), and the picked one compared with the current text. */
export function History() {
  const s = useSnapshot(cms);
  const current = s.page?.version ?? 0;
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    e.stopPropagation(); // the list keys of the page are not these
    void pickNext(e.key === 'ArrowDown' ? 1 : -1)?.then(
      () => document.querySelector<HTMLElement>('.cms-version.is-picked')?.focus(),
      reportFailure,
    );
  };

  if (s.versionsStatus === 'loading' && !s.versions.length) return <p className="muted">Loading the history…</p>;
  if (!s.versions.length) return <p className="muted">No version saved yet: the first save makes version 1.</p>;

  return (
    <div className="cms-history">
      <ol className="cms-versions" aria-label="Versions, newest first" onKeyDown={onKey}>
        {s.versions.map((v) => (
          <li key={v.id}>
            <button
              type="button"
              className={v.version === s.picked ? 'cms-version is-picked' : 'cms-version'}
              aria-pressed={v.version === s.picked}
              onClick={handled(() => pick(v.version))}
            >
              <span className="cms-version-no">v{v.version}</span>
              <span className="cms-version-who">{v.created_by_name ?? 'Someone'}</span>
              <span className="cms-version-when" title={formatDateTime(v.created_at)}>
                {formatAgo(v.created_at)}
              </span>
              <span className="cms-version-note">
                {v.version === current
                  ? 'current'
                  : v.restored_from
                    ? `restored v${v.restored_from}`
                    : `${formatNumber(v.length)} chars`}
              </span>
            </button>
          </li>
        ))}
      </ol>
      <p className="cms-hint muted">
        <Kbd shortcut="alt+arrowdown" /> <Kbd shortcut="alt+arrowup" /> pick an older or newer version ·{' '}
        <Kbd shortcut="r" /> restores it as a new version.
      </p>
      <Comparison />
    </div>
  );
}

function Comparison() {
  const s = useSnapshot(cms);
  const picked = s.pickedText && s.pickedText.version === s.picked ? s.pickedText : null;
  const currentHtml = s.page?.content ?? '';
  const changes = useMemo(
    () =>
      picked ? diffWords(htmlToText(picked.content), htmlToText(currentHtml), { timeout: DIFF_TIMEOUT_MS }) : null,
    [picked, currentHtml],
  );

  if (s.picked === null) return null;
  if (!picked) return <p className="muted">Loading version {s.picked}…</p>;
  const isCurrent = picked.version === s.page?.version;
  return (
    <section className="cms-compare" aria-label={`Version ${picked.version} compared with the current text`}>
      <header className="cms-compare-head">
        <div>
          <strong>Version {picked.version}</strong>
          <span className="muted">
            {' '}
            · {picked.created_by_name ?? 'Someone'} · {formatDateTime(picked.created_at)}
          </span>
        </div>
        {!isCurrent && <CommandButton id="cms.restore" label={`Restore v${picked.version}`} />}
      </header>
      {isCurrent ? (
        <p className="muted">This is the current text.</p>
      ) : (
        <>
          <p className="cms-legend muted">
            <del>Only in version {picked.version}</del> <ins>In the current text</ins>
          </p>
          {changes ? (
            <div className="cms-diff" data-testid="cms-diff">
              {changes.map((c, i) =>
                c.added ? (
                  <ins key={i}>{c.value}</ins>
                ) : c.removed ? (
                  <del key={i}>{c.value}</del>
                ) : (
                  <span key={i}>{c.value}</span>
                ),
              )}
            </div>
          ) : (
            <p className="muted">The two texts differ too much to compare word by word here.</p>
          )}
        </>
      )}
    </section>
  );
}
