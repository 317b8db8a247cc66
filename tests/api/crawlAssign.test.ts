// Assigning many crawled refs to one live record (contract/crawlTriage.ts assignRefs) on both
// databases: one decision per ref, all in one group that one undo takes back; all or nothing
// when a ref is unknown or another reviewer has one; refs linked to the record already are
// counted, not decided again. Before it, the refs' match scores against the target
// (matchRefs), the candidate ranking's own, with the threshold they should reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCardRefs } from '@contract/crawlCards';
import { assignRefs, claimRef, matchRefs, refHistory, undoDecision } from '@contract/crawlTriage';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';
import { changedTables, tableChecksums } from '../helpers/checksum';
import { bearerOf, insertSession, insertUser } from '../helpers/sessions';

let s: TestServer;
let second: Record<string, string>;
const ids: Record<string, number> = {};

const { call, one } = opCalls(() => s);
let serial = 0;
const cardRef = (f: { state?: string; card_id?: number | null } = {}) =>
  one(
    'insert into crawl_cards (source_id, source_key, name, state, card_id) values ($1, $2, $3, $4, $5) returning id',
    [ids.source, `c${++serial}`, `Crawled card ${serial}`, f.state ?? 'new', f.card_id ?? null],
  );
const outletRef = (outletIds: number[] = []) =>
  one(
    'insert into crawl_outlets (source_id, source_key, merchant_name, outlet_ids, state) values ($1, $2, $3, $4, $5) returning id',
    [ids.source, `o${++serial}`, `Crawled outlet ${serial}`, outletIds, outletIds.length ? 'assigned' : 'new'],
  );

beforeAll(async () => {
  s = await startTestServer();
  ids.bank = await one("insert into banks (name, code) values ('Emirates NBD', 'ENBD') returning id");
  ids.visa = await one("insert into networks (type) values ('Visa') returning id");
  ids.card = await one(
    "insert into cards (name, bank_id, network_id) values ('Skywards Infinite Credit Card', $1, $2) returning id",
    [ids.bank, ids.visa],
  );
  ids.outlet = await one(
    "insert into outlets (merchant_name, branch) values ('Shake Shack', 'Dubai Mall') returning id",
  );
  ids.source = await one(
    "insert into crawl_sources (name, from_source, bank_id) values ('Assign site', 'assign-site', $1) returning id",
    [ids.bank],
  );
  const other = await insertUser(s.db, { role: 'admin', email: 'assign-second@test.example', name: 'Second Reviewer' });
  second = bearerOf(await insertSession(s.db, other.id, { now: Date.now() }));
});
afterAll(() => s?.close());

describe('crawl_refs/assign', () => {
  it('assigns every ref named, one undoable decision each, and counts those linked already', async () => {
    const refs = [
      await cardRef(),
      await cardRef({ state: 'skipped' }),
      await cardRef({ state: 'assigned', card_id: ids.card }),
    ];
    const res = await call(assignRefs, { body: { kind: 'card', ref_ids: refs, live_id: ids.card } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      'Assigned 2 card refs to Skywards Infinite Credit Card. 1 card ref was assigned to it already.',
    );
    expect(res.json.data).toMatchObject({ assigned: 2, unchanged: 1 });
    expect(res.json.data.refs.map((r: { state: string; card_id: number }) => [r.state, r.card_id])).toEqual(
      refs.map(() => ['assigned', ids.card]),
    );
    const history = await call(refHistory, { query: { kind: 'card', ref_id: refs[1] } });
    expect(history.json.data).toHaveLength(1);
    expect(history.json.data[0].action).toBe('assign');
    // Undo one of them: the whole bulk decision goes back, in one step.
    const undone = await call(undoDecision, { params: { id: history.json.data[0].id } });
    expect(undone.status, JSON.stringify(undone.json)).toBe(200);
    expect(undone.json.message).toBe('Undid 2 assignments.');
    expect(undone.json.data).toMatchObject({ id: refs[1], state: 'skipped', card_id: null });
    expect(undone.json.undone.map((r: { id: number; state: string }) => [r.id, r.state]).sort()).toEqual([
      [refs[0], 'new'],
      [refs[1], 'skipped'],
    ]);
    const listed = (await call(listCardRefs, { query: { per_page: 50 }, body: { from: ids.source } })).json.data as {
      id: number;
      state: string;
    }[];
    expect(listed.filter((r) => refs.includes(r.id)).map((r) => r.state)).toEqual(['new', 'skipped', 'assigned']);
    // The group's other decision is undone already.
    const other = (await call(refHistory, { query: { kind: 'card', ref_id: refs[0] } })).json.data[0];
    expect(other.undone_at).not.toBeNull();
    expect((await call(undoDecision, { params: { id: other.id } })).status).toBe(409);
  });

  it('undoes none of a bulk decision when a later decision on one of its refs stands', async () => {
    const refs = [await cardRef(), await cardRef()];
    await call(assignRefs, { body: { kind: 'card', ref_ids: refs, live_id: ids.card } });
    const [first] = (await call(refHistory, { query: { kind: 'card', ref_id: refs[0] } })).json.data;
    // A later decision on the second ref (skipped after): the group cannot go back whole.
    await s.db.query("update crawl_cards set state = 'skipped' where id = $1", [refs[1]]);
    await s.db.query(
      "insert into crawl_decisions (kind, ref_id, action, detail) values ('card', $1, 'skip', $2::jsonb)",
      [refs[1], JSON.stringify({ state: 'assigned', state_after: 'skipped' })],
    );
    const before = await tableChecksums(s.db);
    const res = await call(undoDecision, { params: { id: first.id } });
    expect(res.status).toBe(409);
    expect(res.json.errors.id[0]).toBe('A later decision on one of its refs stands: undo that one first.');
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
  });

  it("scores the checked refs against the target as the candidate ranking does, flagging those below pg_trgm's threshold", async () => {
    const good = await one(
      "insert into crawl_cards (source_id, source_key, name, bank_name) values ($1, 'm1', 'Skywards Infinite Credit Card', 'Emirates NBD') returning id",
      [ids.source],
    );
    const poor = await one(
      "insert into crawl_cards (source_id, source_key, name) values ($1, 'm2', 'Noor Titanium Debit') returning id",
      [ids.source],
    );
    const before = await tableChecksums(s.db);
    const res = await call(matchRefs, { body: { kind: 'card', ref_ids: [poor, good], live_id: ids.card } });
    expect(res.status, res.body).toBe(200);
    const { data } = res.json;
    expect(data).toMatchObject({ live_id: ids.card, title: 'Skywards Infinite Credit Card', threshold: 0.3 });
    // In the order asked, each with its name and score.
    expect(data.refs.map((r: { id: number; name: string; below: boolean }) => [r.id, r.name, r.below])).toEqual([
      [poor, 'Noor Titanium Debit', true],
      [good, 'Skywards Infinite Credit Card', false],
    ]);
    expect(data.refs[1].score).toBe(1);
    expect(data.refs[0].score).toBeLessThan(0.3);
    expect(res.json.message).toBe('1 of 2 card refs is below the match threshold for Skywards Infinite Credit Card.');
    // The same score the triage shows for that candidate.
    const claimed = await call(claimRef, { body: { kind: 'card', ref_id: good } });
    expect(claimed.json.data.candidates.find((c: { id: number }) => c.id === ids.card).score).toBe(data.refs[1].score);
    await s.db.query('update crawl_cards set claimed_by = null, claimed_until = null where id = $1', [good]);
    expect(changedTables(before, await tableChecksums(s.db)).filter((t) => t !== 'crawl_cards')).toEqual([]);
    // Unknown refs or target: 422 naming the field.
    expect(
      (await call(matchRefs, { body: { kind: 'card', ref_ids: [good, 999999], live_id: ids.card } })).json.errors
        .ref_ids[0],
    ).toMatch(/999999/);
    expect(
      (await call(matchRefs, { body: { kind: 'outlet', ref_ids: [good], live_id: 999999 } })).json.errors.live_id,
    ).toBeDefined();
  });

  it('adds the outlet to each outlet ref', async () => {
    const refs = [await outletRef(), await outletRef([ids.outlet])];
    const res = await call(assignRefs, { body: { kind: 'outlet', ref_ids: refs, live_id: ids.outlet } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      'Assigned 1 outlet ref to Shake Shack — Dubai Mall. 1 outlet ref was assigned to it already.',
    );
    expect(res.json.data.refs[0]).toMatchObject({ state: 'assigned', outlet_ids: [ids.outlet] });
  });

  it('changes nothing when a ref or the live record is unknown, or another reviewer has a ref', async () => {
    const a = await cardRef();
    const b = await cardRef();
    const before = await tableChecksums(s.db);
    const unknownRef = await call(assignRefs, { body: { kind: 'card', ref_ids: [a, 999999], live_id: ids.card } });
    expect(unknownRef.status).toBe(422);
    expect(unknownRef.json.errors.ref_ids[0]).toMatch(/999999/);
    const unknownLive = await call(assignRefs, { body: { kind: 'card', ref_ids: [a], live_id: 999999 } });
    expect(unknownLive.status).toBe(422);
    expect(unknownLive.json.errors.live_id).toBeDefined();
    // An outlet id is no card: the kind decides where the live record is looked for.
    expect((await call(assignRefs, { body: { kind: 'outlet', ref_ids: [a], live_id: ids.outlet } })).status).toBe(422);
    expect(changedTables(before, await tableChecksums(s.db))).toEqual([]);
    expect((await call(claimRef, { body: { kind: 'card', ref_id: b } }, second)).status).toBe(200);
    const held = await call(assignRefs, { body: { kind: 'card', ref_ids: [a, b], live_id: ids.card } });
    expect(held.status).toBe(409);
    expect(held.json.message).toBe(`Crawled card ${b} (Crawled card ${serial}) is being reviewed by Second Reviewer.`);
    expect(
      await one('select count(*)::int from crawl_decisions where ref_id = any($1) and kind = $2', [[a, b], 'card']),
    ).toBe(0);
  });
});
