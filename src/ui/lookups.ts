// Reference records the outlet and offer screens show and pick from: banks
// (a short list, fetched whole), areas, cards and outlets (searched), and records by id
// (an offer holds card_ids and outlet_ids; its view and form show their names).
import { useEffect, useMemo, useState } from 'react';
import { bankResource, type Bank } from '@contract/bank';
import { cardResource, type Card } from '@contract/card';
import { cityResource, type City } from '@contract/city';
import { outletResource, type Outlet } from '@contract/outlet';
import { MAX_PER_PAGE } from '@contract/envelope';
import { resourceClient } from '@/api/resourceClient';
import { cachedOptions, type Option } from '@/store/filters';
import { whenStale, type Watched } from '@/store/touched';
import type { PickerOption } from './RecordPicker';
import type { ServerSearch } from './useCombobox';

export const bankClient = resourceClient<Bank>(bankResource);
export const cityClient = resourceClient<City>(cityResource);
export const cardClient = resourceClient<Card>(cardResource);
export const outletClient = resourceClient<Outlet>(outletResource);

const PICK_LIMIT = 20;

// ---- whole short lists, shared by every screen that shows them ----

function cachedList<T>(watch: Watched, load: () => Promise<T[]>) {
  let value: T[] | null = null;
  let pending: Promise<T[]> | null = null;
  const listeners = new Set<(v: T[]) => void>();
  // A call changed these records: forget them, and fetch again for whoever shows them now.
  whenStale(watch, () => {
    value = null;
    if (listeners.size) fetchList().catch(() => undefined);
  });
  function fetchList(): Promise<T[]> {
    pending ??= load().then(
      (v) => {
        value = v;
        pending = null;
        listeners.forEach((fn) => fn(v));
        return v;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    );
    return pending;
  }
  /** The list (possibly from before), refreshed once per mount so an added bank shows. */
  function useList(): T[] | null {
    const [v, setV] = useState<T[] | null>(value);
    useEffect(() => {
      listeners.add(setV);
      fetchList().catch(() => undefined);
      return () => {
        listeners.delete(setV);
      };
    }, []);
    return v;
  }
  return { fetch: () => (value ? Promise.resolve(value) : fetchList()), useList };
}

export const banks = cachedList(bankResource, () =>
  bankClient.list({ page: 1, per_page: MAX_PER_PAGE }).then((r) => r.data),
);

/** A whole short reference list as select options, kept until a call changes it. */
export const referenceOptions = <T>(
  resource: Watched,
  list: (params: { page: number; per_page: number; sort?: string }) => Promise<{ data: T[] }>,
  toOption: (record: T) => Option,
  sort?: string,
) => cachedOptions(resource, () => list({ page: 1, per_page: MAX_PER_PAGE, sort }).then((r) => r.data.map(toOption)));

// ---- how records read in pickers ----

export const cardOption = (c: Pick<Card, 'id' | 'name' | 'bank_name'>): PickerOption => ({
  id: c.id,
  label: c.name,
  hint: c.bank_name,
});
export const outletOption = (o: Pick<Outlet, 'id' | 'merchant_name' | 'branch' | 'area_name'>): PickerOption => ({
  id: o.id,
  label: o.branch ? `${o.merchant_name} — ${o.branch}` : o.merchant_name,
  hint: o.area_name ?? undefined,
});
const areaOption = (a: Pick<City, 'id' | 'name'>): PickerOption => ({ id: a.id, label: a.name });

// ---- searches for the pickers ----

export const searchCards = (query: string, signal: AbortSignal) =>
  cardClient
    .list({ query: query || undefined, page: 1, per_page: PICK_LIMIT }, { signal })
    .then((r) => r.data.map(cardOption));
export const searchOutlets = (query: string, signal: AbortSignal) =>
  outletClient
    .list({ query: query || undefined, page: 1, per_page: PICK_LIMIT }, { signal })
    .then((r) => r.data.map(outletOption));
export const searchAreas = (query: string, signal: AbortSignal) =>
  cityClient
    .list({ query: query || undefined, page: 1, per_page: PICK_LIMIT }, { signal })
    .then((r) => r.data.map(areaOption));

// ---- records by id ----

type Loaded<T> = { status: 'loading' | 'done'; records: (T | { id: number; missing: true })[] };

const cardCache = new Map<number, Promise<Card | null>>();
const outletCache = new Map<number, Promise<Outlet | null>>();
// An edit anywhere (a renamed card, or the bank whose name a card shows) drops the copies.
whenStale(cardResource, () => cardCache.clear());
whenStale(outletResource, () => outletCache.clear());

function byId<T>(
  cache: Map<number, Promise<T | null>>,
  show: (id: number) => Promise<{ data: T }>,
  id: number,
): Promise<T | null> {
  let p = cache.get(id);
  if (!p) {
    p = show(id).then(
      (r) => r.data,
      () => {
        cache.delete(id); // a later look may succeed (or the record was deleted: show it as missing)
        return null;
      },
    );
    cache.set(id, p);
  }
  return p;
}

function useById<T extends { id: number }>(ids: readonly number[], get: (id: number) => Promise<T | null>): Loaded<T> {
  const key = ids.join(',');
  const [state, setState] = useState<Loaded<T>>({ status: 'loading', records: [] });
  useEffect(() => {
    let live = true;
    const list = key ? key.split(',').map(Number) : [];
    setState((s) => ({ ...s, status: 'loading' }));
    // `get` answers null for a record it could not fetch (byId): this never rejects.
    void Promise.all(list.map((id) => get(id).then((r) => r ?? { id, missing: true as const }))).then((records) => {
      if (live) setState({ status: 'done', records });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `ids` (a new array each render, the same ids); `get`, new each render, fetches one kind the same way
  }, [key]);
  return state;
}

export const useCards = (ids: readonly number[]) =>
  useById<Card>(ids, (id) => byId(cardCache, (i) => cardClient.show(i), id));
export const useOutlets = (ids: readonly number[]) =>
  useById<Outlet>(ids, (id) => byId(outletCache, (i) => outletClient.show(i), id));

export const isMissing = (r: object): r is { id: number; missing: true } => 'missing' in r;

// ---- pickers of several records, by the resource an `…_ids` field names ----

/** How a form picks records of one kind (src/screens/IdsPicker.tsx): a search, and the names of those already chosen. */
export interface PickerSource {
  search: ServerSearch<PickerOption>;
  /** The options of records chosen by id, as they load; null for one not found. */
  useChosen: (ids: readonly number[]) => ReadonlyMap<number, PickerOption | null>;
}

function useChosenOf<T extends { id: number }>(loaded: Loaded<T>, toOption: (r: T) => PickerOption) {
  return useMemo(
    () => new Map(loaded.records.map((r) => [r.id, isMissing(r) ? null : toOption(r)] as const)),
    [loaded.records, toOption],
  );
}
const useChosenCards = (ids: readonly number[]) => useChosenOf(useCards(ids), cardOption);
const useChosenOutlets = (ids: readonly number[]) => useChosenOf(useOutlets(ids), outletOption);

/** By resource name ('card' for `card_ids`). */
export const recordPickers: Readonly<Record<string, PickerSource>> = {
  card: { search: searchCards, useChosen: useChosenCards },
  outlet: { search: searchOutlets, useChosen: useChosenOutlets },
};
