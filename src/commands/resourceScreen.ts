// A CRUD screen wired once: its contract, its store (src/store/resourceStore.ts), its list
// model over the URL (src/store/listModel.ts), and how its records read. Each entity's
// screen.ts makes one with `resourceScreen`; commands, the list view and pickers read it.
import type { ReactNode } from 'react';
import type { Resource } from '@contract/resource';
import { inSentence, labelOf } from '@contract/fieldLabels';
import { filterKeys } from '../api/resourceClient';
import type { CsvColumn } from '../store/csvExport';
import type { FilterDef } from '../store/filters';
import { filtersOf } from '../store/contractFilters';
import { cellModel } from '../store/cellModel';
import { listModel, type ListModel, type ListRoutes } from '../store/listModel';
import { resourceStore, type ResourceStore } from '../store/resourceStore';
import { browserRouter, type Router } from '../store/router';

export interface ResourceScreenOptions<T extends { id: number }> {
  /** The view scope and URL family: 'banks' → scope 'view:banks'. */
  view: string;
  resource: Resource;
  /**
   * Route patterns; ':id' is the record id. `add` may carry a search flag instead of a path of
   * its own ('/user-list?new=1': the list with the new-record form in the pane).
   */
  routes: ListRoutes;
  /** How a record reads in pickers and confirmations. */
  describe(record: T): { label: string; hint?: string };
  /** The words inside sentences ('New area', '80 Dubai areas'); default: the contract's labels in lower case. */
  noun?: { one: string; many: string };
  /**
   * The filter bar: one select per filter, in this order (names from the contract's filters);
   * default: every filter the contract declares (src/store/contractFilters.ts `filtersOf`).
   */
  filters?: readonly FilterDef[];
  /** Names of sort keys where the column's name reads badly ('kilometres' → 'Distance'); the keys are the contract's. */
  sortLabels?: Readonly<Record<string, string>>;
  /**
   * The columns of the full-width table the list becomes when nothing is open, in order;
   * default: the name, its hint, and one column per sort key of the contract
   * (src/screens/listTable/columns.tsx). A column without a label is named by the contract
   * (`columnLabel`).
   */
  columns?: readonly ColumnDef<T>[];
  /** CSV export columns; by default every field of the entity but `version`. */
  csvColumns?: readonly CsvColumn<T>[];
  /** The update's failure text when the server never answered (offers: 'Network error. Please try again.'). */
  updateNoResponse?: string;
  /** After a create or update succeeded (e.g. reload when the save changed other rows too). */
  afterSave?: (record: T) => void;
  /** Rows per page (a short reference list loads whole). */
  perPage?: number;
  /** Another router (tests). */
  router?: Router;
}

export interface ResourceScreen<T extends { id: number }> extends Omit<ResourceScreenOptions<T>, 'columns'> {
  filters: readonly FilterDef[];
  columns?: readonly ListColumn<T>[];
  store: ResourceStore<T>;
  list: ListModel<T>;
}

export function resourceScreen<T extends { id: number }>(options: ResourceScreenOptions<T>): ResourceScreen<T> {
  const o = {
    ...options,
    filters: options.filters ?? filtersOf(options.resource),
    columns: options.columns?.map((c) => ({ ...c, label: c.label ?? columnLabel(options.resource, c) })),
  };
  const store = resourceStore<T>(o.resource, { perPage: o.perPage });
  const list = listModel<T>({
    store,
    routes: o.routes,
    filterKeys: filterKeys(o.resource),
    canShow: !!o.resource.ops.show,
    one: (o.noun ?? nounOf(o)).one,
    router: o.router ?? browserRouter,
  });
  // While the list is a table, its cells can be edited where the contract says (src/store/cellFields.ts).
  if (o.resource.ops.update)
    list.cells = cellModel<T>({
      resource: o.resource,
      store,
      list,
      filters: o.filters,
      noun: nounOf(o),
      describe: (r) => o.describe(r).label,
    });
  return { ...o, store, list };
}

/** A flag reads as what it says, on its column and its checkbox: 'Is active' → 'Active'. */
export const flagWords = (label: string) => label.replace(/^Is (.)/, (_m, c: string) => c.toUpperCase());

/** What every list calls its timestamps (a table shows the day a record was added). */
const TIME_WORDS: Readonly<Record<string, string>> = { created_at: 'Added', updated_at: 'Updated' };

/**
 * A column's head from the contract's field labels (contract/fieldLabels.ts), without a unit
 * in brackets: its `field`, else its key; a name the list shows for a reference ('bank_name',
 * 'area_name') reads as the reference's field ('bank_id' → 'Bank').
 */
export function columnLabel(resource: Resource, column: Pick<ListColumn<never>, 'key' | 'field'>): string {
  if (TIME_WORDS[column.key]) return TIME_WORDS[column.key];
  const props = { ...resource.entity.properties, ...resource.update.properties, ...resource.create.properties };
  const named = column.key.match(/^(.+)_name$/);
  const field = column.field ?? (named && `${named[1]}_id` in props ? `${named[1]}_id` : column.key);
  return flagWords(inSentence(labelOf({ properties: props }, field)));
}

/** How a screen's records read inside a sentence: 'card' / 'cards'. */
export const nounOf = (screen: Pick<ResourceScreenOptions<never>, 'noun' | 'resource'>) =>
  screen.noun ?? { one: screen.resource.label.one.toLowerCase(), many: screen.resource.label.many.toLowerCase() };

/** '/view-bank/:id' + 3 → '/view-bank/3'. */
export const pathTo = (pattern: string, id: number) => pattern.replace(':id', String(id));

/** A column as a screen gives it: its label may be left to the contract (`columnLabel`). */
export type ColumnDef<T> = Omit<ListColumn<T>, 'label'> & { label?: string };

/** A column of a list's full-width table. */
export interface ListColumn<T> {
  /** Stable name: the column chooser remembers columns by it. */
  key: string;
  label: string;
  cell: (row: T) => ReactNode;
  /** Its CSS grid track ('minmax(220px, 2fr)'); default 'minmax(96px, 1fr)'. */
  width?: string;
  /** The contract's sort key a click on the head sorts by. */
  sort?: string;
  /** Right-aligned figures. */
  numeric?: boolean;
  /**
   * The update field behind the column when its key is not that field or the name a
   * reference shows (`network_type` → `network_id`); whether it is editable is the
   * contract's word (src/store/cellFields.ts).
   */
  field?: string;
  /** Left out until someone chooses it in the column chooser. */
  optional?: boolean;
}
