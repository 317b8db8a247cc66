// One simulated admin of bench/mixed.ts: signed in as its own staff account, it picks an
// action by weight, over and over, until the run ends, timing each HTTP call. 80 % reads
// (offer lists with a random filter, sort and page; bank, card and outlet lists; the
// palette's search; a record shown), 20 % writes (an offer's title edited with its version;
// a bank or an offer created; a bulk change of a few offers). What the server acknowledged
// of its own records (created by it, written by it alone) is kept, for the count of lost
// writes afterwards; edits of the shared demo offers are where concurrent edits meet (409).
import { login } from '@contract/auth';
import { bankResource } from '@contract/bank';
import { cardResource } from '@contract/card';
import { OFFER_STATES, offerResource } from '@contract/offer';
import { pathOf } from '@contract/operation';
import { outletResource } from '@contract/outlet';
import { searchRecords } from '@contract/search';

/** Ids of the demo data, to filter by and to show. */
export interface Pools {
  offers: number[];
  banks: number[];
  cards: number[];
  outlets: number[];
  categories: number[];
}

/** What one admin saw: call times (ms) after the warm-up, and what went wrong. */
export interface Tally {
  reads: number[];
  writes: number[];
  errors: number;
  /** The first few errors, to print. */
  samples: string[];
  /** 409s of edits racing another admin's on a shared offer: expected, not errors. */
  conflicts: number;
}

/** The last value the server acknowledged for each record only this admin writes. */
export interface Acknowledged {
  banks: Map<number, { name: string }>;
  offers: Map<number, { title: string; valid_to: string }>;
  /** How many writes were acknowledged on them. */
  writes: number;
}

interface Call {
  method: string;
  path: string;
}
interface OfferRow {
  id: number;
  title: string;
  version: number;
}
type Answer = { status: number; body: Record<string, unknown> | null };

const WORDS = ['dine', 'spa', 'emirates', 'visa', 'coffee', 'mall', 'marina', 'free', 'gold', 'cinema', 'hotel'];
const SORTS = ['-created_at', 'created_at', 'title', '-title', 'valid_to', '-valid_to'];
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
/** A list's page: mostly the first, sometimes a few further. */
const somePage = () => 1 + Math.floor(Math.random() ** 2 * 5);

export async function signInAs(url: string, email: string, password: string): Promise<string> {
  const res = await fetch(url + pathOf(login), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/**
 * Runs admin `n` against `url` until `end` (performance.now()); calls started before
 * `measureFrom` (the warm-up) are not timed. Its writes are counted whenever they happen.
 */
export async function runAdmin(o: {
  n: number;
  url: string;
  token: string;
  pools: Pools;
  measureFrom: number;
  end: number;
}): Promise<{ tally: Tally; acked: Acknowledged }> {
  const { n, url, pools } = o;
  const headers = { authorization: `Bearer ${o.token}`, 'content-type': 'application/json' };
  const tally: Tally = { reads: [], writes: [], errors: 0, samples: [], conflicts: 0 };
  const acked: Acknowledged = { banks: new Map(), offers: new Map(), writes: 0 };
  /** Own offers' versions as last answered; null after a bulk change (its answer names none). */
  const versions = new Map<number, number | null>();
  let lastPage: OfferRow[] = [];
  const demo = new Set(pools.offers);
  let made = 0;

  const error = (what: string, detail: string) => {
    tally.errors++;
    if (tally.samples.length < 5) tally.samples.push(`admin ${n}, ${what}: ${detail.slice(0, 200)}`);
  };
  /** One call, timed; the answer parsed only when `parse` (reading, not parsing, keeps the load generator light). */
  const send = async (
    kind: 'read' | 'write',
    op: Call,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; json?: unknown },
    parse = kind === 'write',
  ): Promise<Answer | null> => {
    const qs = input.query
      ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const t = performance.now();
    try {
      const res = await fetch(url + pathOf(op, input.params) + qs, {
        method: op.method,
        headers,
        body: input.json === undefined ? undefined : JSON.stringify(input.json),
      });
      // Failures are always read: their message is what gets printed.
      const body = parse || res.status !== 200 ? await res.text() : (await res.arrayBuffer(), '');
      if (t >= o.measureFrom) (kind === 'read' ? tally.reads : tally.writes).push(performance.now() - t);
      return { status: res.status, body: body ? (JSON.parse(body) as Record<string, unknown>) : null };
    } catch (err) {
      error(
        `${op.method} ${op.path}`,
        err instanceof Error ? `${err.message} ${String(err.cause ?? '')}` : String(err),
      );
      return null;
    }
  };
  /** 200, else an error counted (a 409 only where `conflict` says it may race another admin). */
  const ok = (res: Answer | null, op: Call, conflict = false): res is Answer => {
    if (!res) return false;
    if (res.status === 200) return true;
    if (res.status === 409 && conflict) tally.conflicts++;
    else error(`${op.method} ${op.path}`, `${res.status} ${JSON.stringify(res.body)}`);
    return false;
  };
  const data = <T>(res: Answer) => res.body!.data as T;

  /** A list call: a GET takes its filters in the query string, a POST list in its body. */
  const list = async (op: Call, paging: Record<string, unknown>, filters: Record<string, unknown> = {}) => {
    const get = op.method === 'GET';
    const res = await send(
      'read',
      op,
      get ? { query: { ...paging, ...filters } } : { query: paging, json: filters },
      op === offerResource.ops.list,
    );
    return ok(res, op) ? res : null;
  };

  const offerList = async () => {
    const filters = pick<() => Record<string, unknown>>([
      () => ({}),
      () => ({}),
      () => ({ state: pick(OFFER_STATES) }),
      () => ({ bank: pick(pools.banks) }),
      () => ({ card: pick(pools.cards) }),
      () => ({ category: pick(pools.categories) }),
      () => ({ query: pick(WORDS) }),
    ])();
    const res = await list(offerResource.ops.list, { page: somePage(), per_page: 50, sort: pick(SORTS) }, filters);
    if (res) lastPage = data<OfferRow[]>(res);
  };
  const otherList = () => {
    const [op, sort] = pick([
      [bankResource.ops.list, 'name'],
      [cardResource.ops.list, '-created_at'],
      [outletResource.ops.list, 'merchant_name'],
    ] as const);
    return list(op, { page: somePage(), per_page: 50, sort });
  };
  const search = async () => {
    const res = await send('read', searchRecords, { query: { query: `${pick(WORDS)} ${pick(WORDS).slice(0, 3)}` } });
    ok(res, searchRecords);
  };
  const show = async (resource: { ops: { show?: Call } }, id: number) => {
    const op = resource.ops.show!;
    const byPath = op.path.includes(':id');
    const res = await send('read', op, byPath ? { params: { id } } : { query: { id } }, true);
    return ok(res, op) ? data<OfferRow>(res) : null;
  };
  const showAny = () =>
    pick([
      () => show(offerResource, pick(pools.offers)),
      () => show(offerResource, pick(pools.offers)),
      () => show(bankResource, pick(pools.banks)),
      () => show(cardResource, pick(pools.cards)),
      () => show(outletResource, pick(pools.outlets)),
    ])();

  const update = offerResource.ops.update!;
  /** A demo offer from the list last loaded, its title edited from the version shown there. */
  const editShared = async () => {
    // Only the demo's: the offers the admins made are each written by its maker alone.
    const rows = lastPage.filter((r) => demo.has(r.id));
    if (!rows.length) return offerList();
    const row = pick(rows);
    const title = `${row.title.replace(/ · m\d+\.\d+$/, '').slice(0, 140)} · m${n}.${++made}`;
    const res = await send('write', update, { params: { id: row.id }, json: { title, version: row.version } });
    if (ok(res, update, true)) row.version = data<OfferRow>(res).version;
  };
  /** One of its own offers, from the version it last wrote (read again after a bulk change). */
  const editOwn = async () => {
    const id = pick([...versions.keys()]);
    let version = versions.get(id);
    if (version == null) version = (await show(offerResource, id))?.version;
    if (version == null) return;
    const title = `Mixed offer ${n}.${++made}`;
    const res = await send('write', update, { params: { id }, json: { title, version } });
    if (!ok(res, update)) return;
    versions.set(id, data<OfferRow>(res).version);
    acked.offers.get(id)!.title = title;
    acked.writes++;
  };
  const createBank = async () => {
    const k = ++made;
    const name = `Mixed Bank ${n}.${k}`;
    const op = bankResource.ops.add!;
    const res = await send('write', op, { json: { name, code: `MX${n}-${k}` } });
    if (!ok(res, op)) return;
    acked.banks.set(data<{ id: number }>(res).id, { name });
    acked.writes++;
  };
  const createOffer = async () => {
    const title = `Mixed offer ${n}.${++made}`;
    const valid_to = '2027-12-31';
    const op = offerResource.ops.add!;
    const res = await send('write', op, {
      json: { title, discount: '10% off', valid_from: '2026-01-01', valid_to, card_ids: [pick(pools.cards)] },
    });
    if (!ok(res, op)) return;
    const row = data<OfferRow>(res);
    versions.set(row.id, row.version);
    acked.offers.set(row.id, { title, valid_to });
    acked.writes++;
  };
  /** Two to five of its own offers get a new last day, in one call. */
  const bulkChange = async () => {
    if (versions.size < 3) return createOffer();
    const ids = [...versions.keys()].sort(() => Math.random() - 0.5).slice(0, 2 + Math.floor(Math.random() * 4));
    const valid_to = `2028-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(Math.random() * 28)).padStart(2, '0')}`;
    const op = offerResource.ops.bulkUpdate!;
    const res = await send('write', op, { json: { ids, set: { valid_to } } });
    if (!ok(res, op)) return;
    for (const id of ids) {
      versions.set(id, null);
      acked.offers.get(id)!.valid_to = valid_to;
    }
    acked.writes++;
  };
  const edit = () => (versions.size && Math.random() < 0.5 ? editOwn() : editShared());

  // Weights out of 100: 80 reads, 20 writes.
  const actions: [number, () => Promise<unknown>][] = [
    [28, offerList],
    [18, otherList],
    [14, search],
    [20, showAny],
    [10, edit],
    [3, createBank],
    [4, createOffer],
    [3, bulkChange],
  ];
  while (performance.now() < o.end) {
    let r = Math.random() * 100;
    const action = actions.find(([w]) => (r -= w) < 0)?.[1] ?? offerList;
    await action();
  }
  return { tally, acked };
}
