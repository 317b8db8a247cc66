// The Fastify application: plugins, then every operation of the contract
// (contract/operations.ts) with its handler. Built without listening, so tests drive it
// through app.inject.
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ADMIN_ROOT, type AnyOp } from '@contract/operation';
import type { Config } from './config';
import type { Db } from './db/connection';
import { answerCache } from './http/answerCache';
import { lazySerializerOf } from './http/serialize';
import type { Mailer } from './services/mail';
import { homepageResources } from '@contract/homepage';
import { operations } from '@contract/operations';
import { resources } from '@contract/resources';
import { createAuth } from './services/auth';
import { TooManyRequests } from './services/signinLimits';
import { createUploads } from './services/uploads';
import { UPLOAD_CACHE_CONTROL, UPLOAD_NAME, type FileStore } from './services/fileStore';
import { createSearchBacklog, type SearchBacklog } from './services/searchBacklog';
import { createNotificationJob, type NotificationJob } from './services/notificationJob';
import { createAuditPruning } from './services/auditPruning';
import type { Loop } from './services/loop';
import { storageCleanup } from './services/storageCleanup';
import { createHealthChecks } from './services/mediaChecks';
import { createHealthPairs } from './services/healthPairs';
import { keepHealthScores } from './services/health';
import { keepQueueCounts } from './services/healthQueueCounts';
import { auditHandlers } from './routes/audit';
import { outboxSender, type PushSender } from './services/push';
import { lazyValidatorOf } from './services/validate';
import { frameworkErrors, registerErrorHandler } from './http/errorHandler';
import { QuietRequests, registerRequestLog, requestId } from './http/requestLog';
import { registerNoStore } from './http/noStore';
import { registerSecurityHeaders } from './http/securityHeaders';
import { createLogger, lineLogger, type Logger } from './logger';
import { errorBody } from './errors';
import { guards } from './http/authGuard';
import { registerOperation, type Bound, type HandleDeps } from './http/handle';
import { registerEventStream } from './http/eventStream';
import { registerMetrics } from './http/metrics';
import { createEventHub, eventOf, recordEvent, type EventHub } from './services/events';
import { streamEvents } from '@contract/events';
import { openApiOptions } from './http/openapi';
import { authHandlers } from './routes/auth';
import { dashboardHandlers } from './routes/dashboard';
import { healthHandlers } from './routes/health';
import { engagementHandlers } from './routes/engagement';
import { crudHandlers } from './routes/crud';
import { cardHandlers } from './routes/cards';
import { offerHandlers } from './routes/offers';
import { crawlHandlers } from './routes/crawl';
import { crawlImportHandlers } from './routes/crawlImport';
import { homepageHandlers } from './routes/homepage';
import { csvHandlers } from './routes/csv';
import { searchHandlers } from './routes/search';
import { cmsHandlers } from './routes/cms';
import { contactHandlers } from './routes/contact';
import { notificationHandlers } from './routes/notifications';
import { settingsHandlers } from './routes/settings';
import { savedViewHandlers } from './routes/savedViews';
import { presenceHandlers } from './routes/presence';
import { createPresenceHub, type PresenceHub } from './services/presence';
import { watchSessions } from './services/streamSessions';
import { isStaff, mayRun } from '@contract/roles';

interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Built browser app to serve under /admin; omitted in API tests. */
  clientDir?: string;
  /** Where the app and its services log (server/logger.ts); default: stdout at config.logLevel. */
  logger?: Logger;
  now?: () => number;
  /** Where notifications go (server/services/push.ts); default: DATA_DIR/outbox. */
  push?: PushSender;
  /** false: every shared call reads the database again (bench/lists.ts's uncached figures); so does ANSWER_CACHE_MB=0. */
  answerCache?: boolean;
  /** The live stream's heartbeat period (contract/events.ts EVENT_HEARTBEAT_MS unless a test shortens it). */
  eventHeartbeatMs?: number;
  /** /metrics also tells Node's own numbers (memory, CPU, event loop lag): `npm start`'s server, not the tests' many apps. */
  processMetrics?: boolean;
  /** Where uploads' bytes live (server/services/fileStore.ts); default: DATA_DIR/uploads. */
  fileStore?: FileStore;
  /** How long a live stream full of unsent bytes may take nothing before it is dropped (server/http/eventStream.ts; 10 s unless a test shortens it). */
  eventStallMs?: number;
  /** How long a presence announcement lasts unrenewed (contract/presence.ts PRESENCE_TTL_MS unless a test shortens it). */
  presenceTtlMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Offers waiting for their search text (server/services/searchBacklog.ts). */
    searchBacklog: SearchBacklog;
    /** The notification sending job (server/services/notificationJob.ts). */
    notificationJob: NotificationJob;
    /** The live streams' hub (server/services/events.ts). */
    events: EventHub;
    /** Who has which record open, for the live streams (server/services/presence.ts). */
    presence: PresenceHub;
    /** The audit log's pruning and the storage clean-up after it (server/services/auditPruning.ts). */
    auditPruning: Loop;
    /** The images' and links' checks and the day's health scores (server/services/mediaChecks.ts). */
    healthChecks: Loop;
    /** The "Likely duplicates" pairs found again for the records written (server/services/healthPairs.ts). */
    healthPairs: Loop;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const logger = deps.logger ?? createLogger(config.logLevel);
  const app = Fastify({
    loggerInstance: logger,
    logController: new QuietRequests(),
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    trustProxy: trustedHops(config.trustProxy),
  }) as unknown as FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger>;
  // One validator for calls and CSV rows alike (server/services/validate.ts). Validators and
  // serializers compile on first use: most routes are not called in a server's first minute.
  app.setValidatorCompiler(({ schema, httpPart }) => lazyValidatorOf(schema, { coerce: httpPart !== 'body' }));
  app.setSerializerCompiler(lazySerializerOf);
  const auth = createAuth(db, deps.now);
  const uploads = createUploads(config.dataDir, config.uploadMaxBytes, deps.fileStore);

  const searchBacklog = createSearchBacklog(db, lineLogger(logger, 'searchBacklog', 'warn'));
  app.decorate('searchBacklog', searchBacklog);
  // The backlog's last piece finishes before whoever closed the app closes the database.
  app.addHook('onClose', async () => {
    searchBacklog.stop();
    await searchBacklog.idle();
  });
  // Notifications are sent by a job in the database; a close lets its current unit finish.
  const push = deps.push ?? outboxSender(config.dataDir, lineLogger(logger, 'push'));
  const notificationJob = createNotificationJob({
    db,
    sender: push,
    now: deps.now ?? Date.now,
    log: lineLogger(logger, 'notificationJob'),
  });
  app.decorate('notificationJob', notificationJob);
  app.addHook('onClose', async () => {
    notificationJob.stop();
    await notificationJob.idle();
  });

  // Audit entries past their retention go at start and every six hours, then the uploads no
  // record and no entry left references (server/services/storageCleanup.ts).
  const auditPruning = createAuditPruning(
    db,
    lineLogger(logger, 'auditPruning', 'warn'),
    storageCleanup(db, uploads.store, deps.now ?? Date.now, logger.child({ service: 'storageCleanup' })),
  );
  app.decorate('auditPruning', auditPruning);
  app.addHook('onClose', async () => {
    auditPruning.stop();
    await auditPruning.idle();
  });

  // Broken images and links (Health, queue 5) at start and every LINK_CHECK_EVERY_MIN, then the day's health scores and queue counts.
  const healthChecksLog = logger.child({ service: 'healthChecks' });
  const healthChecks = createHealthChecks({
    db,
    store: uploads.store,
    config: config.linkCheck,
    log: healthChecksLog,
    then: async () => {
      await keepHealthScores(db);
      await keepQueueCounts(db, healthChecksLog);
    },
  });
  app.decorate('healthChecks', healthChecks);
  app.addHook('onClose', async () => {
    healthChecks.stop();
    await healthChecks.idle();
  });
  // The duplicates' pairs of what was written: at start (the records a stopped server left), after each write, every minute.
  const healthPairs = createHealthPairs(db, logger.child({ service: 'healthPairs' }));
  app.decorate('healthPairs', healthPairs);
  app.addHook('onClose', async () => {
    healthPairs.stop();
    await healthPairs.idle();
  });

  registerRequestLog(app);
  registerNoStore(app);
  registerErrorHandler(app);
  // A 429 of the sign-in limits says when to come back (onError runs before the error handler answers).
  app.addHook('onError', async (_req, reply, err) => {
    if (err instanceof TooManyRequests) reply.header('Retry-After', String(err.retryAfter));
  });
  // Security headers on every answer: no framing, no sniffing, no referrer leaving the
  // origin, and a Content-Security-Policy that runs only the app's own scripts (no inline
  // script anywhere: index.html's theme boot is public/theme.js). Styles may be inline
  // because the toast library injects its stylesheet at run time.
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // The API is same-origin; no cross-origin embedding of its answers either.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    hsts: false, // HTTPS is the TLS terminator's business; it sets Strict-Transport-Security
  });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('uploaded', null);
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Images are capped at UPLOAD_MAX_BYTES; add_csv raises its own cap for CSV files.
    limits: { fileSize: Math.max(config.uploadMaxBytes, 10 * 1024 * 1024), files: 4, fields: 50, fieldSize: 100_000 },
  });
  await app.register(swagger, openApiOptions(operations));
  // The reference page sets its own CSP; its one inline style attribute is allowed.
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (csp) => csp.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  app.get('/health', { schema: { hide: true } }, async (req, reply) => {
    // Urgent: a load balancer that waits behind a busy line would take a working server out.
    try {
      await db.read((tx) => tx.query('select 1'), { urgent: true });
    } catch (err) {
      // A load balancer takes this process out until its database answers again; the cause goes to the log.
      const database = db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
      req.log.error({ err, database: db.kind }, `health: the database (${database}) does not answer`);
      return reply
        .status(503)
        .send({ status: 'unavailable', database: db.kind, message: `The database (${database}) does not answer.` });
    }
    return { status: 'ok', database: db.kind };
  });

  // Every operation of the contract (contract/operations.ts collects them from the area
  // modules), each with its handler: one handler list per area, in the area's
  // server/routes module. A new call is its handler in that list; a new area, one line
  // here. A call without a handler, or a handler without a call, stops the start.
  const handlers: Bound[] = [
    ...authHandlers({ auth, mailer, log: lineLogger(logger, 'mail', 'error') }),
    ...dashboardHandlers({ now: deps.now ?? Date.now, resources }),
    ...engagementHandlers({ now: deps.now ?? Date.now }),
    ...resources.flatMap((r) => crudHandlers(r, { now: deps.now ?? Date.now })),
    ...cardHandlers(),
    ...offerHandlers(),
    ...csvHandlers(),
    ...searchHandlers(resources),
    ...crawlHandlers({ now: deps.now ?? Date.now }),
    ...crawlImportHandlers(),
    ...homepageHandlers({ now: deps.now ?? Date.now }),
    ...cmsHandlers(),
    ...contactHandlers({ db, mailer }),
    ...notificationHandlers({ now: deps.now ?? Date.now, job: () => app.notificationJob }),
    ...settingsHandlers({ now: deps.now ?? Date.now }),
    ...auditHandlers(),
    ...healthHandlers(),
    ...savedViewHandlers(),
    ...presenceHandlers({ ttlMs: deps.presenceTtlMs }),
  ];
  const byId = new Map(handlers.map((b) => [b.op.id, b]));
  const nouns = new Map([...resources, ...homepageResources].map((r) => [r.name, r.label.one.toLowerCase()]));
  // Offers written without search text are indexed once their call has answered, and the
  // duplicates' pairs of the offers and outlets written (the triggers marked them) found again.
  const PAIR_TOUCHES = ['offer', 'outlet', 'card', 'settings'];
  const afterWrite = (op: AnyOp) => {
    if (op.touches?.includes('offer')) app.searchBacklog.kick();
    if (op.touches?.some((t) => PAIR_TOUCHES.includes(t))) app.healthPairs.kick();
  };
  const clock = deps.now ?? Date.now;
  const cached = deps.answerCache !== false && config.answerCacheMb > 0;
  const answers = cached ? answerCache(db, clock, config.answerCacheMb * 1024 * 1024) : undefined;
  const events = createEventHub(db, lineLogger(logger, 'events', 'warn'));
  app.decorate('events', events);
  const presence = createPresenceHub(db, lineLogger(logger, 'presence', 'warn'));
  app.decorate('presence', presence);
  const handleDeps = {
    db,
    uploads,
    guards: guards(auth),
    nounOf: (name: string | undefined) => (name && nouns.get(name)) || 'record',
    afterWrite,
    answers,
    // Writes that change records are what the live stream tells (sign-ins and the like are not).
    recordWrite: async (tx, op, input, output, user, onlyFor) => {
      if (op.touches?.length) await recordEvent(tx, eventOf(op, input, output, user), onlyFor);
    },
  } satisfies HandleDeps;
  // A stream lives as long as its session, and its role still lets it in (requireStaff's rule).
  const streamSessions = watchSessions(db, {
    now: clock,
    allowed: (role) => isStaff(role) && mayRun(role, streamEvents),
    log: lineLogger(logger, 'events', 'warn'),
  });
  const streams = registerEventStream(app, {
    hub: events,
    presence,
    sessions: streamSessions,
    guards: handleDeps.guards,
    limits: config.streams,
    heartbeatMs: deps.eventHeartbeatMs,
    stallMs: deps.eventStallMs,
  });
  registerMetrics(app, {
    db,
    token: config.metricsToken,
    // Sessions are kept per process whether or not answers are (server/services/auth.ts).
    caches: { answers, sessions: auth },
    streamsOpen: streams.open,
    processMetrics: deps.processMetrics,
    log: lineLogger(logger, 'metrics', 'warn'),
  });
  for (const op of operations) {
    if (op === streamEvents) continue; // registered just above, as a stream
    const bound = byId.get(op.id);
    if (!bound) throw new Error(`No handler for operation ${op.id} (${op.method} ${op.path})`);
    registerOperation(app, handleDeps, bound);
    byId.delete(op.id);
  }
  if (byId.size) throw new Error(`Handlers for operations the contract does not list: ${[...byId.keys()].join(', ')}`);

  if (uploads.store.kind === 'disk') {
    fs.mkdirSync(uploads.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: uploads.dir,
      prefix: '/uploads/',
      decorateReply: false,
      // @fastify/static 10 hands setHeaders the Fastify reply, not the raw response.
      setHeaders: (reply: FastifyReply) => uploadHeaders(reply),
    });
  } else serveStoredUploads(app, uploads.store);

  serveClient(app, deps.clientDir);
  return app;
}

/** What every uploaded file is sent with: its type is the server's word, and it runs nothing. */
function uploadHeaders(reply: FastifyReply) {
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('Content-Security-Policy', "default-src 'none'");
}

/**
 * /uploads/<name> from object storage, through the app: the same URL and headers as from the
 * disk, so records, the browser and the consumer app never know where the bytes are. An
 * If-None-Match that still matches is a 304.
 */
function serveStoredUploads(app: FastifyInstance, store: FileStore) {
  app.get<{ Params: { name: string } }>('/uploads/:name', { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params;
    const file = UPLOAD_NAME.test(name) ? await store.get(name) : null;
    if (!file) return reply.status(404).send(errorBody(`No file at /uploads/${name}`));
    uploadHeaders(reply);
    reply.header('Cache-Control', UPLOAD_CACHE_CONTROL).type(file.type);
    if (file.etag) reply.header('ETag', file.etag);
    if (file.lastModified) reply.header('Last-Modified', file.lastModified.toUTCString());
    if (file.etag && req.headers['if-none-match'] === file.etag) {
      file.body.destroy();
      return reply.status(304).send();
    }
    if (file.length !== undefined) reply.header('Content-Length', file.length);
    return reply.send(file.body);
  });
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "the socket's peer and the n − 1
 * entries nearest it are proxies", so the client is the nth entry from the right of
 * X-Forwarded-For (Fastify itself trusts no one given a bare number).
 */
function trustedHops(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_addr: string, i: number) => i < trust : trust;
}

/**
 * The SPA under /admin: hashed assets from /admin/assets/ (cached for a year), and
 * index.html for every other /admin path so deep links load the app. Both are read from
 * disk per request, so a rebuild while the server runs is picked up.
 */
function serveClient(app: FastifyInstance, dir: string | undefined) {
  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/admin/'));
  if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return;
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/admin/assets/',
    index: false,
    decorateReply: false,
    // The build writes .br and .gz beside each script and style (vite.config.ts): sent as the browser accepts.
    preCompressed: true,
    setHeaders: (reply: FastifyReply) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  // The theme boot script (public/theme.js): not hashed, so never cached for long.
  app.get('/admin/theme.js', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .type('text/javascript; charset=utf-8')
      .send(await fs.promises.readFile(path.join(dir, 'theme.js'))),
  );
  const sendIndex = async (_req: unknown, reply: FastifyReply) =>
    reply
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(path.join(dir, 'index.html')));
  app.get('/admin', { schema: { hide: true } }, sendIndex);
  app.get('/admin/*', { schema: { hide: true } }, (req, reply) => {
    if (req.url.startsWith(`${ADMIN_ROOT}/`))
      return reply.status(404).send(errorBody(`No route for ${req.method} ${req.url.split('?')[0]}`));
    return sendIndex(req, reply);
  });
}
