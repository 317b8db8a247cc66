// The HTTP transport under `call` (src/api/call.ts). It only throws ApiError; what to show
// is the caller's business (the command runner toasts, forms show field errors), so this
// file never touches the UI.
import redaxios, { type Options, type Response } from 'redaxios';
import { errorText } from './errorText';
import { isSessionEndReason, type SessionEndReason } from '@contract/auth';

/** Every call marks itself as an XMLHttpRequest. */
const BASE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } as const;

const http = redaxios.create({
  baseURL: '', // same origin: the server serves the SPA and the API together
  headers: { ...BASE_HEADERS },
});

export class ApiError extends Error {
  readonly status: number; // 0: no answer (network down, aborted)
  readonly method: string;
  readonly body: unknown;
  /** First message per field from `errors.<field>`, for showing beside inputs. */
  readonly fieldErrors: Record<string, string>;
  readonly aborted: boolean;

  constructor(status: number, method: string, body: unknown, aborted = false) {
    super(errorText(method, body));
    this.name = 'ApiError';
    this.status = status;
    this.method = method;
    this.body = body;
    this.aborted = aborted;
    this.fieldErrors = fieldErrorsOf(body);
  }

  /** The server's own `message`, when it sent one. */
  get serverMessage(): string | null {
    const m = (this.body as { message?: unknown } | null)?.message;
    return typeof m === 'string' && m ? m : null;
  }
}

function fieldErrorsOf(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  const out: Record<string, string> = {};
  for (const [field, v] of Object.entries(errors)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (field !== 'message' && typeof first === 'string') out[field] = first;
  }
  return out;
}

// The session store plugs itself in here, so this module does not import it (no cycle).
let tokenSource: () => string | null = () => null;
export const setTokenSource = (fn: () => string | null) => {
  tokenSource = fn;
};

/** A 401's reason, when its body names one the contract knows (contract/auth.ts SESSION_END_REASONS). */
export const endReasonOf = (body: unknown): SessionEndReason | null => {
  const r = (body as { reason?: unknown } | null)?.reason;
  return isSessionEndReason(r) ? r : null;
};

type UnauthorizedListener = (reason: SessionEndReason | null) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();
/** Called when a request that carried a token gets a 401: the session is gone, and why when the server said. */
export function onUnauthorized(fn: UnauthorizedListener): () => void {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

/**
 * The headers every call carries (bearer token included), for the one call that cannot go
 * through redaxios: the CSV upload needs XMLHttpRequest's upload progress (src/api/upload.ts).
 */
export function requestHeaders(): { headers: Record<string, string>; hasToken: boolean } {
  const token = tokenSource();
  return { headers: { ...BASE_HEADERS, ...(token ? { Authorization: `Bearer ${token}` } : {}) }, hasToken: !!token };
}

/** A call that carried a token got a 401 (for callers outside `request`), with its body. */
export function reportUnauthorized(body: unknown = null): void {
  const reason = endReasonOf(body);
  unauthorizedListeners.forEach((fn) => fn(reason));
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface RequestOptions {
  params?: Record<string, string | number | boolean | undefined>;
  data?: unknown;
  signal?: AbortSignal;
  /** Another bearer token than the session's (ending a session that was never kept). */
  token?: string;
  /** fetch's keepalive: the request outlives the page (CallOptions.keepalive). */
  keepalive?: boolean;
}

export async function request<T>(method: Method, url: string, opts: RequestOptions = {}): Promise<T> {
  const token = opts.token ?? tokenSource();
  const params = opts.params && definedOnly(opts.params);
  try {
    // redaxios types `request` as a union of two call forms; we use the config form.
    const send = http.request as (config: Options) => Promise<Response<T>>;
    const res = await send({
      url,
      method,
      params,
      data: opts.data,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      // redaxios has no `signal` or `keepalive` option; a wrapped fetch carries them.
      fetch:
        opts.signal || opts.keepalive
          ? (input, init) => fetch(input, { ...init, signal: opts.signal, keepalive: opts.keepalive })
          : undefined,
    });
    return res.data;
  } catch (e) {
    const err = toApiError(e, method);
    if (err.status === 401 && token) reportUnauthorized(err.body);
    throw err;
  }
}

function definedOnly(params: NonNullable<RequestOptions['params']>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

function toApiError(e: unknown, method: string): ApiError {
  if (e instanceof DOMException && e.name === 'AbortError') return new ApiError(0, method, null, true);
  // redaxios rejects with its response object for any non-2xx status
  if (typeof e === 'object' && e !== null && 'status' in e && typeof e.status === 'number') {
    return new ApiError(e.status, method, (e as { data?: unknown }).data ?? null);
  }
  return new ApiError(0, method, null); // fetch itself failed: offline, DNS, CORS
}
