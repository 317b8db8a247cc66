// The browser's one way to call the API: `call(op, input, { signal })` with an operation
// from contract/ (contract/operation.ts). The path, method and body encoding come from the
// operation, and the answer is typed by its response schema. No path string of the API is
// written in the browser. After a call that changes records, the stores of the resources it
// touches hear of it (`onTouched`), so nothing shows a stale copy.
import type { Static, TSchema } from '@sinclair/typebox';
import type { AnyOp, FileField, OpOutput } from '@contract/operation';
import { pathOf } from '@contract/operation';
import { request } from './client';

/** A part the operation has is required; one it may have (a derived call) is optional. */
type Part<K extends string, S, Extra = unknown> = [NonNullable<S>] extends [never]
  ? { [k in K]?: undefined }
  : NonNullable<S> extends TSchema
    ? undefined extends S
      ? { [k in K]?: Static<NonNullable<S>> & Extra }
      : { [k in K]: Static<NonNullable<S>> & Extra }
    : never;

/** Upload fields take a Blob (or a File); `remove_<field>: true` clears one. */
type Uploads<O> = { [K in FileField<O>]?: Blob | null } & { [K in FileField<O> as `remove_${K}`]?: boolean };

/** What a call takes: the operation's params, query and body (a FormData is accepted as the body). */
export type CallInput<O extends AnyOp> = Part<'params', O['params']> &
  Part<'query', O['query']> &
  (Part<'body', O['body'], Uploads<O>> | { body: FormData });

export interface CallOptions {
  signal?: AbortSignal;
  /** 0…1 while a multipart body is sent (the CSV upload shows it). */
  onProgress?: (fraction: number) => void;
  /** Another bearer token than the session's. */
  token?: string;
  /** Sent even if the page goes away meanwhile (a leave announced as the tab closes). */
  keepalive?: boolean;
}

/**
 * `remote`: the change was someone else's, heard on the live stream (./events.ts): there is no
 * answer to apply (`output` is null), so a store refetches even its own resource.
 */
type TouchListener = (resources: readonly string[], op: AnyOp, output: unknown, remote: boolean) => void;
const touchListeners = new Set<TouchListener>();

/** Hear of every successful call that changed records of some resources. */
export function onTouched(fn: TouchListener): () => void {
  touchListeners.add(fn);
  return () => touchListeners.delete(fn);
}

/** Tells every touch listener of a change: a call's below, the live stream's (./events.ts). */
export function announceTouched(resources: readonly string[], op: AnyOp, output: unknown, remote = false): void {
  touchListeners.forEach((fn) => fn(resources, op, output, remote));
}

export async function call<O extends AnyOp>(op: O, input: CallInput<O>, opts: CallOptions = {}): Promise<OpOutput<O>> {
  const { params, query, body } = input as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
  };
  const url = pathOf(op, params);
  const data = body === undefined ? undefined : encodeBody(body as Payload | FormData);
  const out =
    opts.onProgress && typeof FormData !== 'undefined' && data instanceof FormData
      ? // The XMLHttpRequest transport comes with the first upload that shows progress (the CSV import's).
        await (await import('./upload')).postMultipart<OpOutput<O>>(withQuery(url, query), data, opts)
      : await request<OpOutput<O>>(op.method, url, {
          params: query as Params,
          data,
          signal: opts.signal,
          token: opts.token,
          keepalive: opts.keepalive,
        });
  if (op.touches?.length) announceTouched(op.touches, op, out);
  return out;
}

type Params = Record<string, string | number | boolean | undefined>;

/** What add/update accept: plain values, plus Blob/File for upload fields. */
export type Payload = Record<string, unknown>;

const isFile = (v: unknown): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob;

/**
 * JSON unless a file is present, then multipart. In multipart every value
 * is text: booleans go as 'true'/'false', lists as '1,2,3' and null as '' (the server
 * reads '' as "clear").
 */
export function encodeBody(data: Payload | FormData): Payload | FormData {
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  const values = Object.entries(data).filter(([, v]) => v !== undefined);
  if (!values.some(([, v]) => isFile(v))) return Object.fromEntries(values);
  const form = new FormData();
  for (const [k, v] of values) {
    if (isFile(v)) form.append(k, v);
    else if (Array.isArray(v)) form.append(k, v.join(','));
    else form.append(k, v === null ? '' : String(v));
  }
  return form;
}

function withQuery(url: string, query: Record<string, unknown> | undefined): string {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== '');
  return entries.length ? `${url}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : url;
}
