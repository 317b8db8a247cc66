// The pane beside the list: the highlighted row's form (or a new one's), with what the app
// makes of it now; or, with no row, why (loading, failed, nothing yet) and the keys to use.
import { memo, useState, type RefObject } from 'react';
import type { DontMissOut, HeroBanner } from '@contract/homepageBanners';
import type { SelectedOffer } from '@contract/homepageSelected';
import type { WelcomeBox } from '@contract/homepageWelcome';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { titleOf, type FormState, type HomepageItem, type HomepageTab, type TabList } from './homepageTypes';
import { homepage } from './model';
import { Kbd } from '@/ui/Kbd';
import { Badge } from '@/ui/bits';
import { PaneBack } from '@/screens/PaneBack';
import { BannerForm, SelectedOfferForm, WelcomeBoxForm, type ItemFormProps } from './forms';
import { SCHEDULE_LABEL, scheduleState } from './schedule';
import { TAB_LABEL } from './tabs';

/** What the pane says of the list when no row is open. */
export type ListSummary = Pick<TabList, 'status' | 'error'> & { count: number };

interface ItemPaneProps {
  tab: HomepageTab;
  list: ListSummary;
  item: HomepageItem | null;
  form: FormState;
  formRef: RefObject<HTMLFormElement | null>;
  now: number;
}

/**
 * Drawn again when what it shows changed: a move gives the row a new position, which the pane
 * does not show, so Alt+↓ does not redraw the form.
 */
export const ItemPane = memo(function ItemPane({ tab, list, item, form, formRef, now }: ItemPaneProps) {
  // Cancel on an edit puts the saved values back: a new key starts the form afresh.
  const [round, setRound] = useState(0);
  const isNew = form.kind === 'new';
  if (!isNew && !item) return <NothingOpen tab={tab} list={list} />;
  const shown = isNew ? null : item;
  const state = shown ? SCHEDULE_LABEL[scheduleState(shown, now)] : null;
  const onCancel = () => {
    if (!isNew) setRound((r) => r + 1);
    void runCommand('list.close', 'button');
  };
  const props: Omit<ItemFormProps<unknown>, 'item'> = { errors: form.errors, saving: form.saving, formRef, onCancel };
  const key = `${tab}:${shown ? `${shown.id}:${shown.version}` : 'new'}:${round}`;
  return (
    <div className="pane">
      <header className="pane-head">
        <PaneBack />
        <h2>{shown ? titleOf(shown) : `New ${TAB_LABEL[tab].one}`}</h2>
        {shown && 'expired' in shown && shown.expired && <Badge tone="warn">Expired</Badge>}
        {state && <Badge tone={state.tone}>{state.label}</Badge>}
        {shown && <CommandButton id="homepage.delete" label="Delete" variant="ghost" />}
      </header>
      <div className="pane-body">
        {tab === 'hero-banners' || tab === 'dont-miss-out' ? (
          <BannerForm
            key={key}
            hero={tab === 'hero-banners'}
            item={shown as HeroBanner | DontMissOut | null}
            {...props}
          />
        ) : tab === 'welcome-boxes' ? (
          <WelcomeBoxForm key={key} item={shown as WelcomeBox | null} {...props} />
        ) : (
          <SelectedOfferForm key={key} item={shown as SelectedOffer | null} {...props} />
        )}
      </div>
    </div>
  );
}, samePane);

function samePane(a: ItemPaneProps, b: ItemPaneProps): boolean {
  const { position: _a, ...restA } = a.item ?? { position: 0 };
  const { position: _b, ...restB } = b.item ?? { position: 0 };
  const sameItem =
    a.item === b.item ||
    (!!a.item && !!b.item && Object.entries(restA).every(([k, v]) => (restB as Record<string, unknown>)[k] === v));
  return (
    sameItem &&
    a.tab === b.tab &&
    a.form === b.form &&
    a.formRef === b.formRef &&
    a.now === b.now &&
    a.list.status === b.list.status &&
    a.list.error === b.list.error &&
    a.list.count === b.list.count
  );
}

function NothingOpen({ tab, list }: { tab: HomepageTab; list: ListSummary }) {
  const many = TAB_LABEL[tab].many.toLowerCase();
  if (list.status === 'failed')
    return (
      <div className="empty pane-empty" role="alert">
        <p>
          Could not homepage.load the {many}: {list.error}
        </p>
        <button type="button" className="btn" onClick={() => void homepage.load(tab)}>
          Try again
        </button>
      </div>
    );
  if (list.status !== 'ready') return <div className="empty pane-empty">Loading {many}…</div>;
  return (
    <div className="empty pane-empty">
      <p>{list.count ? `Pick one of the ${many} to edit it.` : `No ${many} yet: the app's homepage shows none.`}</p>
      <CommandButton id="homepage.new" variant="primary" />
      <div className="pane-empty-keys muted">
        <Kbd shortcut="j, k" /> <span>highlight</span>
        <Kbd shortcut="alt+arrowup, alt+arrowdown" /> <span>move the highlighted one</span>
        <Kbd shortcut="[, ]" /> <span>previous / next tab</span>
        <Kbd shortcut="p" /> <span>phone preview</span>
      </div>
    </div>
  );
}
