// The audit log's rows as a list the list keys move through (j/k, Enter, Escape:
// src/commands/list.ts through src/store/cursorList.ts); the screen hands it the rows it shows.
import { cursorList } from '@/store/cursorList';

let rows: readonly number[] = [];

const cursor = cursorList({
  ids: () => rows,
  // The pane shows the highlighted entry already; Enter takes a phone there.
  onOpen: () => undefined,
  paneFollowsCursor: true,
});

export const auditList = cursor.list;

/** The rows now shown, newest first: the cursor stays on its entry, else goes to the first. */
export function setRows(ids: readonly number[]): void {
  rows = ids;
  const at = auditList.state.cursor;
  if (at === null || !ids.includes(at)) cursor.setCursor(ids[0] ?? null);
}
