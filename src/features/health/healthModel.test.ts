// The Health screen's model past one page and with the link fix, against a fake API answering
// by operation id: j near the end of the rows read reads the next page (once, from the last id),
// the count stays the server's; a re-read after a write keeps the pages read; l reads the
// highlighted offer's candidates and 1 links the first with the version they were read at.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnyOp } from '@contract/operation';
import type { HealthRow } from '@contract/health';
import { ApiError } from '@/api/client';

const calls: { op: string; input: { params?: unknown; query?: Record<string, unknown>; body?: unknown } }[] = [];
const TOTAL = 450;
const row = (id: number): HealthRow => ({ id, title: `Offer ${id}`, reason: 'No card', detail: null, facts: {} });
/** A pair queue of 30 rows, 101..130, each like row id - 100; the first 8 come with their facts. */
const PAIRS = Array.from({ length: 30 }, (_, i) => 101 + i);
const factsOf = (id: number) => ({
  facts: { Cards: 'Gold', Outlets: '2' },
  other: { id: id - 100, title: `Offer ${id - 100}`, facts: { Cards: 'Gold', Outlets: '1' } },
});
const pairRow = (id: number, i: number): HealthRow => {
  const r = { ...row(id), facts: undefined, other: { id: id - 100, title: `Offer ${id - 100}` } };
  return i < 8 ? { ...r, ...factsOf(id) } : r;
};
/** Rows 1..TOTAL, pages of 200 after `after`. */
const page = (after = 0) => {
  const ids = Array.from({ length: TOTAL }, (_, i) => i + 1).filter((id) => id > after);
  return { count: TOTAL, rows: ids.slice(0, 200).map(row), more: ids.length > 200 };
};
vi.mock('@/api/call', async (own) => ({
  ...(await own<object>()),
  call: (op: AnyOp, input: { query?: Record<string, unknown>; params?: Record<string, unknown> }) => {
    calls.push({ op: op.id, input });
    if (op.id === 'health.rows' && input.params?.queue === 'duplicateOffers')
      return Promise.resolve({ message: 'ok', data: { count: 30, rows: PAIRS.map(pairRow), more: false } });
    if (op.id === 'health.rows') return Promise.resolve({ message: 'ok', data: page(Number(input.query?.after ?? 0)) });
    if (op.id === 'health.facts' && factsDown)
      return Promise.reject(new ApiError(503, 'GET', { message: 'The database is unreachable.' }));
    if (op.id === 'health.facts')
      return Promise.resolve({
        message: 'ok',
        data: String(input.query?.ids)
          .split(',')
          .map((id) => ({ id: Number(id), ...factsOf(Number(id)) })),
      });
    if (op.id === 'health.candidates')
      return Promise.resolve({
        message: 'ok',
        data: {
          kind: 'card',
          version: 7,
          candidates: [{ id: 31, title: 'Gold', subtitle: 'Alpha Bank', why: ['Same bank'], score: 0.8 }],
        },
      });
    if (op.id === 'health.fix')
      return Promise.resolve({ message: 'Linked card “Gold” to “Offer 2”.', data: { count: 1, undo: [] } });
    return Promise.reject(new Error(`no fake answer for ${op.id}`));
  },
  onTouched: () => () => undefined,
}));
const confirmed: { list?: string[] }[] = [];
/** `health.facts` answers 503 while set. */
let factsDown = false;
vi.mock('@/ui/confirmStore', () => ({
  confirmChoice: (c: { list?: string[] }) => (confirmed.push(c), Promise.resolve({ ok: false })),
}));
vi.mock('@/store/navigate', () => ({ go: () => undefined, currentPath: () => '/health-queues/unreachable' }));

const m = await import('./healthModel');

beforeEach(() => {
  calls.length = 0;
});

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('past the first page', () => {
  it('j near the end reads the next page once, from the last id; the count stays the server’s', async () => {
    await m.loadQueue('unreachable');
    expect(m.health.rows).toHaveLength(200);
    expect(m.health).toMatchObject({ total: TOTAL, more: true });
    for (let i = 0; i < 193; i++) m.healthList.move(1);
    expect(calls.filter((c) => c.op === 'health.rows')).toHaveLength(1);
    m.healthList.move(1);
    m.healthList.move(1);
    await settle();
    const reads = calls.filter((c) => c.op === 'health.rows');
    expect(reads.map((c) => c.input.query)).toEqual([{}, { after: 200 }]);
    expect(m.health.rows).toHaveLength(400);
    expect(m.health.total).toBe(TOTAL);
    for (let i = 0; i < 260; i++) m.healthList.move(1);
    await settle();
    expect(m.health.rows).toHaveLength(TOTAL);
    expect(m.health.more).toBe(false);
    // j stopped at the last row read until the page came; then on to the last.
    expect(m.healthList.state.cursor).toBe(400);
    for (let i = 0; i < 60; i++) m.healthList.move(1);
    expect(m.healthList.state.cursor).toBe(TOTAL);
  });

  it('a re-read after a write keeps the pages read, and the row highlighted', async () => {
    calls.length = 0;
    await m.loadQueue('unreachable', true);
    expect(calls.map((c) => c.input.query)).toEqual([{}, { after: 200 }, { after: 400 }]);
    expect(m.health.rows).toHaveLength(TOTAL);
    expect(m.healthList.state.cursor).toBe(TOTAL);
  });
});

describe('the link fix', () => {
  it('l shows the highlighted offer’s candidates; 1 links the first from the version read', async () => {
    await m.loadQueue('other' as never);
    await m.loadQueue('unreachable');
    m.healthList.move(1);
    expect(m.healthList.state.cursor).toBe(2);
    await m.openCandidates();
    expect(m.health.candidates).toMatchObject({ offerId: 2, kind: 'card', version: 7 });
    const done = await m.linkCandidate(0);
    expect(done?.message).toBe('Linked card “Gold” to “Offer 2”.');
    expect(calls.at(-1)).toMatchObject({
      op: 'health.fix',
      input: { body: { fix: 'link', ids: [2], expect: 1, card: 31, version: 7 } },
    });
    expect(m.health.candidates).toBeNull();
  });

  it('moving on hides the candidates', async () => {
    await m.openCandidates();
    expect(m.health.candidates?.offerId).toBe(2);
    m.healthList.move(1);
    expect(m.health.candidates).toBeNull();
  });
});

describe('presence in a queue', () => {
  const sara = { id: 2, name: 'Sara Khan', mode: 'viewing' as const };
  const omar = { id: 3, name: 'Omar', mode: 'editing' as const };

  it("names a row's record: its own, or the record holding a broken image or link", async () => {
    const { healthQueue } = await import('@contract/healthQueues');
    expect(m.rowRecord(healthQueue('unreachable'), row(5))).toEqual({ resource: 'offer', id: 5 });
    const media = healthQueue('brokenMedia');
    expect(media?.entity).toBe('link');
    expect(m.rowRecord(media, { ...row(9), record: { resource: 'bank', id: 4, field: 'website' } })).toEqual({
      resource: 'bank',
      id: 4,
    });
    expect(m.rowRecord(media, row(9))).toBeNull();
  });

  it('says who is working on the row, and that one is editing it when one has its form open', () => {
    expect(m.workingLabel([])).toBeNull();
    expect(m.workingLabel([sara])).toBe('Sara Khan is working on this');
    expect(m.workingLabel([sara, { ...sara, mode: 'editing' }])).toBe('Sara Khan is editing this');
    expect(m.workingLabel([omar, sara])).toBe('Omar and Sara Khan are editing this');
  });
});

describe("a pair queue's facts", () => {
  const factReads = () => calls.filter((c) => c.op === 'health.facts').map((c) => c.input.query?.ids);
  const settled = async () => {
    for (let i = 0; i < 3; i++) await settle();
  };

  it('reads the facts ahead of the cursor that the page left out, twice as many at a time, once', async () => {
    await m.loadQueue('duplicateOffers');
    await settled();
    expect(factReads()).toEqual([]);
    m.healthList.move(1); // rows 102..109 ahead: 109 lacks its facts
    m.healthList.move(1); // asked already
    await settled();
    expect(factReads()).toEqual(['109,110,111,112,113,114,115,116,117']);
    expect(m.health.rows.filter((r) => r.facts).map((r) => r.id)).toEqual(PAIRS.slice(0, 17));
    expect(m.health.rows[10].other).toEqual(factsOf(111).other);
    for (let i = 0; i < 7; i++) m.healthList.move(1); // up to 110: 110..117 read
    await settled();
    expect(factReads()).toHaveLength(1);
  });

  it('says why the facts could not be read, until a read succeeds', async () => {
    factsDown = true;
    for (let i = 0; i < 10; i++) m.healthList.move(1); // to 120: 118.. lack their facts
    await settled();
    expect(m.health.factsError).toBe('The database is unreachable.');
    expect(m.health.rows.find((r) => r.id === 120)?.facts).toBeUndefined();
    factsDown = false;
    m.healthList.move(1);
    await settled();
    expect(m.health.factsError).toBeNull();
    expect(m.health.rows.find((r) => r.id === 121)?.facts).toBeDefined();
  });

  it('reads the facts of checked rows without them before a merge names what it moves', async () => {
    // Read afresh: the cursor on the first row, 130 without its facts.
    await m.loadQueue('other' as never);
    await m.loadQueue('duplicateOffers');
    await settled();
    m.health.checked[130] = true;
    m.health.checked[101] = true;
    await m.applyFix('mergeLeft');
    expect(factReads().at(-1)).toBe('130');
    expect(confirmed.at(-1)?.list).toEqual([
      'Keep #1 “Offer 1”, delete #101 “Offer 101”; moves cards Gold, 2 outlet link(s)',
      'Keep #30 “Offer 30”, delete #130 “Offer 130”; moves cards Gold, 2 outlet link(s)',
    ]);
  });
});
