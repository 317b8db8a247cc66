// The push sender: where a notification's messages leave the server. The job
// (./notificationJob.ts) hands it one piece of a notification at a time, at most 1,000
// messages, under a key of its own.
//
// The key matters: a server killed between sending a piece and recording it as sent sends
// that piece again when it resumes, under the same key. A sender must take a batch whose key
// it has seen as the same batch, not a new one: the outbox below replaces the piece's file,
// and a real provider is given the key as its idempotency key. So nobody gets a
// notification twice.
//
// The default writes every message to DATA_DIR/outbox/notifications/<id>/ (one JSON-lines
// file per piece) and logs a line per piece, so a demo shows what would have gone out.
// PUSH_SENDER names a module to use instead (README.md, "Push notifications").
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface PushUser {
  id: number;
  name: string;
  email: string;
}

/** What tapping the notification opens: an offer or a card of the app (by id), or a web address. */
export interface PushLink {
  type: 'offer' | 'card' | 'url';
  target: string;
}

interface PushMessage {
  user: PushUser;
  title: string;
  body: string;
  link: PushLink | null;
}

export interface PushBatch {
  /** The same key means the same batch: send it once (see above). */
  key: string;
  notification_id: number;
  messages: PushMessage[];
}

interface PushResult {
  /** Users the provider refused (no device, an unsubscribed app): counted as failed, not retried. */
  failed?: number[];
}

export interface PushSender {
  /** Resolves once the batch is handed over; throwing means none of it was (the job tries again later). */
  send(batch: PushBatch): Promise<PushResult | void>;
  /** Where messages go, for the start-up banner. */
  describe(): string;
}

/** The folder of a notification's messages in the outbox. */
export const notificationOutbox = (dataDir: string, notificationId: number) =>
  path.join(dataDir, 'outbox', 'notifications', String(notificationId));

/** The default sender: every message as a line of JSON in DATA_DIR/outbox, a log line per piece. */
export function outboxSender(dataDir: string, log: (msg: string) => void): PushSender {
  return {
    async send(batch) {
      const dir = notificationOutbox(dataDir, batch.notification_id);
      await fs.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${safe(batch.key)}.jsonl`);
      const sentAt = new Date().toISOString();
      const lines = batch.messages
        .map((m) => JSON.stringify({ notification_id: batch.notification_id, ...m, sent_at: sentAt }))
        .join('\n');
      // Written aside, then renamed over the piece's file: a reader (or a kill) never sees
      // half a piece, and the same key sent again replaces it instead of adding to it.
      const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, `${lines}\n`);
      await fs.rename(temp, file);
      log(
        `push: notification ${batch.notification_id}: ${batch.messages.length} message${batch.messages.length === 1 ? '' : 's'} written to ${file}`,
      );
    },
    describe: () => `the outbox folder ${path.join(dataDir, 'outbox', 'notifications')} (no PUSH_SENDER set)`,
  };
}

/**
 * The sender to use: the module PUSH_SENDER names (a path, or a package), whose default export
 * is `(options) => PushSender`, else the outbox.
 */
export async function loadPushSender(o: {
  module?: string;
  dataDir: string;
  log: (msg: string) => void;
}): Promise<PushSender> {
  if (!o.module) return outboxSender(o.dataDir, o.log);
  const spec =
    o.module.startsWith('.') || path.isAbsolute(o.module) ? pathToFileURL(path.resolve(o.module)).href : o.module;
  const mod = (await import(spec)) as {
    default?: (options: { dataDir: string; log: (msg: string) => void }) => PushSender | Promise<PushSender>;
  };
  if (typeof mod.default !== 'function')
    throw new Error(
      `PUSH_SENDER ${o.module}: its default export must be a function returning a sender ({ send, describe })`,
    );
  return mod.default({ dataDir: o.dataDir, log: o.log });
}

const safe = (s: string) => s.replace(/[^a-zA-Z0-9._-]/g, '_');
