// Configuration comes from the environment only (README.md, "Configuration").
import net from 'node:net';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public origin used in mails and upload URLs; defaults to http://localhost:PORT. */
  publicUrl: string;
  uploadMaxBytes: number;
  seed: boolean;
  /**
   * SEED_EVENTS: how many engagement events the demo seed writes; unset, the demo's 500,000
   * (server/db/seed/engagement.ts). The test harnesses ask for fewer: servers they start
   * with a fresh DATA_DIR then start seconds sooner.
   */
  seedEvents: number | undefined;
  /**
   * TRUST_PROXY: whose X-Forwarded-For gives the client's address (Fastify's trustProxy;
   * the sign-in limits count by that address). The client is the first hop from the right
   * that is not a trusted proxy. false (unset, 0): nobody's, the address is the connection's;
   * a number n: the n proxies nearest the server; a string: the proxies' addresses or CIDR
   * ranges, comma-separated. `true` (trust every hop: the leftmost entry, which any client
   * can write) is refused.
   */
  trustProxy: false | number | string;
  /** LOG_LEVEL: pino's level for the server's log (server/logger.ts); LOG_REQUESTS=1, the old switch, means debug. */
  logLevel: LogLevel;
  /**
   * ANSWER_CACHE_MB: how many bytes of answers the answer cache keeps (server/http/answerCache.ts),
   * in MB; 0 turns it off, sessions' cache too (every call reads the database: bench/mixed.ts's
   * cache-off figures, measured on server processes that read only the environment).
   */
  answerCacheMb: number;
  /** PG_POOL_MAX: connections of the main PostgreSQL pool (server/db/connection.ts); 10 unset. */
  pgPoolMax: number;
  /** PUSH_SENDER: the module that sends push notifications (server/services/push.ts); unset, the outbox folder. */
  pushSender: string | undefined;
  /** SKIP_CLIENT_BUILD=1: start without building a stale browser app (the dev server and the test harnesses build it themselves). */
  skipClientBuild: boolean;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Cards Admin <no-reply@cards-admin.local>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES ?? 2 * 1024 * 1024),
    seed: env.SEED !== '0',
    seedEvents: seedEvents(env.SEED_EVENTS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    logLevel: logLevel(env.LOG_LEVEL, env.LOG_REQUESTS),
    answerCacheMb: answerCacheMb(env.ANSWER_CACHE_MB),
    pgPoolMax: pgPoolMax(env.PG_POOL_MAX),
    pushSender: env.PUSH_SENDER || undefined,
    skipClientBuild: env.SKIP_CLIENT_BUILD === '1',
  };
}

function logLevel(value: string | undefined, requests: string | undefined): LogLevel {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return requests === '1' ? 'debug' : 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return v as LogLevel;
}

function answerCacheMb(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 64;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 16_384)
    throw new Error(`ANSWER_CACHE_MB must be a whole number of megabytes from 0 (off) to 16,384, got "${value}"`);
  return n;
}

function pgPoolMax(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 10;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`PG_POOL_MAX must be a whole number of connections from 1 to 1,000, got "${value}"`);
  return n;
}

function seedEvents(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0 || n > 50_000_000)
    throw new Error(`SEED_EVENTS must be a whole number from 0 to 50,000,000, got "${value}"`);
  return n;
}

function trustProxy(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true')
    throw new Error(
      `TRUST_PROXY=true would take the client's address from the leftmost X-Forwarded-For entry, which any client can write: give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
    );
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10)
      throw new Error(
        `TRUST_PROXY must be the number of proxies in front of the server (1 to 10) or their addresses, got "${value}"`,
      );
    return hops;
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((a) => !isNet(a));
  if (bad !== undefined)
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server or their addresses (IPv4 or IPv6, optionally /prefix, comma-separated), got "${bad}"`,
    );
  return list.join(',');
}

/** An IP address or CIDR range, or a name proxy-addr knows (loopback, linklocal, uniquelocal). */
function isNet(a: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(a)) return true;
  const [ip, prefix, ...rest] = a.split('/');
  const kind = net.isIP(ip);
  if (!kind || rest.length) return false;
  if (prefix === undefined) return true;
  const n = Number(prefix);
  return /^\d+$/.test(prefix) && n <= (kind === 4 ? 32 : 128);
}
