// What the server logs (server/http/requestLog.ts): one JSON line per refused or failed
// call, with the request id the answer carries; nothing at info for calls that went well.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { bankResource } from '@contract/bank';
import { pathOf } from '@contract/operation';
import Fastify from 'fastify';
import { noteLongLived, QuietRequests, registerRequestLog } from '../../server/http/requestLog';
import { LEVEL, logCapture, startTestServer, type LogLine, type TestServer } from '../helpers/app';

let s: TestServer;
let adminId: number;
beforeAll(async () => {
  s = await startTestServer();
  adminId = (await s.db.query<{ id: number }>("select id from users where role = 'admin' order by id limit 1")).rows[0]
    .id;
});
afterAll(() => s.close());
beforeEach(() => s.logs.clear());

/** The lines logged about requests (every line a request writes carries its reqId). */
const requestLines = async (): Promise<LogLine[]> => {
  await new Promise((r) => setImmediate(r)); // onResponse runs once the answer has gone
  return s.logs.filter((l) => l.reqId !== undefined);
};
const addBank = (name: string, code: string, headers: Record<string, string> = {}) =>
  s.app.inject({
    method: 'POST',
    url: pathOf(bankResource.ops.add!),
    headers: { ...s.adminAuth, ...headers },
    payload: { name, code },
  });

it('a handler that throws: a 500 whose body names the request id, and one error line with op, user, reqId and the stack', async () => {
  await s.db.query(
    `create function refuse_banks() returns trigger language plpgsql as $$ begin raise exception 'the logging test refuses every bank'; end $$`,
  );
  await s.db.query('create trigger refuse_banks before insert on banks for each row execute function refuse_banks()');
  try {
    const res = await addBank('Thrown Bank', 'THRW');
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.message).toBe('Something went wrong on the server.');
    expect(body.request_id).toMatch(/^[\w-]{8,}$/);
    expect(res.headers['x-request-id']).toBe(body.request_id);
    const lines = await requestLines();
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      level: LEVEL.error,
      reqId: body.request_id,
      op: bankResource.ops.add!.id,
      user: adminId,
      status: 500,
      method: 'POST',
    });
    expect(typeof line.ms).toBe('number');
    expect((line.err as { stack: string }).stack).toMatch(/the logging test refuses every bank/);
    expect(JSON.stringify(line)).not.toContain(s.adminAuth.authorization.slice(7)); // no token in the log
  } finally {
    await s.db.query('drop trigger refuse_banks on banks');
    await s.db.query('drop function refuse_banks()');
  }
});

it('a refusal (422): one info line naming op, user, status and why; the body has no request_id but the header has', async () => {
  const res = await addBank('', 'EMPT');
  expect(res.statusCode).toBe(422);
  expect(res.json().request_id).toBeUndefined();
  const lines = await requestLines();
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    level: LEVEL.info,
    reqId: res.headers['x-request-id'],
    op: bankResource.ops.add!.id,
    user: adminId,
    status: 422,
  });
  expect(lines[0].reason).toMatch(/name/i);
});

it('a call that went well writes nothing at info (its line is at debug)', async () => {
  const res = await s.app.inject({ method: 'GET', url: pathOf(bankResource.ops.list), headers: s.adminAuth });
  expect(res.statusCode).toBe(200);
  expect(res.headers['x-request-id']).toBeTruthy();
  expect(await requestLines()).toEqual([]);
});

it('a 401 and a 404 are logged too, without a user or an operation', async () => {
  const unsigned = await s.app.inject({ method: 'GET', url: pathOf(bankResource.ops.list) });
  const missing = await s.app.inject({ method: 'GET', url: '/admin/v1/no_such_call', headers: s.adminAuth });
  expect([unsigned.statusCode, missing.statusCode]).toEqual([401, 404]);
  const lines = await requestLines();
  expect(lines.map((l) => [l.status, l.op ?? null, l.user ?? null])).toEqual([
    [401, bankResource.ops.list.id, null],
    [404, null, null],
  ]);
});

it('takes the caller’s X-Request-Id when it is a short safe token, and makes its own otherwise', async () => {
  const mine = await s.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'lb-7f3a.91_x' } });
  expect(mine.headers['x-request-id']).toBe('lb-7f3a.91_x');
  for (const bad of ['a b', 'x'.repeat(200), 'evil\u001b[31m', '"}{"level":60']) {
    const res = await s.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': bad } });
    expect(res.headers['x-request-id']).not.toBe(bad);
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  }
});

it('an answer slower than the threshold is one warn line saying so, with its time; a live stream never is', async () => {
  const capture = logCapture();
  const app = Fastify({ logger: { level: 'info', stream: capture.stream }, logController: new QuietRequests() });
  registerRequestLog(app, 40);
  const pause = () => new Promise((r) => setTimeout(r, 60));
  app.get('/slow', async () => (await pause(), { ok: true }));
  app.get('/quick', async () => ({ ok: true }));
  app.get('/stream', async (req, reply) => {
    reply.hijack();
    noteLongLived(req);
    await pause();
    reply.raw.end('data: done\n\n');
  });
  try {
    for (const url of ['/slow', '/quick', '/stream']) expect((await app.inject({ url })).statusCode).toBe(200);
    await new Promise((r) => setImmediate(r));
    const warned = capture.lines.filter((l) => l.level === LEVEL.warn);
    expect(warned.map((l) => [l.path, l.slow])).toEqual([['/slow', true]]);
    expect(warned[0].msg).toMatch(/^GET \/slow 200: slow, \d+ ms$/);
    expect(warned[0].ms).toBeGreaterThanOrEqual(40);
  } finally {
    await app.close();
  }
});
