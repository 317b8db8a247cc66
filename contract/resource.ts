// One description of a CRUD resource, read by the server's route factory and the
// browser's resource client, so a path is written once for both halves.
import type { TObject, TSchema } from '@sinclair/typebox';

export interface ResourceContract<
  TEntity extends TObject = TObject,
  TCreate extends TObject = TObject,
  TUpdate extends TObject = TObject,
> {
  /** Singular machine name: 'bank'. */
  name: string;
  /** Human names for titles and toasts. */
  label: { one: string; many: string };
  /** Paths under /admin/v1, exactly as SPEC.md's Calls. `:id` is the record id. */
  paths: {
    list: string;
    show: string;
    add: string;
    update: string;
    remove: string;
  };
  /** Calls this resource does not have (a read-only list such as Dubai cities). */
  omit?: ('show' | 'add' | 'update' | 'remove')[];
  /**
   * How the list is asked for. GET (default): filters in the query string. POST: page and
   * per_page in the query, the filter payload as the JSON body (SPEC.md: all_card, all_offer).
   */
  listMethod?: 'GET' | 'POST';
  /** Filter fields beyond `query` (all optional); the browser keeps them in the URL. */
  filters?: TObject;
  /** Columns a list may be sorted by (`sort=name` or `sort=-name`). */
  sortable?: string[];
  /** The order of a list that names none (default: the first sortable column, ascending). */
  defaultSort?: string;
  /** Where show takes the id: in the path (`:id`, default) or as `?id=` (SPEC.md shows no path parameter). */
  showIdIn?: 'path' | 'query';
  /** HTTP method of the update call (SPEC.md varies: POST multipart or PUT JSON). */
  updateMethod: 'POST' | 'PUT';
  /** Query parameter carrying the id on delete (`delete_bank?bank_id=`); empty when the path has `:id`. */
  removeIdParam: string;
  /** Multipart file fields and what they accept. */
  files?: Record<string, 'image'>;
  entity: TEntity;
  create: TCreate;
  update: TUpdate;
  /** Success messages the server sends (SPEC.md's texts where it has them). */
  messages: { added: string; updated: string; deleted: string; shown: string };
}

export const defineResource = <E extends TObject, C extends TObject, U extends TObject>(
  r: ResourceContract<E, C, U>,
) => r;

export type Schema = TSchema;
