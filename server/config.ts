// Configuration comes from the environment only (README.md, "Configuration").
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
   * the sign-in limits count by that address). false (unset): nobody's, the address is the
   * connection's; true: every hop's; a string: the proxies' addresses or CIDR ranges,
   * comma-separated.
   */
  trustProxy: boolean | string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
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
  };
}

function seedEvents(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 0 || n > 50_000_000) throw new Error(`SEED_EVENTS must be a whole number from 0 to 50,000,000, got "${value}"`);
  return n;
}

function trustProxy(value: string | undefined): boolean | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) throw new Error(`TRUST_PROXY must be true, false or the proxies' addresses (e.g. 127.0.0.1,10.0.0.0/8), got "${value}"`);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(',');
}
