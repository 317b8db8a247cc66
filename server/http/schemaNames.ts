// Names for the contract's shapes in the OpenAPI document (server/http/openapi.ts): each is
// written once under components.schemas and referred to by `$ref` wherever a request body or
// an answer holds it, so a generated client has `Bank`, `Offer`, `CrawlSource`, `OfferList`.
//
// The names are given here, when the document is made, and never to the schemas themselves:
// an `$id` on a schema the routes' validators also compile would clash between compiles. A
// shape is known by the object it is (TypeBox composes by reference, so the `Bank` inside
// `RecordEnvelope(Bank)` is the exported `Bank`), and named by its export: every object schema
// a contract module exports is named as exported. Answers of the usual envelopes around a
// named shape are named after it: `<Name>Record` ({ message, data }), `<Name>List` (rows and
// pagination), `<Name>Deleted` ({ message, data, undo }).
import type { TSchema } from '@sinclair/typebox';
import type { AnyOp } from '@contract/operation';
import * as audit from '@contract/audit';
import * as auth from '@contract/auth';
import * as bank from '@contract/bank';
import * as bulk from '@contract/bulk';
import * as card from '@contract/card';
import * as category from '@contract/category';
import * as city from '@contract/city';
import * as cms from '@contract/cms';
import * as contact from '@contract/contact';
import * as crawl from '@contract/crawl';
import * as crawlCards from '@contract/crawlCards';
import * as crawlOffers from '@contract/crawlOffers';
import * as crawlOutlets from '@contract/crawlOutlets';
import * as crawlOverviews from '@contract/crawlOverviews';
import * as crawlSources from '@contract/crawlSources';
import * as crawlTriage from '@contract/crawlTriage';
import * as csvImport from '@contract/csvImport';
import * as dashboard from '@contract/dashboard';
import * as engagement from '@contract/engagement';
import * as health from '@contract/health';
import * as events from '@contract/events';
import * as envelope from '@contract/envelope';
import * as feedback from '@contract/feedback';
import * as homepageBanners from '@contract/homepageBanners';
import * as homepageFields from '@contract/homepageFields';
import * as homepageSelected from '@contract/homepageSelected';
import * as homepageWelcome from '@contract/homepageWelcome';
import * as network from '@contract/network';
import * as notification from '@contract/notification';
import * as offer from '@contract/offer';
import * as outlet from '@contract/outlet';
import * as outletRadius from '@contract/outletRadius';
import * as presence from '@contract/presence';
import * as resource from '@contract/resource';
import * as savedView from '@contract/savedView';
import * as search from '@contract/search';
import * as settings from '@contract/settings';
import * as user from '@contract/user';

/**
 * The contract modules whose exported shapes are named, by file name. A module left out
 * here gets no names (a test compares this with contract/'s files).
 */
export const NAMED_MODULES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  audit,
  auth,
  bank,
  bulk,
  card,
  category,
  city,
  cms,
  contact,
  crawl,
  crawlCards,
  crawlOffers,
  crawlOutlets,
  crawlOverviews,
  crawlSources,
  crawlTriage,
  csvImport,
  dashboard,
  engagement,
  envelope,
  events,
  feedback,
  health,
  homepageBanners,
  homepageFields,
  homepageSelected,
  homepageWelcome,
  network,
  notification,
  offer,
  outlet,
  outletRadius,
  presence,
  resource,
  savedView,
  search,
  settings,
  user,
};

type Json = Record<string, unknown>;
const REF = '#/components/schemas/';
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isObjectSchema = (v: unknown): v is Json => isObj(v) && v.type === 'object' && isObj(v.properties);
/** The schema-valued keywords a walk descends into (never `enum`, `default`, …: those are data). */
const ONE = ['items', 'additionalProperties', 'not'] as const;
const MANY = ['anyOf', 'oneOf', 'allOf'] as const;

export class SchemaNames {
  private readonly byObject = new Map<object, string>();
  private readonly byName = new Map<string, Json>();
  /** By the `properties` object: `Type.Optional(Bank)` is a copy of `Bank` sharing it. */
  private readonly byProperties = new Map<object, Json>();
  /** Two different shapes given one name: the later stays inline (a test asks for none). */
  readonly conflicts: string[] = [];

  /** Names every exported object shape of `modules`, then the envelopes of `operations`' answers. */
  constructor(operations: readonly AnyOp[], modules: typeof NAMED_MODULES = NAMED_MODULES) {
    for (const mod of Object.values(modules))
      for (const [name, value] of Object.entries(mod)) if (isObjectSchema(value)) this.give(value, name);
    for (const op of operations)
      for (const answer of [op.response, ...Object.values(op.responses ?? {})]) this.nameEnvelope(answer);
  }

  nameOf(schema: unknown): string | undefined {
    if (!isObj(schema)) return undefined;
    const named = this.byObject.get(schema);
    if (named || !isObj(schema.properties)) return named;
    const original = this.byProperties.get(schema.properties);
    const same =
      original &&
      Object.keys(schema).length === Object.keys(original).length &&
      Object.keys(original).every((k) => original[k] === schema[k]);
    return same ? this.byObject.get(original) : undefined;
  }

  /**
   * A copy of `schema` (plain JSON Schema) whose named subschemas are `$ref`s; the root too
   * when it is named, unless `keepRoot`. Only the names a copy refers to are `used`.
   */
  refer(schema: unknown, used: Set<string>, keepRoot = false): unknown {
    const walk = (s: unknown, root: boolean): unknown => {
      if (!isObj(s)) return s;
      const name = root && keepRoot ? undefined : this.nameOf(s);
      if (name) {
        used.add(name);
        return { $ref: REF + name };
      }
      const out: Json = {};
      for (const [k, v] of Object.entries(s)) {
        if ((k === 'properties' || k === 'patternProperties') && isObj(v))
          out[k] = Object.fromEntries(Object.entries(v).map(([p, sub]) => [p, walk(sub, false)]));
        else if ((ONE as readonly string[]).includes(k)) out[k] = walk(v, false);
        else if ((MANY as readonly string[]).includes(k) && Array.isArray(v)) out[k] = v.map((sub) => walk(sub, false));
        else out[k] = v;
      }
      return out;
    };
    return walk(schema, true);
  }

  /**
   * components.schemas for the names in `used`, each written with its own named parts as
   * `$ref`s (which adds those to `used` as well).
   */
  components(used: Set<string>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const todo = [...used];
    while (todo.length) {
      const name = todo.pop()!;
      if (name in out) continue;
      const more = new Set<string>();
      out[name] = this.refer(this.byName.get(name), more, true);
      for (const n of more) if (!(n in out)) todo.push(n);
      for (const n of more) used.add(n);
    }
    return Object.fromEntries(
      Object.keys(out)
        .sort()
        .map((k) => [k, out[k]]),
    );
  }

  private give(schema: Json, name: string): void {
    if (this.byObject.has(schema)) return; // exported twice: the first name holds
    const taken = this.byName.get(name);
    if (taken && JSON.stringify(taken) !== JSON.stringify(schema)) {
      this.conflicts.push(`${name}: two different shapes`);
      return;
    }
    // The same shape built twice (ListEnvelope(Notification) in two modules) is one name.
    if (!taken) this.byName.set(name, schema);
    this.byObject.set(schema, name);
    if (!this.byProperties.has(schema.properties as object)) this.byProperties.set(schema.properties as object, schema);
  }

  private nameEnvelope(answer: TSchema): void {
    if (!isObjectSchema(answer) || this.nameOf(answer)) return;
    const props = answer.properties as Json;
    const keys = Object.keys(props).sort().join(',');
    const data = props.data;
    const rowsOf = (list: unknown) => (isObj(list) && list.type === 'array' ? this.nameOf(list.items) : undefined);
    let name: string | undefined;
    if (keys === 'data,message') name = this.nameOf(data) && `${this.nameOf(data)}Record`;
    else if (keys === 'data,message,undo') name = this.nameOf(data) && `${this.nameOf(data)}Deleted`;
    else if (keys === 'data,pagination') name = rowsOf(data) && `${rowsOf(data)}List`;
    else if (keys === 'data' && isObjectSchema(data)) {
      // A keyed list: the rows under a key of `data`, the pagination fields beside them.
      const rows = Object.values(data.properties as Json)
        .map(rowsOf)
        .filter(Boolean);
      if (rows.length === 1 && 'last_page' in (data.properties as Json)) name = `${rows[0]}List`;
    }
    if (name) this.give(answer, name);
  }
}
