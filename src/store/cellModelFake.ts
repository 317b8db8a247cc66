// The offers' server in memory, for the tests of the table's cells (./cellModel.test.ts,
// src/commands/cellUndo.test.ts): what they check is how the model and the runner answer a save,
// a stale version and a refused field, so the server does just that.
import { ApiError } from '../api/client';
import type { Payload, ResourceClient } from '../api/resourceClient';

export interface Row {
  id: number;
  title: string;
  discount: string;
  category_id: number | null;
  category_name: string | null;
  version: number;
}

export const CATEGORIES = [
  { value: '1', label: 'Dining' },
  { value: '2', label: 'Travel' },
];

/** The server in memory: updates check the version (409 when stale) and the title's length (422); each waits for `release` while held. */
export function fakeOfferServer(n = 5) {
  let rows: Row[] = Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    title: `Offer ${i + 1}`,
    discount: '5%',
    category_id: 1,
    category_name: 'Dining',
    version: 1,
  }));
  const sent: Payload[] = [];
  const waiting: (() => void)[] = [];
  let holding = false;
  const client: ResourceClient<Row> = {
    async list() {
      return {
        data: rows,
        pagination: {
          page: 1,
          per_page: 50,
          current_page: 1,
          total: rows.length,
          first_page: 1,
          last_page: 1,
          from: 1,
          to: rows.length,
        },
      };
    },
    async show(id) {
      return { message: '', data: rows.find((r) => r.id === id)! };
    },
    add: () => Promise.reject(new Error('no')),
    remove: () => Promise.reject(new Error('no')),
    async update(id, data) {
      const body = data as Payload;
      sent.push(body);
      if (holding) await new Promise<void>((r) => waiting.push(r));
      const row = rows.find((r) => r.id === id)!;
      if (body.version !== row.version)
        throw new ApiError(409, 'POST', {
          message: 'This record was changed by someone else. Reload it and try again.',
          errors: { version: ['stale'] },
        });
      if (typeof body.title === 'string' && body.title.length < 3)
        throw new ApiError(422, 'POST', {
          message: 'Title is too short.',
          errors: { title: ['Title must be 3 characters or more.'] },
        });
      const next: Row = { ...row, ...(body as Partial<Row>), version: row.version + 1 };
      if ('category_id' in body)
        next.category_name = CATEGORIES.find((c) => Number(c.value) === body.category_id)?.label ?? null;
      rows = rows.map((r) => (r.id === id ? next : r));
      return { message: 'Offer updated successfully!', data: next };
    },
  };
  return {
    client,
    sent,
    row: (id: number) => rows.find((r) => r.id === id)!,
    /** Someone else edits a row. */
    change: (id: number, patch: Partial<Row>) =>
      (rows = rows.map((r) => (r.id === id ? { ...r, ...patch, version: r.version + 1 } : r))),
    hold: () => (holding = true),
    release: () => {
      holding = false;
      waiting.splice(0).forEach((go) => go());
    },
  };
}
