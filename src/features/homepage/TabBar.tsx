// The four tabs: a real link each (the tab is in the URL), run as its "Go to …" command.
import { runCommand } from '@/commands/runner';
import { HOMEPAGE_TABS, type HomepageTab, type TabList } from './homepageTypes';
import { AppLink } from '@/ui/AppLink';
import { Kbd } from '@/ui/Kbd';
import { TAB_LABEL, tabPath } from './tabs';

export function TabBar({ tab, lists }: { tab: HomepageTab; lists: Readonly<Record<HomepageTab, TabList>> }) {
  return (
    <div className="hp-tabs">
      <div role="tablist" aria-label="Homepage lists">
        {HOMEPAGE_TABS.map((t) => (
          <AppLink
            key={t}
            role="tab"
            id={`hp-tab-${t}`}
            aria-selected={t === tab}
            aria-controls="hp-panel"
            className={t === tab ? 'hp-tab is-active' : 'hp-tab'}
            to={tabPath(t)}
            onClick={(e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
              e.preventDefault();
              void runCommand(`homepage.goto.${t}`, 'pointer');
            }}
          >
            {TAB_LABEL[t].many}
            <span className="count">{lists[t].status === 'ready' ? lists[t].items.length : '…'}</span>
          </AppLink>
        ))}
      </div>
      <span className="hp-tabs-keys muted" aria-hidden>
        <Kbd shortcut="[" /> <Kbd shortcut="]" />
      </span>
    </div>
  );
}
