// What a test of the catalogue health queues (tests/api/health*.test.ts) arranges around its
// planted rows: a test server for the file, SQL to plant rows with, the records planted by key
// (`ids`), a viewer's and a reviewer's sessions for the refusals and the rights, and inserts of
// the catalogue's records as the queues read them (straight into the tables: a test plants
// rows an admin's call would refuse, such as an offer with no card).
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './app';
import { opCalls } from './ops';
import { bearerOf, insertSession, insertUser } from './sessions';

export type Q = <T = { id: number }>(sql: string, params?: unknown[]) => Promise<T[]>;

export interface HealthSetup {
  /** The file's server (started in `beforeAll`). */
  server: () => TestServer;
  q: Q;
  call: ReturnType<typeof opCalls>['call'];
  ok: ReturnType<typeof opCalls>['ok'];
  one: ReturnType<typeof opCalls>['one'];
  /** The records planted, by the test's key. */
  ids: Record<string, number>;
  /** Authorization headers of a viewer and a reviewer (filled in `beforeAll`). */
  viewer: Record<string, string>;
  reviewer: Record<string, string>;
  insert: ReturnType<typeof inserts>;
}

/**
 * Starts a server for the file, runs `plant` on it, then makes the viewer's and the reviewer's
 * sessions (e-mails `<name>-viewer@…`, `<name>-reviewer@…`); closes the server after the file.
 */
export function healthSetup(name: string, plant: (h: HealthSetup) => Promise<void>): HealthSetup {
  let s: TestServer;
  const server = () => s;
  const { call, ok, one } = opCalls(server);
  const q: Q = (sql, params = []) => s.db.query(sql, params).then((r) => r.rows as never);
  const h: HealthSetup = { server, q, call, ok, one, ids: {}, viewer: {}, reviewer: {}, insert: inserts(q) };
  beforeAll(async () => {
    s = await startTestServer();
    await plant(h);
    for (const role of ['viewer', 'reviewer'] as const) {
      const u = await insertUser(s.db, { role, email: `${name}-${role}@test.example` });
      Object.assign(h[role], bearerOf(await insertSession(s.db, u.id)));
    }
  });
  afterAll(() => s?.close());
  return h;
}

/** Inserts of the records the queues read, each answering its id. */
function inserts(q: Q) {
  const id = async (sql: string, params: unknown[]) => (await q(sql, params))[0].id;
  return {
    bank: (name: string, code: string) =>
      id('insert into banks (name, code) values ($1, $2) returning id', [name, code]),
    network: (type: string) => id('insert into networks (type) values ($1) returning id', [type]),
    card: (name: string, bank: number, network: number, display = true, status = 'Not Discontinued') =>
      id('insert into cards (name, bank_id, network_id, display, status) values ($1, $2, $3, $4, $5) returning id', [
        name,
        bank,
        network,
        display,
        status,
      ]),
    area: (name: string) => id('insert into dubai_cities (name) values ($1) returning id', [name]),
    category: (name: string) => id('insert into categories (name) values ($1) returning id', [name]),
    /** An outlet at `area` (or none), placed on the map unless `located` is false. */
    outlet: (merchant: string, area: number | null, located = true) =>
      id('insert into outlets (merchant_name, area_id, latitude, longitude) values ($1, $2, $3, $4) returning id', [
        merchant,
        area,
        located ? 25.1 : null,
        located ? 55.2 : null,
      ]),
    /** Offer `id`'s links to each card and outlet named. */
    links: async (offer: number, o: { cards?: number[]; outlets?: number[] }) => {
      for (const c of o.cards ?? []) await q('insert into offer_cards (offer_id, card_id) values ($1, $2)', [offer, c]);
      for (const u of o.outlets ?? [])
        await q('insert into offer_outlets (offer_id, outlet_id) values ($1, $2)', [offer, u]);
    },
  };
}
