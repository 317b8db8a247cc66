// Registers one operation (contract/operation.ts) as a Fastify route. This wrapper is the one
// place every call passes through, so what must hold for all of them holds here:
// - schemas from the operation (params, query string, body, answers), so bad input is a
//   4xx naming the field before a handler runs; text PostgreSQL cannot hold (a NUL) is bad
//   input whatever the schema (server/services/storable.ts);
// - the account check before anything is parsed (`access`), so no token is 401, not 422;
// - a transaction the handler cannot forget: it receives the `Tx` and nothing else that
//   reaches SQL; writes commit or roll back as one, reads run on one connection;
// - database rule violations mapped once (server/http/dbErrors.ts);
// - uploads: a file written during a call that then fails is removed again; files a call
//   replaced or deleted stay for its audit entry's revert (server/services/storageCleanup.ts
//   removes them once nothing references them).
// - who may call it (`access`, and for a staff role the operation's `permission`:
//   server/http/authGuard.ts requireStaff, contract/roles.ts mayRun);
// - the audit log: every write call leaves one entry, in its own transaction (a write never
//   commits without it, a refused call leaves none; server/services/audit.ts);
// - people's contact details (the operation's `personal`, contract/people.ts) masked in the
//   answer of a role without `people.read`, before a shared answer is kept.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { UNLOGGED_OPERATIONS } from '@contract/audit';
import type { User } from '@contract/auth';
import { ErrorEnvelope } from '@contract/envelope';
import { mainOnlyFields, takesAlternative, type AnyOp, type OpInput, type OpOutput } from '@contract/operation';
import { maskPeople } from '@contract/people';
import { seesPeople } from '@contract/roles';
import type { Db, Tx } from '../db/connection';
import { HttpError, badField, fieldLabel } from '../errors';
import type { Units } from '../services/batches';
import {
  beginAudit,
  discardAudit,
  longAudit,
  recordAudit,
  writeExport,
  type AuditCall,
  type Exported,
} from '../services/audit';
import type { Uploads } from '../services/uploads';
import type { Guards } from './authGuard';
import { refusalOf } from '../db/constraintErrors';
import { lazyValidatorOf, validatorOf } from '../services/validate';
import { multipartToBody } from './multipart';
import { bodyReadEnds } from './errorHandler';
import type { AnswerCache } from './answerCache';
import { selectedFields, serializeSelected } from './fieldSelection';

/** What a handler knows about the call besides its input. */
export interface CallContext {
  /** The signed-in account (null on public calls). */
  user: User | null;
  sessionId: number | null;
  /** Uploaded files by field: a Buffer, or null when the caller cleared it (`remove_<field>=true`). */
  files: Readonly<Record<string, Buffer | null | undefined>>;
  /** Checks and stores an image; removed again if the call fails. Returns its URL path. */
  saveImage(field: string, data: Buffer): Promise<string>;
  /** Runs once the call's transaction has committed (sending a mail, kicking a job). */
  afterCommit(fn: () => Promise<unknown> | unknown): void;
  /** The client's address (behind a proxy: as the proxy reports it, when trusted). */
  ip: string;
  /** Leaves the audit entry of an export of people's data, which changes no row (contract/export.ts). */
  logExport(tx: Tx, e: Exported): Promise<void>;
}

type Handler<O extends AnyOp> = (input: OpInput<O>, tx: Tx, ctx: CallContext) => Promise<OpOutput<O>>;

/** An operation with its handler: what route modules export. */
export interface Bound {
  op: AnyOp;
  handler: Handler<AnyOp>;
  /** A long call: no transaction of its own; it writes through `Units` (see bindLong). */
  long?: LongHandler<AnyOp>;
}

/**
 * A handler for long work (a 20,000-row import): instead of one transaction it gets short
 * units of work, so on PGlite's single connection other calls run between them; it makes
 * its writes all or nothing itself (server/services/batches.ts).
 */
type LongHandler<O extends AnyOp> = (input: OpInput<O>, units: Units, ctx: CallContext) => Promise<OpOutput<O>>;

export const bindLong = <O extends AnyOp>(op: O, long: LongHandler<O>): Bound => ({
  op,
  handler: () => Promise.reject(new Error(`${op.id} is a long call`)),
  long: long as unknown as LongHandler<AnyOp>,
});

/** Pairs an operation with its handler, checking the handler's types against the operation. */
export const bind = <O extends AnyOp>(op: O, handler: Handler<O>): Bound => ({
  op,
  handler: handler as unknown as Handler<AnyOp>,
});

/** The input of a handler made by a factory for many operations at once (server/routes/crud.ts). */
interface AnyInput {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown> | null;
}

/**
 * Pairs a derived operation with a factory-made handler. Its schemas are known only at run
 * time, so the types are loose; validation has run all the same, and the answer is
 * serialized by the operation's response schema.
 */
export const bindDerived = (
  op: AnyOp,
  handler: (input: AnyInput, tx: Tx, ctx: CallContext) => Promise<unknown>,
): Bound => ({ op, handler: handler as Handler<AnyOp> });

export interface HandleDeps {
  db: Db;
  uploads: Uploads;
  guards: Guards;
  /** How a record of a resource reads inside a sentence ('bank'), for constraint messages. */
  nounOf(resource: string | undefined): string;
  /** Told after every write call that committed, once its after-commit steps ran. */
  afterWrite?(op: AnyOp): void;
  /** Where `shared` calls' answers are kept until a write (none: every call reads). */
  answers?: AnswerCache;
  /**
   * Called as the last step of every write's transaction, so what it writes commits with the
   * call or not at all: the live stream's event (server/services/events.ts), for the account
   * `onlyFor` alone when the record is private to it (server/services/privateRows.ts).
   */
  recordWrite?(
    tx: Tx,
    op: AnyOp,
    input: unknown,
    output: unknown,
    user: User | null,
    onlyFor: number | null,
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Upload fields taken out of the body before validation (see `takeFiles`). */
    uploaded: Record<string, Buffer | null> | null;
  }
  interface FastifyContextConfig {
    /** The operation a route serves (read by the OpenAPI transform, server/http/openapi.ts). */
    opId?: string;
  }
}

export function registerOperation(app: FastifyInstance, deps: HandleDeps, { op, handler, long }: Bound): void {
  if (op.shared && (!reads(op) || long)) throw new Error(`${op.id} is shared, so it must be a read`);
  const files = Object.keys(op.files ?? {});
  const body = wireBody(op);
  const one = deps.nounOf(op.resource);
  const main = mainBody(op);
  const formFields =
    op.alternativeBody && main
      ? Type.Object({ ...main.properties, ...op.alternativeBody.properties })
      : (body as TObject);
  const typeForm = op.multipart && body ? multipartToBody(formFields) : null;
  // Every body is required (as the OpenAPI document says); a list's filter payload may be
  // JSON `null` ("no filters"), but not missing.
  const nullBody = !!body && (body as TSchema).type !== 'object' && !op.alternativeBody;
  const guard =
    op.access === 'admin' ? deps.guards.requireStaff(op) : op.access === 'user' ? deps.guards.requireUser : undefined;
  const route: RouteOptions = {
    method: op.method,
    url: op.path,
    bodyLimit: op.bodyLimit,
    // A call with longer form fields raises the parser's cap for its own route only.
    config: { opId: op.id, ...(op.fieldSize && { multipartOptions: { limits: { fieldSize: op.fieldSize } } }) },
    // Two bodies: each is checked against the one it is meant for, so a refusal names that
    // body's fields only ("Version is required.", not every field of both shapes).
    ...(op.alternativeBody && {
      validatorCompiler: ({ schema, httpPart }: { schema: object; httpPart?: string }) =>
        httpPart === 'body' ? eitherBody(op, main!, body!) : lazyValidatorOf(schema, { coerce: true }),
    }),
    schema: {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.params && { params: op.params }),
      ...(op.query && { querystring: op.query }),
      ...(body && { body }),
      ...(body && { consumes: op.multipart ? ['application/json', 'multipart/form-data'] : ['application/json'] }),
      ...(op.access !== 'public' && { security: [{ bearer: [] }] }),
      response: { 200: op.response, '4xx': ErrorEnvelope, ...op.responses },
    },
    // Who may call it is settled before the body is even parsed.
    onRequest: async (req, reply) => {
      // What another process committed before this call came was heard before that process
      // answered (its NOTIFY, server/db/connection.ts `Db.transaction`): the caches' word on
      // sessions and answers is current with no look at the database here.
      await guard?.(req, reply);
      // The multipart parser serves every route; a JSON-only call refuses a form outright.
      if (body && !op.multipart && /^\s*multipart\//i.test(req.headers['content-type'] ?? ''))
        throw new HttpError(415, 'Unsupported content type: send JSON.', {
          body: ['Unsupported content type: send JSON.'],
        });
    },
    preValidation: async (req) => {
      bodyReadEnds(req);
      if (body && (req.body === undefined || (req.body === null && !nullBody)))
        throw badField('body', 'The request body is empty.');
      await typeForm?.(req);
      takeFiles(req, files);
      const upload = Object.keys(req.uploaded ?? {})[0];
      if (upload && takesAlternative(op, req.body))
        throw badField(upload, `${fieldLabel(upload)} is not taken with this body.`);
    },
    handler: async (req, reply) => {
      const saved: string[] = [];
      const after: (() => unknown)[] = [];
      const ctx: CallContext = {
        user: req.user,
        sessionId: req.sessionId,
        files: req.uploaded ?? {},
        ip: req.ip,
        async saveImage(field, data) {
          const url = await deps.uploads.saveImage(field, data);
          saved.push(url);
          return url;
        },
        afterCommit: (fn) => void after.push(fn),
        logExport: async (tx, e) => void (await writeExport(tx, who, e)),
      };
      const input = { params: req.params, query: req.query, body: req.body } as OpInput<AnyOp>;
      const unit = reads(op) ? deps.db.read.bind(deps.db) : deps.db.transaction.bind(deps.db);
      // The public calls are the sign-in ones: someone at the door goes first (UnitOptions.urgent).
      const urgent = op.access === 'public';
      let output: OpOutput<AnyOp> | undefined;
      let refused: HttpError | null = null;
      const sees = seesPeople(req.user?.role);
      const key = op.shared && deps.answers ? answerKey(op, input, sees) : null;
      const who: AuditCall = {
        op,
        actor: req.user ? { id: req.user.id, name: req.user.name } : null,
        recordId: recordIdOf(input),
        requestId: String(req.id),
      };
      // Masked inside the read, so a kept answer is the one its key's callers may have.
      const shown = (out: OpOutput<AnyOp>) => (op.personal && !sees ? maskPeople(out, op.personal) : out);
      // A write whose entry cannot be written is refused: said loudly, as it means a broken log.
      const loudly = async <T>(step: () => Promise<T>): Promise<T> => {
        try {
          return await step();
        } catch (err) {
          req.log.error({ err, op: op.id }, 'the audit entry could not be written: the call is refused');
          throw err;
        }
      };
      // Kept as the JSON text sent: a repeat costs no serializing either (a string of JSON
      // type is sent as it is). Serialized by the route's own 200 schema, as any answer is.
      if (key) reply.type('application/json; charset=utf-8');
      // `fields=` on a list (server/http/fieldSelection.ts): refused before any read when it
      // names no field of the row; the rows cut to it as they are written.
      const fields = selectedFields(op, input.query);
      const json = (out: OpOutput<AnyOp>) => (fields ? serializeSelected(op, out, fields) : reply.serialize(out));
      if (fields) reply.type('application/json; charset=utf-8');
      const read = (fn: () => Promise<OpOutput<AnyOp>>) =>
        key ? (deps.answers!.answer(key, async () => json(await fn())) as Promise<OpOutput<AnyOp>>) : fn();
      try {
        output = long
          ? await runLong(deps.db, who, loudly, (units) => long(input, units, ctx)).then(async (out) => {
              // A long call commits in its own units; its event follows once they have.
              if (deps.recordWrite)
                await deps.db.transaction((tx) => deps.recordWrite!(tx, op, input, out, ctx.user, null));
              return out;
            })
          : await read(() =>
              unit(
                async (tx) => {
                  // A claim's writes are bookkeeping, no change to log; the lists still hear of them.
                  const unlogged = UNLOGGED_OPERATIONS.includes(op.id);
                  const call = reads(op) || unlogged ? null : await beginAudit(tx);
                  try {
                    const out = await handler(input, tx, ctx);
                    const entry = call ? await loudly(() => recordAudit(tx, call, who)) : null;
                    // A write that changed no record (a dry run, a save of what was there) is no
                    // news either. Last: the event's insert holds its lock until the commit (server/app.ts).
                    if (entry !== null || unlogged)
                      await deps.recordWrite?.(tx, op, input, out, ctx.user, entry?.privacy.event ?? null);
                    return out;
                  } catch (err) {
                    // A refusal whose writes must stand (a counted wrong code) commits, then
                    // answers; it is no write of the log's: what it staged goes.
                    if (err instanceof HttpError && err.options.keepWrites) {
                      if (call) await discardAudit(tx, call);
                      refused = err;
                      return undefined;
                    }
                    throw err;
                  }
                },
                { urgent },
              ).then(shown),
            );
      } catch (err) {
        await Promise.all(saved.map((url) => deps.uploads.remove(url).catch(() => undefined)));
        throw refusalOf(err, one);
      }
      if (refused) {
        await Promise.all(saved.map((url) => deps.uploads.remove(url).catch(() => undefined)));
        throw refused;
      }
      for (const fn of after)
        await Promise.resolve(fn()).catch((e: unknown) => req.log.warn({ err: e }, 'after-commit step failed'));
      if (!reads(op)) deps.afterWrite?.(op);
      if (fields && typeof output !== 'string') return json(output!);
      return output;
    },
  };
  app.route(route);
}

/**
 * What a shared call's answer is kept under: its input, and whether the caller sees people's
 * contact details whole (`sees`: else they are masked), as a shared read depends on nothing
 * else (no files, no user). Null, so it is read afresh, for an input too big to be worth
 * keeping or too deep to write out (fields the schema does not name may hold anything).
 */
function answerKey(op: AnyOp, input: unknown, sees: boolean): string | null {
  try {
    const key = `${op.id} ${sees ? 'whole' : 'masked'} ${JSON.stringify(input)}`;
    return key.length <= 2000 ? key : null;
  } catch {
    return null;
  }
}

/**
 * Runs a long call on units that stage what each writes; its one entry is written in the unit
 * that publishes its batch (server/services/audit.ts longAudit), else in one of its own after.
 */
async function runLong<T>(
  db: Db,
  who: AuditCall,
  loudly: <R>(step: () => Promise<R>) => Promise<R>,
  work: (units: Units) => Promise<T>,
): Promise<T> {
  const audit = longAudit(who);
  const units: Units = {
    read: db.read.bind(db),
    transaction: (fn, opts) =>
      db.transaction(async (tx) => {
        const call = await beginAudit(tx);
        const out = await fn(tx);
        await loudly(() => audit.fold(tx, call));
        return out;
      }, opts),
  };
  const out = await work(units);
  if (!audit.written) await db.transaction((tx) => loudly(() => audit.finish(tx)));
  return out;
}

/** The record id a call names in its path or query (`id`, `bank_id`…), if one. */
function recordIdOf(input: { params?: unknown; query?: unknown }): number | null {
  const params = (input.params ?? {}) as Record<string, unknown>;
  const v = params.id ?? Object.values(params)[0];
  return typeof v === 'number' && Number.isInteger(v) ? v : null;
}

/** A GET, or a call marked `readOnly`: it runs in a read unit and is no write. */
const reads = (op: AnyOp) => op.method === 'GET' || op.readOnly === true;

/**
 * The body the route validates: the operation's fields plus, for each upload field `f`, the
 * `remove_f` flag that clears it. The files themselves are taken out before validation.
 * With an alternative body, either one; the alternative refuses the main body's other fields
 * outright (rather than dropping them as unknown), so the document says what the server does.
 */
function wireBody(op: AnyOp): TSchema | undefined {
  const main = mainBody(op);
  if (!op.alternativeBody || !main) return main ?? op.body;
  const refused = Object.fromEntries(
    mainOnlyFields(op).map((k) => [k, Type.Optional(Type.Never({ description: 'not taken with this body' }))]),
  );
  return Type.Union([main, Type.Object({ ...op.alternativeBody.properties, ...refused })]);
}

function mainBody(op: AnyOp): TObject | undefined {
  const files = Object.keys(op.files ?? {});
  if (!files.length) return op.body as TObject | undefined;
  const fields = (op.body as TObject | undefined)?.properties ?? {};
  const flags = Object.fromEntries(
    files.map((f) => [`remove_${f}`, Type.Optional(Type.Boolean({ description: `true clears ${f}` }))]),
  );
  return Type.Object({ ...fields, ...flags });
}

/** The body validator of a call with two bodies: the one `takesAlternative` picks checks it. */
function eitherBody(op: AnyOp, main: TSchema, both: TSchema) {
  const alternative = (both.anyOf as TSchema[])[1];
  const check = (data: unknown) => {
    const fn = validatorOf(takesAlternative(op, data) ? alternative : main);
    const valid = fn(data);
    check.errors = fn.errors;
    return valid;
  };
  check.errors = null as ReturnType<typeof validatorOf>['errors'];
  return check;
}

/** Moves upload fields from the body to `req.uploaded`; a value that is no file is a 422 on its field. */
function takeFiles(req: FastifyRequest, files: string[]) {
  const uploaded: Record<string, Buffer | null> = (req.uploaded = {});
  if (!files.length) return;
  const body = (req.body ?? {}) as Record<string, unknown>;
  for (const f of files) {
    const v = body[f];
    delete body[f];
    if (Buffer.isBuffer(v)) uploaded[f] = v;
    else if (v !== undefined && v !== '') throw badField(f, `${fieldLabel(f)} must be an uploaded file.`);
    // The flag is taken out here too, so validation never sees it: check it as the schema says.
    const remove = body[`remove_${f}`];
    if (remove !== undefined && typeof remove !== 'boolean')
      throw badField(`remove_${f}`, `${fieldLabel(`remove_${f}`)} must be true or false.`);
    if (remove === true && !uploaded[f]) uploaded[f] = null;
    delete body[`remove_${f}`];
  }
  req.body = body;
}
