// Calls an operation of contract/ through the test server by its definition (method and path
// from the op, so a test never spells a path the contract already holds), plus a one-value SQL
// read for arranging and inspecting rows.
import { expect } from 'vitest';
import { pathOf, type AnyOp } from '@contract/operation';
import type { TestServer } from './app';

export interface OpInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/**
 * `server` is read at call time: test files start their server in `beforeAll`, after these
 * helpers are made at the top of the file.
 */
export function opCalls(server: () => TestServer) {
  /** The answer whatever its status; JSON bodies are sent as JSON. Headers default to the admin's. */
  async function call(op: AnyOp, input: OpInput = {}, headers?: Record<string, string>) {
    const s = server();
    const qs = input.query
      ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const res = await s.call({
      method: op.method,
      url: pathOf(op, input.params) + qs,
      headers: { ...(headers ?? s.adminAuth), ...(input.body !== undefined && { 'content-type': 'application/json' }) },
      payload: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    return { status: res.statusCode, json: res.json(), body: res.body };
  }

  /** The answer's JSON, after asserting a 200 (the body in the failure message). */
  async function ok(op: AnyOp, input: OpInput = {}, headers?: Record<string, string>) {
    const res = await call(op, input, headers);
    expect(res.status, `${op.id}: ${res.body}`).toBe(200);
    return res.json;
  }

  /** The first column of the first row (undefined when none). */
  async function one<T = number>(sql: string, params: unknown[] = []) {
    return Object.values((await server().db.query(sql, params)).rows[0] ?? {})[0] as T;
  }

  return { call, ok, one };
}
