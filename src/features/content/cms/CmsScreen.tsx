import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { CMS_TITLES, CMS_TYPES, type CmsType } from '@contract/cms';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { cms, isDirty, openPage, sourceChanged } from './cmsModel';
import { setActiveView } from '@/store/ui';
import { Kbd } from '@/ui/Kbd';
import { Loader } from '@/ui/Loader';
import { formatAgo, formatDateTime } from '@/lib/format';
import { CMS_PATHS, CMS_VIEW } from './entry';
import { History } from './History';
import { Preview } from './Preview';
import { Toolbar } from './Toolbar';
import '@/ui/SplitPane.css';
import './cms.css';

// The editor (TipTap and ProseMirror) is a chunk of its own, fetched as the page opens.
const RichEditor = lazy(() => import('./RichEditor'));

const typeAt = (path: string): CmsType => CMS_TYPES.find((t) => CMS_PATHS[t] === path) ?? 'term-condition';

/** The legal pages: the text in an editor, beside it how the app shows it or the page's history. */
export default function CmsScreen() {
  const [location] = useLocation();
  const type = typeAt(location);
  const s = useSnapshot(cms);

  useEffect(() => {
    setActiveView(CMS_VIEW);
    return () => setActiveView(null);
  }, []);
  useEffect(() => {
    openPage(type).catch(() => undefined);
  }, [type]);

  const page = s.type === type ? s.page : null;
  const dirty = isDirty();

  return (
    // is-panel-shown: a phone shows the preview or the history in place of the text.
    <div className={s.panelShown ? 'cms is-panel-shown' : 'cms'}>
      <header className="cms-head">
        <div className="cms-title">
          <h1>{CMS_TITLES[type]}</h1>
          <nav className="cms-pages" aria-label="Legal pages">
            {CMS_TYPES.map((t) => (
              <button
                key={t}
                type="button"
                className={t === type ? 'cms-page-tab is-current' : 'cms-page-tab'}
                aria-current={t === type ? 'page' : undefined}
                onClick={() => void runCommand(`cms.show.${t}`, 'button')}
              >
                {CMS_TITLES[t]}
                <Kbd shortcut={t === 'term-condition' ? '[' : ']'} />
              </button>
            ))}
          </nav>
        </div>
        <div className="cms-state" aria-live="polite">
          {page && page.version > 0 ? (
            <span title={page.updated_at ? formatDateTime(page.updated_at) : undefined}>
              Version {page.version}
              {page.updated_by_name ? ` · saved by ${page.updated_by_name}` : ''}
              {page.updated_at ? ` · ${formatAgo(page.updated_at)}` : ''}
            </span>
          ) : page ? (
            <span>Never saved</span>
          ) : null}
          {dirty && <span className="cms-dirty">Unsaved changes</span>}
        </div>
        <div className="cms-actions">
          {dirty && <CommandButton id="cms.reload" variant="ghost" />}
          <CommandButton id="cms.toggleSource" label={s.source === null ? 'Edit HTML' : 'Rich text'} />
          <CommandButton id="cms.save" label={s.saving ? 'Saving…' : 'Save'} variant="primary" />
        </div>
      </header>

      <div className="cms-notes">
        {s.removed.length > 0 && (
          <div className="alert cms-removed" role="status">
            <span>
              The server removed what the app may not show, and saved the rest: <strong>{s.removed.join(', ')}</strong>.
            </span>
            <button type="button" className="btn btn-ghost" onClick={() => (cms.removed = [])}>
              Dismiss
            </button>
          </div>
        )}
        {s.status === 'failed' && (
          <div className="alert" role="alert">
            {s.error}{' '}
            <button type="button" className="btn btn-ghost" onClick={() => void openPage(type).catch(() => undefined)}>
              Retry
            </button>
          </div>
        )}
      </div>

      <div className="cms-body">
        <section className="cms-edit" aria-label="Text">
          {s.source === null && <Toolbar />}
          {/* Kept while the HTML is edited: the preview reads the HTML through it. */}
          <div className="cms-editor-slot" hidden={s.source !== null}>
            {page ? (
              <Suspense fallback={<Loader />}>
                <RichEditor label={`${CMS_TITLES[type]}: text`} />
              </Suspense>
            ) : (
              <Loader />
            )}
          </div>
          {s.source !== null && (
            <textarea
              id="cms-source"
              className="input cms-source"
              aria-label={`${CMS_TITLES[type]}: HTML`}
              spellCheck={false}
              value={s.source}
              onChange={(e) => sourceChanged(e.target.value)}
            />
          )}
          {/* A phone has no room beside the text: these open the panel in its place. */}
          <div className="cms-panel-open">
            <CommandButton id="cms.preview" label="Preview" noKbd />
            <CommandButton
              id="cms.history"
              label={`History${s.versions.length ? ` (${s.versions.length})` : ''}`}
              noKbd
            />
          </div>
          <p className="cms-hint muted">
            <Kbd shortcut="mod+s" /> saves · <Kbd shortcut="e" /> edits · Tab leaves the text ·{' '}
            <Kbd shortcut="shift+e" /> {s.source === null ? 'edits the HTML' : 'back to rich text'}
            {s.source !== null &&
              '. The server keeps headings, paragraphs, lists, bold, italic, underline, strikethrough, links (http, https, mailto), quotes and code, and removes anything else.'}
          </p>
        </section>
        <aside className="cms-side">
          <div className="cms-panel-tabs">
            {/* A phone: Back to the text (SplitPane.css shows .pane-back there only). */}
            <span className="pane-back">
              <CommandButton id="cms.text" label="← Back" variant="ghost" noKbd />
            </span>
            <div className="cms-panel-tablist" role="tablist" aria-label="Beside the text">
              <PanelTab panel="preview" label="Preview" shortcut="p" command="cms.preview" />
              <PanelTab
                panel="history"
                label={`History${s.versions.length ? ` (${s.versions.length})` : ''}`}
                shortcut="h"
                command="cms.history"
              />
            </div>
          </div>
          <div className="cms-panel" role="tabpanel">
            {s.panel === 'preview' ? <Preview title={CMS_TITLES[type]} html={s.draft} /> : <History />}
          </div>
        </aside>
      </div>
    </div>
  );
}

function PanelTab({
  panel,
  label,
  shortcut,
  command,
}: {
  panel: 'preview' | 'history';
  label: string;
  shortcut: string;
  command: string;
}) {
  const { panel: shown } = useSnapshot(cms);
  return (
    <button
      type="button"
      role="tab"
      aria-selected={shown === panel}
      className={shown === panel ? 'cms-panel-tab is-current' : 'cms-panel-tab'}
      onClick={() => void runCommand(command, 'button')}
    >
      {label}
      <Kbd shortcut={shortcut} />
    </button>
  );
}
