// Above a homepage list: its name and count, whether a move is still being saved, New, and on
// the selected offers the picker that adds an offer at the end.
import type { RefObject } from 'react';
import { CommandButton } from '@/commands/CommandButton';
import { runCommand } from '@/commands/runner';
import { type HomepageTab } from './homepageTypes';
import { Kbd } from '@/ui/Kbd';
import { searchOffers } from './pickers';
import { ServerPicker } from './ServerPicker';
import { TAB_LABEL } from './tabs';

interface ListHeadProps {
  tab: HomepageTab;
  count: number;
  ready: boolean;
  /** Moves made here the server has not answered yet. */
  moving: number;
  /** The moves made here are all saved. */
  saved: boolean;
  addRef: RefObject<HTMLInputElement | null>;
}

export function ListHead({ tab, count, ready, moving, saved, addRef }: ListHeadProps) {
  return (
    <div className="list-head hp-list-head">
      <div className="list-title">
        <h2>{TAB_LABEL[tab].many}</h2>
        <span className="list-count">{ready ? count : ''}</span>
        <span className="hp-saving" role="status">
          {moving > 0 ? 'Saving order…' : saved ? 'Order saved' : ''}
        </span>
        <CommandButton id="homepage.new" label="New" />
      </div>
      {tab === 'selected-offers' && (
        <ServerPicker
          label="Add an offer"
          adds
          inputRef={addRef}
          search={searchOffers}
          placeholder="Search offers to add at the end…"
          onPick={(c) => void runCommand('homepage.addSelectedOffer', 'button', c.id)}
          hint="/ jumps here; Enter adds the highlighted offer."
        />
      )}
      <p className="hp-keys muted">
        <Kbd shortcut="alt+arrowup, alt+arrowdown" /> or drag to move
      </p>
    </div>
  );
}
