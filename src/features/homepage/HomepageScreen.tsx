// /homepage-config: the four lists that arrange the app's homepage, one tab each (?tab=), a
// sortable list beside the highlighted row's form, and the phone preview of the result.
// The model (src/features/homepage/homepageModel.ts) holds the rows, the cursor and the moves; this
// renders its snapshots and lends it the DOM (focus, submit).
import { useEffect, useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import { onTouched } from '@/api/call';
import { CommandButton } from '@/commands/CommandButton';
import { HOMEPAGE_TABS, type HomepageItem, type HomepageTab, type TabList } from './homepageTypes';
import { homepage } from './model';
import { setActiveView } from '@/store/ui';
import { HOMEPAGE_VIEW } from './entry';
import { TAB_RESOURCE } from './homepageApi';
import { ItemPane } from './ItemPane';
import { ListHead } from './ListHead';
import { PhonePreview } from './PhonePreview';
import { RowBody } from './RowBody';
import { SortableList } from './SortableList';
import { TabBar } from './TabBar';
import { TAB_LABEL, tabOf } from './tabs';
import '@/ui/SplitPane.css';
import '@/ui/bits.css';
import './homepage.css';

const OWN = new Set(Object.values(TAB_RESOURCE).map((r) => r.name));

export default function HomepageScreen() {
  const tab = tabOf(useSearch());
  const s = useSnapshot(homepage.state);
  const m = useSnapshot(homepage.list.state);
  const listRef = useRef<HTMLDivElement | null>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const addRef = useRef<HTMLInputElement | null>(null);
  const entered = useRef(false);

  useEffect(() => {
    setActiveView(HOMEPAGE_VIEW, { model: homepage.list, resource: 'homepage' });
    homepage.attachDom({
      focusList() {
        const list = listRef.current;
        const row = list?.querySelector<HTMLElement>(`[data-id="${homepage.list.state.cursor}"]`);
        (row ?? list)?.focus({ preventScroll: true });
      },
      focusForm: () =>
        formRef.current?.querySelector<HTMLElement>('input:not([type="checkbox"]), textarea, select')?.focus(),
      focusSearch: () => addRef.current?.focus(),
      submitForm: () => formRef.current?.requestSubmit(),
    });
    // Another screen changed what these lists show (an offer's title, a bank's name): read them again.
    // Someone else's change to these lists themselves (the live stream) is read again too.
    const stop = onTouched((touched, op, _output, remote) => {
      if (!remote && op.resource && OWN.has(op.resource)) return;
      for (const t of HOMEPAGE_TABS) {
        const r = TAB_RESOURCE[t];
        if ((remote && touched.includes(r.name)) || r.shows?.some((x) => touched.includes(x))) void homepage.load(t);
      }
    });
    return () => {
      stop();
      homepage.attachDom(null);
      homepage.leaveHomepage();
      setActiveView(null);
    };
  }, []);

  useEffect(() => {
    if (entered.current) homepage.showTab(tab);
    else {
      entered.current = true;
      homepage.enterHomepage(tab);
    }
    // A new tab: the keys act on its list.
    const active = document.activeElement;
    if (!active || active === document.body || listRef.current?.contains(active) || active.closest('[role="tablist"]'))
      homepage.list.focusList();
  }, [tab]);

  const list = s.lists[tab] as TabList;
  const rows = list.items as HomepageItem[];
  const item = rows.find((r) => r.id === m.cursor) ?? null;
  const summary = useMemo(
    () => ({ status: list.status, error: list.error, count: rows.length }),
    [list.status, list.error, rows.length],
  );
  // The schedule badges read the minute: rows whose record did not change need no redraw.
  const now = Math.floor(Date.now() / 60_000) * 60_000;

  return (
    <div className={`hp preview-${s.preview}`}>
      <header className="hp-head">
        <h1>Homepage</h1>
        <TabBar tab={tab} lists={s.lists as Record<HomepageTab, TabList>} />
        <CommandButton id="homepage.togglePreview" label="Preview" variant="ghost" />
      </header>
      {/* is-open: a phone shows the form (a tapped row's, or a new one's) in place of the list. */}
      <div
        className={m.shown || s.form.kind === 'new' ? 'hp-body is-open' : 'hp-body'}
        id="hp-panel"
        role="tabpanel"
        aria-labelledby={`hp-tab-${tab}`}
      >
        <section className="hp-list" aria-label={TAB_LABEL[tab].many}>
          <ListHead
            tab={tab}
            count={rows.length}
            ready={list.status === 'ready'}
            moving={s.moving[tab]}
            saved={s.saved[tab]}
            addRef={addRef}
          />
          <SortableList
            tab={tab}
            rows={rows}
            cursor={m.cursor}
            label={TAB_LABEL[tab].many}
            listRef={listRef}
            renderRow={(r) => <RowBody row={r} now={now} />}
            footer={<ListStatus tab={tab} list={list} />}
          />
        </section>
        <section className="hp-pane">
          <ItemPane tab={tab} list={summary} item={item} form={s.form} formRef={formRef} now={now} />
        </section>
        <aside className="hp-preview" aria-label="Phone preview">
          <PhonePreview lists={s.lists as Record<HomepageTab, TabList>} day={s.previewDate} tab={tab} />
        </aside>
      </div>
      <div className="visually-hidden" aria-live="polite">
        {s.announcement}
      </div>
    </div>
  );
}

function ListStatus({ tab, list }: { tab: HomepageTab; list: TabList }) {
  const many = TAB_LABEL[tab].many.toLowerCase();
  if (list.status === 'failed')
    return (
      <div className="vlist-status" role="alert">
        {list.error}
      </div>
    );
  if (list.status !== 'ready') return <div className="vlist-status">Loading {many}…</div>;
  if (!list.items.length) return <div className="vlist-status">No {many} yet. n adds one.</div>;
  return null;
}
