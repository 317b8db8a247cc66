// One notification's failure never holds the others (server/services/notificationJob.ts), on
// both databases: a notification whose listing or sending throws an error the job did not
// expect is marked failed with that error as its cause (stored, in the API's answer), the
// job's log says so, and a notification added after it is still sent. The server's own loop
// is stopped; each test runs a job of its own, with its log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNotification, showNotification } from '@contract/notification';
import { createNotificationJob } from '../../server/services/notificationJob';
import { type PushSender } from '../../server/services/push';
import { opCalls } from '../helpers/ops';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
const { ok, one } = opCalls(() => s);
let user = 0;
let serial = 0;
const fresh = (extra: Record<string, unknown> = {}) => ({
  title: `Failing ${++serial}`,
  body: `Body ${serial}`,
  audience: 'user',
  audience_id: user,
  ...extra,
});
const sender: PushSender = { send: async () => ({ failed: [] }), describe: () => 'accepting all' };

/** A job of this test's own, run until it has nothing left; its log lines. */
async function runJob(): Promise<string[]> {
  const log: string[] = [];
  const job = createNotificationJob({
    db: s.db,
    sender,
    now: () => Date.now() + s.clock.offset,
    log: (m) => log.push(m),
  });
  try {
    for (let i = 0; i < 3; i++) {
      job.kick();
      await job.idle();
    }
  } finally {
    job.stop();
  }
  return log;
}

beforeAll(async () => {
  s = await startTestServer();
  s.app.notificationJob.stop();
  await s.app.notificationJob.idle();
  user = await one<number>(
    "insert into users (name, email, role) values ('Failure app user', 'failure-user@test.example', 'user') returning id",
  );
});
afterAll(() => s?.close());

describe('a notification the job cannot handle', () => {
  it('a listing that fails (pieces left from before) marks it failed with the cause, and the next one is sent', async () => {
    const stuck = (await ok(addNotification, { body: fresh() })).data;
    // What a notification put back to scheduled after it was sent leaves: its first piece is there already.
    await s.db.query('insert into notification_pieces (notification_id, piece, user_ids) values ($1, 0, $2)', [
      stuck.id,
      [user],
    ]);
    const next = (await ok(addNotification, { body: fresh() })).data;

    const log = await runJob();
    const failed = (await ok(showNotification, { params: { id: stuck.id } })).data;
    expect(failed.status).toBe('failed');
    expect(failed.failure).toMatch(
      /^Listing the audience failed: duplicate key value violates unique constraint "notification_pieces_pkey"/,
    );
    expect(
      log.some((l) => l.startsWith(`notification ${stuck.id} failed: Listing the audience failed: duplicate key`)),
    ).toBe(true);
    expect((await ok(showNotification, { params: { id: next.id } })).data).toMatchObject({
      status: 'sent',
      sent_count: 1,
      failure: null,
    });
  });

  it('a send that fails past the sender (its counts refused) marks it failed with the cause, and the next one is sent', async () => {
    const poisoned = (await ok(addNotification, { body: fresh() })).data;
    const next = (await ok(addNotification, { body: fresh() })).data;
    await s.db.query(
      `alter table notifications add constraint test_poison check (id <> ${poisoned.id} or sent_count = 0)`,
    );
    try {
      const log = await runJob();
      const failed = (await ok(showNotification, { params: { id: poisoned.id } })).data;
      expect(failed.status).toBe('failed');
      expect(failed.failure).toMatch(/^Sending failed: .*test_poison/);
      expect(log.some((l) => l.startsWith(`notification ${poisoned.id} failed: Sending failed:`))).toBe(true);
      expect((await ok(showNotification, { params: { id: next.id } })).data).toMatchObject({
        status: 'sent',
        sent_count: 1,
      });
    } finally {
      await s.db.query('alter table notifications drop constraint test_poison');
    }
  });

  it("a sender that keeps throwing: once it gives up, the notification keeps the sender's error as its failure", async () => {
    const down: PushSender = {
      send: async () => {
        throw new Error('provider down');
      },
      describe: () => 'down',
    };
    const n = (await ok(addNotification, { body: fresh() })).data;
    const job = createNotificationJob({ db: s.db, sender: down, now: Date.now, log: () => {} });
    try {
      for (let i = 0; i < 3; i++) {
        job.kick();
        await job.idle();
        // Its next try is due at once (instead of after 15 s, 30 s).
        await s.db.query('update notification_pieces set retry_at = null where notification_id = $1', [n.id]);
      }
    } finally {
      job.stop();
    }
    expect((await ok(showNotification, { params: { id: n.id } })).data).toMatchObject({
      status: 'failed',
      failed_count: 1,
      failure: 'The sender failed: provider down',
    });
  });
});
