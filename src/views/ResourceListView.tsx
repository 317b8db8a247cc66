import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { Payload } from '../api/resourceClient';
import { errorText } from '../api/errorText';
import { ApiError } from '../api/client';
import { CommandButton } from '../commands/CommandButton';
import { pathTo, type ResourceScreen } from '../commands/resourceCommands';
import { runCommand } from '../commands/runner';
import type { ListController, Mode } from '../commands/types';
import { go } from '../navigate';
import { setActiveView, ui } from '../store/ui';
import { Kbd } from '../ui/Kbd';
import { Loader } from '../ui/Loader';
import { SplitPane } from '../ui/SplitPane';
import { VirtualList } from '../ui/VirtualList';

export interface FormProps<T> {
  /** null: a new record. */
  record: T | null;
  /** The server's message per field, from the last failed save. */
  errors: Readonly<Record<string, string>>;
  saving: boolean;
  /** The last save was refused because someone else changed the record (409). */
  conflict: boolean;
  onSubmit: (data: Payload) => void;
  onCancel: () => void;
  onReload: () => void;
  formRef: RefObject<HTMLFormElement | null>;
}

interface ResourceListViewProps<T extends { id: number }> {
  screen: ResourceScreen<T>;
  renderRow: (record: T) => ReactNode;
  renderDetail: (record: T) => ReactNode;
  renderForm: (props: FormProps<T>) => ReactNode;
}

const SEARCH_DEBOUNCE_MS = 250;

/**
 * The split-pane screen every catalogue entity uses: a virtualized, searchable list on the
 * left and the record's view or form on the right, all driven by the URL
 * (/bank-list?query=…, /view-bank/3, /edit-bank/3, /add-bank) and the command layer.
 */
export function ResourceListView<T extends { id: number }>({ screen, renderRow, renderDetail, renderForm }: ResourceListViewProps<T>) {
  const { store, routes, resource, view } = screen;
  const s = useSnapshot(store.state);
  const items = s.items as unknown as T[];
  const [location, navigate] = useLocation();
  const { parser } = useRouter();
  const query = new URLSearchParams(useSearch()).get('query') ?? '';
  const { mode, id } = routeState(parser, routes, location);
  const listRef = useRef<HTMLDivElement | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const one = resource.label.one.toLowerCase();
  const many = resource.label.many.toLowerCase();

  // The list follows the URL's query.
  useEffect(() => {
    if (store.state.status === 'idle' || store.state.query !== query) store.load(query).catch(() => undefined);
  }, [store, query]);

  // A record in the URL is the highlighted one; fetch it if the loaded pages lack it (deep link).
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    setMissing(null);
    if (id === null) return;
    store.select(id);
    if (!store.find(id)) {
      store.show(id).catch((e: unknown) => setMissing(e instanceof ApiError && e.status === 404 ? `This ${one} does not exist (any more).` : errorText('GET', e instanceof ApiError ? e.body : null)));
    }
  }, [store, id, one]);

  // Each form starts clean. The form is remounted only by Reload (formEpoch), never because a
  // list refresh brought a newer copy of the record: that would throw away what was typed.
  useEffect(() => store.resetForm(), [store, mode, id]);
  const [formEpoch, setFormEpoch] = useState(0);

  const withQuery = useCallback((path: string) => (query ? `${path}?query=${encodeURIComponent(query)}` : path), [query]);
  const latest = useRef({ mode, id, withQuery });
  latest.current = { mode, id, withQuery };
  // j/k pressed while a new query's first page is still on its way: apply them when it lands.
  const pendingMoves = useRef(0);

  // What j/k/Enter/Escape/'/' and mod+enter do here (see commands/list.ts).
  const controller = useMemo<ListController>(
    () => ({
      move(delta) {
        const list = store.state.items;
        if (list.length === 0) {
          if (store.state.status === 'loading') pendingMoves.current += delta;
          return;
        }
        const at = list.findIndex((r) => r.id === store.state.selectedId);
        const next = list[at < 0 ? 0 : Math.min(list.length - 1, Math.max(0, at + delta))];
        store.select(next.id);
        // An open record follows the cursor.
        if (latest.current.mode === 'view') go(latest.current.withQuery(pathTo(routes.view, next.id)), { replace: true });
      },
      open() {
        const sel = store.state.selectedId;
        if (sel !== null) go(latest.current.withQuery(pathTo(routes.view, sel)));
      },
      close() {
        const { mode: m, id: current, withQuery: wq } = latest.current;
        if (m === 'edit' && current !== null) go(wq(pathTo(routes.view, current)));
        else go(wq(routes.list));
        listRef.current?.focus();
      },
      focusSearch() {
        searchRef.current?.focus();
        searchRef.current?.select();
      },
      submit() {
        formRef.current?.requestSubmit();
      },
    }),
    [store, routes],
  );

  useEffect(() => {
    const n = pendingMoves.current;
    if (s.status === 'loading' || n === 0) return;
    pendingMoves.current = 0;
    for (let i = 0; i < Math.abs(n); i++) controller.move(n > 0 ? 1 : -1);
  }, [s.status, controller]);

  useEffect(() => {
    setActiveView(view, controller);
    return () => setActiveView(null);
  }, [view, controller]);

  useEffect(() => {
    ui.mode = mode;
    ui.selection = s.selectedId !== null ? { resource: resource.name, id: s.selectedId } : null;
  }, [mode, s.selectedId, resource.name]);

  // Leaving a form (saved or cancelled) hands the keyboard back to the list.
  useEffect(() => {
    if ((mode === 'list' || mode === 'view') && (document.activeElement === document.body || document.activeElement === null)) {
      listRef.current?.focus({ preventScroll: true });
    }
  }, [mode]);

  const highlighted = items.findIndex((r) => r.id === s.selectedId);
  const record = id !== null ? (store.find(id) ?? null) : null;
  const loadMore = useCallback(() => void store.loadMore(), [store]);

  const form = (rec: T | null) =>
    renderForm({
      record: rec,
      errors: s.fieldErrors,
      saving: s.updateStatus === 'loading',
      conflict: s.conflict,
      formRef,
      onSubmit: (data) => runCommand(mode === 'add' ? `${resource.name}.create` : `${resource.name}.update`, 'button', { id: rec?.id, data }),
      onCancel: () => controller.close(),
      // 409: fetch the current record and start the form again from it.
      onReload: () => {
        if (rec)
          store.show(rec.id).then(
            () => {
              store.resetForm();
              setFormEpoch((n) => n + 1);
            },
            () => undefined,
          );
      },
    });

  const listColumn = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>{resource.label.many}</h1>
          <CommandButton id={`${resource.name}.new`} variant="primary" />
        </div>
        <SearchBox
          initial={query}
          label={`Search ${many}`}
          inputRef={searchRef}
          onSearch={(q) => q !== query && navigate(q ? `${location}?query=${encodeURIComponent(q)}` : location, { replace: true })}
          onLeave={() => listRef.current?.focus()}
          onDown={() => {
            listRef.current?.focus();
            controller.move(1);
          }}
        />
        <div className="list-count" aria-live="polite">
          {s.status === 'loading' && (s.query !== s.shownQuery || !s.pagination)
            ? 'Searching…'
            : s.pagination
              ? `${s.pagination.total.toLocaleString()} ${s.pagination.total === 1 ? one : many}${s.shownQuery ? ` matching “${s.shownQuery}”` : ''}`
              : '\u00a0'}
        </div>
      </div>
      <VirtualList
        items={items}
        getKey={(r) => r.id}
        label={resource.label.many}
        total={s.pagination?.total}
        highlighted={highlighted}
        listRef={listRef}
        onRowClick={(r) => {
          store.select(r.id);
          go(withQuery(pathTo(routes.view, r.id)));
        }}
        onEndReached={loadMore}
        renderRow={(r) => renderRow(r)}
        footer={
          <ListFooter
            status={s.status}
            searching={s.query !== s.shownQuery}
            empty={items.length === 0}
            error={s.error}
            emptyText={query ? `No ${many} match “${query}”.` : `No ${many} yet.`}
            onRetry={() => store.loadPage(items.length ? (s.pagination?.current_page ?? 0) + 1 : 1).catch(() => undefined)}
          />
        }
      />
    </>
  );

  let pane: ReactNode;
  if (mode === 'list') {
    pane = <EmptyPane one={one} />;
  } else if (mode === 'add') {
    pane = (
      <Pane title={`New ${one}`}>
        {form(null)}
      </Pane>
    );
  } else if (!record) {
    pane = missing ? (
      <Pane title={resource.label.one}>
        <div className="alert" role="alert">
          {missing}
        </div>
      </Pane>
    ) : (
      <Loader />
    );
  } else if (mode === 'edit') {
    pane = (
      <Pane title={`Edit ${screen.describe(record).label}`}>
        <div key={`${record.id}:${formEpoch}`}>{form(record)}</div>
      </Pane>
    );
  } else {
    pane = (
      <Pane
        title={screen.describe(record).label}
        actions={
          <>
            <CommandButton id={`${resource.name}.edit`} />
            <CommandButton id={`${resource.name}.delete`} />
          </>
        }
      >
        {renderDetail(record)}
      </Pane>
    );
  }

  return <SplitPane list={listColumn} pane={pane} paneOpen={mode !== 'list'} />;
}

function routeState(parser: ReturnType<typeof useRouter>['parser'], routes: ResourceScreen<{ id: number }>['routes'], location: string): { mode: Mode; id: number | null } {
  for (const mode of ['view', 'edit'] as const) {
    const [hit, params] = matchRoute(parser, routes[mode], location);
    const id = Number((params as Record<string, string | undefined> | null)?.id);
    if (hit && Number.isInteger(id) && id > 0) return { mode, id };
  }
  if (matchRoute(parser, routes.add, location)[0]) return { mode: 'add', id: null };
  return { mode: 'list', id: null };
}

function Pane({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="pane">
      <header className="pane-head">
        <h2>{title}</h2>
        {actions}
        <CommandButton id="list.close" label="Close" variant="ghost" />
      </header>
      <div className="pane-body">{children}</div>
    </div>
  );
}

function EmptyPane({ one }: { one: string }) {
  return (
    <div className="empty pane-empty">
      <p>Select a {one} to see it here.</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="enter" /> <span>open</span>
        <Kbd shortcut="e" /> <span>edit</span>
        <Kbd shortcut="n" /> <span>new {one}</span>
        <Kbd shortcut="/" /> <span>search</span>
        <Kbd shortcut="mod+k" /> <span>all commands</span>
      </div>
    </div>
  );
}

function ListFooter(p: { status: string; searching: boolean; empty: boolean; error: string | null; emptyText: string; onRetry: () => void }) {
  if (p.status === 'loading') return <div className="vlist-status">{p.searching ? 'Searching…' : p.empty ? 'Loading…' : 'Loading more…'}</div>;
  if (p.status === 'failed') {
    return (
      <div className="vlist-status" role="alert">
        {p.error ?? 'Failed to fetch data.'}{' '}
        <button type="button" className="btn btn-ghost" onClick={p.onRetry}>
          Retry
        </button>
      </div>
    );
  }
  if (p.status === 'succeeded' && p.empty) return <div className="vlist-status">{p.emptyText}</div>;
  return null;
}

interface SearchBoxProps {
  initial: string;
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  onSearch: (query: string) => void;
  onLeave: () => void;
  onDown: () => void;
}

/** Typing updates the URL's ?query= after a pause; Escape/Enter/↓ hand the keys back to the list. */
function SearchBox({ initial, label, inputRef, onSearch, onLeave, onDown }: SearchBoxProps) {
  const [text, setText] = useState(initial);
  const first = useRef(true);
  // Back/forward changed the URL's query: show it (typing itself never differs from it for long).
  useEffect(() => {
    setText((t) => (t.trim() === initial ? t : initial));
  }, [initial]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Clearing is deliberate: show everything at once. Typing waits for a pause.
    const t = setTimeout(() => onSearch(text.trim()), text.trim() ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <div className="search">
      <input
        ref={inputRef}
        className="input"
        type="search"
        aria-label={label}
        placeholder={`${label}…`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' || e.key === 'Enter') {
            e.preventDefault();
            e.stopPropagation(); // not "close the pane"
            if (e.key === 'Enter') onSearch(text.trim());
            onLeave();
          } else if (e.key === 'ArrowDown') {
            e.preventDefault();
            onDown();
          }
        }}
      />
      {!text && <Kbd shortcut="/" />}
    </div>
  );
}
