import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { filterKeys, type Payload } from '../api/resourceClient';
import { errorText } from '../api/errorText';
import { ApiError } from '../api/client';
import { CommandButton } from '../commands/CommandButton';
import { nounOf, pathTo, type ResourceScreen } from '../commands/resourceCommands';
import { runCommand } from '../commands/runner';
import type { ListController, Mode } from '../commands/types';
import { go, withSearch } from '../navigate';
import { filtersFromSearch, searchWith, sortOptions } from '../store/filters';
import { listKey } from '../store/resourceStore';
import { setActiveView, ui } from '../store/ui';
import { FilterBar } from '../ui/FilterBar';
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
  /** More buttons in the open record's header, before Edit and Delete (exception commands). */
  renderActions?: (record: T) => ReactNode;
  /** Row height in px (34 by default; two-line rows need more). */
  rowHeight?: number;
  /** More buttons for the selection pane (bulk exception commands). */
  renderSelectionActions?: () => ReactNode;
}

const SEARCH_DEBOUNCE_MS = 250;
/** How many picked records the selection pane names. */
const SELECTION_NAMES = 12;

/**
 * The split-pane screen every catalogue entity uses: a virtualized, searchable list on the
 * left and the record's view or form on the right, all driven by the URL
 * (/card-list?query=…&bank=3&sort=-name, /view-card/3, /edit-card/3, /add-card) and the
 * command layer. Filters, sort and search live in the URL: shareable, and Back undoes them.
 */
export function ResourceListView<T extends { id: number }>({ screen, renderRow, renderDetail, renderForm, renderActions, renderSelectionActions, rowHeight }: ResourceListViewProps<T>) {
  const { store, routes, resource, view } = screen;
  const s = useSnapshot(store.state);
  const items = s.items as unknown as T[];
  const [location, navigate] = useLocation();
  const { parser } = useRouter();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const query = params.get('query') ?? '';
  const sort = params.get('sort') ?? '';
  const keys = useMemo(() => filterKeys(resource), [resource]);
  const filters = useMemo(() => filtersFromSearch(search, keys), [search, keys]);
  const filterCount = Object.keys(filters).length;
  const { mode, id } = routeState(parser, routes, location, search);
  const canAdd = !resource.omit?.includes('add');
  const listRef = useRef<HTMLDivElement | null>(null);
  const searchRef = useRef<HTMLInputElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const { one, many } = nounOf(screen);

  // The list follows the URL's search, filters and sort.
  const argsKey = listKey({ query, filters, sort });
  useEffect(() => {
    store.sync({ query, filters, sort })?.catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, argsKey]);

  // A record in the URL is the highlighted one; fetch it if the loaded pages lack it (deep link).
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    setMissing(null);
    if (id === null) return;
    store.select(id);
    // Without a show call (read-only lists) the record can only come from the loaded pages.
    if (!store.find(id) && !resource.omit?.includes('show')) {
      store.show(id).catch((e: unknown) => setMissing(e instanceof ApiError && e.status === 404 ? `This ${one} does not exist (any more).` : errorText('GET', e instanceof ApiError ? e.body : null)));
    }
  }, [store, id, one, resource]);

  // Each form starts clean. The form is remounted only by Reload (formEpoch), never because a
  // list refresh brought a newer copy of the record: that would throw away what was typed.
  useEffect(() => store.resetForm(), [store, mode, id]);
  const [formEpoch, setFormEpoch] = useState(0);

  // Moving between list, view and edit keeps the search and filters (never the `new` flag).
  const withQuery = useCallback((path: string) => withSearch(path, search), [search]);
  const latest = useRef({ mode, id, withQuery, location, search, filterCount });
  latest.current = { mode, id, withQuery, location, search, filterCount };

  /** Change URL params of this list (a filter, the sort, the search); `replace` for typing. */
  const setParams = useCallback(
    (changes: Record<string, string | null>, replace = false) => {
      const { location: loc, search: now } = latest.current;
      const next = searchWith(now, changes);
      if (next !== (now ? `?${now}` : '')) navigate(loc + next, { replace });
    },
    [navigate],
  );
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
      toggleSelect() {
        if (store.state.selectedId !== null) store.toggle(store.state.selectedId);
      },
      extendSelect() {
        if (store.state.selectedId !== null) store.extendTo(store.state.selectedId);
      },
      selectAll: () => store.selectAll(),
      clearSelection: () => store.clearSelection(),
      selectedCount: () => store.state.selected.size,
      filterCount: () => latest.current.filterCount,
      clearFilters: () => setParams(Object.fromEntries(keys.map((k) => [k, null]))),
    }),
    [store, routes, keys, setParams],
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
  // Read through the snapshot (items and current) so a deep-linked record that show() brings re-renders the pane.
  const record = id !== null ? ((items.find((r) => r.id === id) ?? (s.current?.id === id ? (s.current as unknown as T) : null)) as T | null) : null;
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

  const selectedCount = s.selected.size;
  const sorts = screen.sorts ?? sortOptions(resource.sortable ?? []);
  const countText =
    s.status === 'loading' && (listKey(s) !== s.shownKey || !s.pagination)
      ? 'Searching…'
      : s.pagination
        ? `${s.pagination.total.toLocaleString()} ${s.pagination.total === 1 ? one : many}${s.shownQuery ? ` matching “${s.shownQuery}”` : ''}`
        : '\u00a0';

  const listColumn = (
    <>
      <div className="list-head">
        <div className="list-title">
          <h1>{resource.label.many}</h1>
          {canAdd && <CommandButton id={`${resource.name}.new`} variant="primary" />}
        </div>
        <SearchBox
          initial={query}
          label={`Search ${many}`}
          inputRef={searchRef}
          onSearch={(q) => setParams({ query: q || null }, true)}
          onLeave={() => listRef.current?.focus()}
          onDown={() => {
            listRef.current?.focus();
            controller.move(1);
          }}
        />
        <FilterBar
          filters={screen.filters ?? []}
          values={filters}
          onChange={(key, value) => setParams({ [key]: value || null })}
          sort={sorts.length ? { options: sorts, value: sort, defaultValue: resource.defaultSort ?? sorts[0].value, onChange: (v) => setParams({ sort: v || null }) } : undefined}
          onLeave={() => listRef.current?.focus()}
        />
        {selectedCount > 0 ? (
          <div className="selection-bar" role="region" aria-label="Selection">
            <span className="selection-count" aria-live="polite">
              {selectedCount.toLocaleString()} selected
            </span>
            {!resource.omit?.includes('remove') && <CommandButton id={`${resource.name}.deleteSelected`} label="Delete selected" variant="danger" noKbd />}
            <CommandButton id={`${resource.name}.export`} label="Export CSV" noKbd />
            <CommandButton id="list.clearSelection" label="Clear" variant="ghost" noKbd />
          </div>
        ) : (
          <div className="list-meta">
            <div className="list-count" aria-live="polite">
              {countText}
            </div>
            {filterCount > 0 && <CommandButton id="list.clearFilters" variant="ghost" noKbd />}
            {(s.pagination?.total ?? 0) > 0 && <CommandButton id={`${resource.name}.export`} label="Export CSV" variant="ghost" noKbd />}
          </div>
        )}
      </div>
      <VirtualList
        items={items}
        getKey={(r) => r.id}
        label={resource.label.many}
        total={s.pagination?.total}
        highlighted={highlighted}
        listRef={listRef}
        rowHeight={rowHeight}
        isChecked={(r) => s.selected.has(r.id)}
        onCheck={(r, _i, extend) => {
          store.select(r.id);
          if (extend) store.extendTo(r.id);
          else store.toggle(r.id);
        }}
        onRowClick={(r) => {
          store.select(r.id);
          go(withQuery(pathTo(routes.view, r.id)));
        }}
        onEndReached={loadMore}
        renderRow={(r) => renderRow(r)}
        footer={
          <ListFooter
            status={s.status}
            searching={listKey(s) !== s.shownKey}
            empty={items.length === 0}
            error={s.error}
            emptyText={
              query || filterCount
                ? `No ${many} match ${[query ? `“${query}”` : '', filterCount ? 'these filters' : ''].filter(Boolean).join(' and ')}.`
                : `No ${many} yet.`
            }
            onRetry={() => store.loadPage(items.length ? (s.pagination?.current_page ?? 0) + 1 : 1).catch(() => undefined)}
          />
        }
      />
    </>
  );

  let pane: ReactNode;
  if (mode === 'list') {
    pane =
      selectedCount > 0 ? (
        <SelectionPane
          title={`${selectedCount.toLocaleString()} ${selectedCount === 1 ? one : many} selected`}
          names={store.selectedIds().slice(0, SELECTION_NAMES).flatMap((sid) => {
            const r = store.find(sid);
            return r ? [{ id: sid, label: screen.describe(r).label }] : [];
          })}
          more={Math.max(0, selectedCount - SELECTION_NAMES)}
          // Delete, export and clear sit in the selection bar; the pane adds the screen's own bulk actions.
          actions={renderSelectionActions?.()}
        />
      ) : (
        <EmptyPane one={one} canAdd={canAdd} />
      );
  } else if (mode === 'add') {
    pane = (
      <Pane title={`New ${one}`}>
        {form(null)}
      </Pane>
    );
  } else if (!record) {
    const notListed = resource.omit?.includes('show') && s.status === 'succeeded' ? `This ${one} is not in the list.` : null;
    pane = (missing ?? notListed) ? (
      <Pane title={resource.label.one}>
        <div className="alert" role="alert">
          {missing ?? notListed}
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
            {renderActions?.(record)}
            {!resource.omit?.includes('update') && <CommandButton id={`${resource.name}.edit`} />}
            {!resource.omit?.includes('remove') && <CommandButton id={`${resource.name}.delete`} />}
          </>
        }
      >
        {renderDetail(record)}
      </Pane>
    );
  }

  return <SplitPane list={listColumn} pane={pane} paneOpen={mode !== 'list'} />;
}

function routeState(
  parser: ReturnType<typeof useRouter>['parser'],
  routes: ResourceScreen<{ id: number }>['routes'],
  location: string,
  search: string,
): { mode: Mode; id: number | null } {
  for (const mode of ['view', 'edit'] as const) {
    const [hit, params] = matchRoute(parser, routes[mode], location);
    const id = Number((params as Record<string, string | undefined> | null)?.id);
    if (hit && Number.isInteger(id) && id > 0) return { mode, id };
  }
  // `add` is a path ('/add-card') or a flag on another one ('/user-list?new=1').
  const [addPath, addFlags = ''] = routes.add.split('?');
  const here = new URLSearchParams(search);
  const flagged = [...new URLSearchParams(addFlags)].every(([k, v]) => here.get(k) === v);
  if (matchRoute(parser, addPath, location)[0] && flagged) return { mode: 'add', id: null };
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

/** With records picked and nothing open, the pane is about the selection. */
function SelectionPane({ title, names, more, actions }: { title: string; names: { id: number; label: string }[]; more: number; actions?: ReactNode }) {
  return (
    <div className="pane">
      <header className="pane-head">
        <h2>{title}</h2>
      </header>
      <div className="pane-body selection-pane">
        {actions && <div className="selection-pane-actions">{actions}</div>}
        <ul className="selection-pane-names">
          {names.map((n) => (
            <li key={n.id}>{n.label}</li>
          ))}
          {more > 0 && <li className="muted">and {more.toLocaleString()} more</li>}
        </ul>
        <p className="muted selection-pane-keys">
          <Kbd shortcut="x" /> picks or unpicks the highlighted row, <Kbd shortcut="shift+x" /> picks a range, <Kbd shortcut="mod+a" /> picks every loaded row, <Kbd shortcut="escape" /> lets go.
        </p>
      </div>
    </div>
  );
}

function EmptyPane({ one, canAdd }: { one: string; canAdd: boolean }) {
  return (
    <div className="empty pane-empty">
      <p>Select a {one} to see it here.</p>
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>move</span>
        <Kbd shortcut="enter" /> <span>open</span>
        {canAdd && (
          <>
            <Kbd shortcut="e" /> <span>edit</span>
            <Kbd shortcut="n" /> <span>new {one}</span>
          </>
        )}
        <Kbd shortcut="x" /> <span>select (⇧ for a range)</span>
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
