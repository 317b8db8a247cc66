import { CommandButton } from '@/commands/CommandButton';

/**
 * Phones show the list or the open record, one at a time (SplitPane.css): Back, first in the
 * pane's head, leads to the list (list.close, as Close and Escape do). Wider windows hide it.
 */
export function PaneBack() {
  return (
    <span className="pane-back">
      <CommandButton id="list.close" label="← Back" variant="ghost" noKbd />
    </span>
  );
}
