// GET /metrics: the server's numbers in Prometheus' text format (prom-client), for a scraper
// (README.md, "Running in production"). Not an API operation: no session, not in the OpenAPI
// document; with METRICS_TOKEN set it answers only to that bearer token.
//
// Each app has a registry of its own (tests build many apps in one process). What is counted
// where it happens (calls, units of work) is observed; what is a state (queues, pools, caches,
// backlogs, open streams) is read when scraped.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/connection';
import { errorBody } from '../errors';
import { readJobBacklog } from '../services/jobBacklog';
import type { AnswerCache } from './answerCache';

const METRICS_PATH = '/metrics';
const PREFIX = 'cards_admin_';
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface MetricsDeps {
  db: Db;
  /** METRICS_TOKEN: the bearer token a scrape must send; undefined, none. */
  token: string | undefined;
  /** The answer caches by name (server/http/answerCache.ts); absent when caching is off. */
  caches: Record<string, Pick<AnswerCache, 'stats'> | undefined>;
  /** How many live event streams are open (server/http/eventStream.ts). */
  streamsOpen: () => number;
  /** Node's own numbers too (memory, CPU, event loop lag): the server's app, not the tests' many. */
  processMetrics?: boolean;
  log: (msg: string) => void;
}

export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Registry {
  const registry = new Registry();
  if (deps.processMetrics) collectDefaultMetrics({ register: registry, prefix: PREFIX });
  const registers = [registry];

  const labels = ['op', 'status'] as const;
  const calls = new Counter({
    name: `${PREFIX}http_requests_total`,
    help: 'Calls answered, by operation id (or route) and status',
    labelNames: labels,
    registers,
  });
  const duration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'Time from a call coming in to its answer sent, by operation id (or route) and status',
    labelNames: labels,
    buckets: SECONDS,
    registers,
  });
  app.addHook('onResponse', async (req, reply) => {
    const at = { op: opOf(req), status: String(reply.statusCode) };
    calls.inc(at);
    duration.observe(at, reply.elapsedTime / 1000);
  });

  const units = new Histogram({
    name: `${PREFIX}db_unit_duration_seconds`,
    help: 'Time a unit of work (a transaction, or a read) held the database, by kind',
    labelNames: ['kind'],
    buckets: SECONDS,
    registers,
  });
  const stopTiming = deps.db.onUnit((u) => units.observe({ kind: u.kind }, u.seconds));
  app.addHook('onClose', async () => stopTiming());

  if (deps.db.kind === 'pglite') {
    new Gauge({
      name: `${PREFIX}db_queue_length`,
      help: "Units of work waiting for PGlite's one connection",
      registers,
      collect() {
        const load = deps.db.load();
        if (load.kind === 'pglite') this.set(load.queued);
      },
    });
  } else {
    const pool = (name: string, help: string, of: (l: { inUse: number; idle: number; waiting: number }) => number) =>
      new Gauge({
        name: `${PREFIX}db_pool_${name}`,
        help,
        registers,
        collect() {
          const load = deps.db.load();
          if (load.kind === 'postgres') this.set(of(load));
        },
      });
    pool('in_use', 'Connections of the main PostgreSQL pool in use', (l) => l.inUse);
    pool('idle', 'Connections of the main PostgreSQL pool open and idle', (l) => l.idle);
    pool('waiting', 'Units of work waiting for a connection of the main PostgreSQL pool', (l) => l.waiting);
  }

  const caches = Object.entries(deps.caches).filter((e): e is [string, Pick<AnswerCache, 'stats'>] => !!e[1]);
  type CacheStats = ReturnType<AnswerCache['stats']>;
  const cacheCounter = (name: string, help: string, of: (s: CacheStats) => number) =>
    new Counter({
      name: `${PREFIX}answer_cache_${name}`,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        // The caches count since the start: the counter shows their count as it is.
        this.reset();
        for (const [cache, c] of caches) this.inc({ cache }, of(c.stats()));
      },
    });
  const cacheGauge = (name: string, help: string, of: (s: CacheStats) => number) =>
    new Gauge({
      name: `${PREFIX}answer_cache_${name}`,
      help,
      labelNames: ['cache'],
      registers,
      collect() {
        for (const [cache, c] of caches) this.set({ cache }, of(c.stats()));
      },
    });
  cacheCounter('hits_total', 'Answers given from what the cache kept', (s) => s.hits);
  cacheCounter('misses_total', 'Answers read from the database (nothing current was kept)', (s) => s.misses);
  cacheGauge('bytes', 'Bytes of answers kept now (about)', (s) => s.bytes);
  cacheGauge('entries', 'Answers kept now', (s) => s.entries);

  // One read for the three backlog numbers, shared by their gauges within a scrape.
  let backlog: ReturnType<typeof readJobBacklog> | null = null;
  const readBacklog = () => {
    backlog ??= readJobBacklog(deps.db).finally(() => setImmediate(() => (backlog = null)));
    return backlog;
  };
  const job = (name: string, help: string, of: (b: Awaited<ReturnType<typeof readJobBacklog>>) => number) =>
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      registers,
      async collect() {
        try {
          this.set(of(await readBacklog()));
        } catch (err) {
          // A database that cannot answer now leaves the gauge out of this scrape, not the rest.
          this.reset();
          deps.log(`metrics: the job backlog could not be read: ${err instanceof Error ? err.message : String(err)}`);
        }
      },
    });
  job('search_backlog_offers', 'Offers waiting for their search text', (b) => b.searchOffers);
  job('notification_pieces_waiting', 'Notification pieces listed and not sent yet', (b) => b.notificationPieces);
  job('notification_users_waiting', 'Users in the notification pieces not sent yet', (b) => b.notificationUsers);

  new Gauge({
    name: `${PREFIX}event_streams_open`,
    help: 'Live event streams open (GET /admin/v1/events)',
    registers,
    collect() {
      this.set(deps.streamsOpen());
    },
  });

  const wanted = deps.token && crypto.createHash('sha256').update(`Bearer ${deps.token}`).digest();
  app.get(METRICS_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (wanted) {
      const given = crypto
        .createHash('sha256')
        .update(req.headers.authorization ?? '')
        .digest();
      if (!crypto.timingSafeEqual(given, wanted))
        return reply
          .status(401)
          .header('WWW-Authenticate', 'Bearer realm="metrics"')
          .send(errorBody('The metrics need the bearer token METRICS_TOKEN names.'));
    }
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/** The operation's id, else the route's pattern (/health, /admin/*); a URL no route matched is `unmatched`. */
const opOf = (req: FastifyRequest) => req.routeOptions.config?.opId ?? req.routeOptions.url ?? 'unmatched';
