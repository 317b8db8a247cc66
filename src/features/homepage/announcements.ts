// What dnd-kit says to screen readers while a row is dragged (its `accessibility` option):
// rows by title and place, not by id. Alt+↑/↓ and the palette moves are said by the screen's
// own live region (homepageState.announcement).
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

export const instructions: ScreenReaderInstructions = {
  draggable:
    'To pick up this item, press Space. While it is picked up, the arrow keys move it, Space or Enter drops it and Escape cancels. Alt with the up or down arrow moves the highlighted item one place without picking it up.',
};

/** Announcements for one list: `rows` in their shown order, with a title each. */
export function announcementsFor(rows: readonly { id: number; title: string }[]): Announcements {
  const n = rows.length;
  const title = (id: UniqueIdentifier) => rows.find((r) => r.id === id)?.title ?? 'The item';
  const place = (id: UniqueIdentifier | undefined) => (id === undefined ? -1 : rows.findIndex((r) => r.id === id) + 1);
  return {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}. It is at position ${place(active.id)} of ${n}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${title(active.id)} is over position ${place(over.id)} of ${n}.`
        : `${title(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${title(active.id)} dropped at position ${place(over.id)} of ${n}.`
        : `${title(active.id)} dropped where it was.`,
    onDragCancel: ({ active }) =>
      `Moving ${title(active.id)} was cancelled. It stays at position ${place(active.id)} of ${n}.`,
  };
}
