// Configuration comes from the environment only (DESIGN.md, "API conventions").
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
  };
}
