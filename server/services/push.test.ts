// The push senders (./push.ts): the outbox writes a piece's messages as JSON lines, and the
// same key sent again replaces its file (a resumed send adds no message); PUSH_SENDER loads
// a module's sender instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadPushSender, notificationOutbox, outboxSender, type PushBatch } from './push';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const batch = (key: string, ids: number[]): PushBatch => ({
  key,
  notification_id: 7,
  messages: ids.map((id) => ({
    user: { id, name: `User ${id}`, email: `u${id}@x.example` },
    title: 'Weekend deals',
    body: '20% off dining',
    link: { type: 'offer', target: '12' },
  })),
});
const lines = () =>
  fs
    .readdirSync(notificationOutbox(dir, 7))
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      fs
        .readFileSync(path.join(notificationOutbox(dir, 7), f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    );

it('writes each message as a line, logs a line per piece, and replaces a piece sent again under its key', async () => {
  const log: string[] = [];
  const sender = outboxSender(dir, (m) => log.push(m));
  await sender.send(batch('notification-7-piece-000000', [1, 2, 3]));
  await sender.send(batch('notification-7-piece-000001', [4]));
  expect(
    lines()
      .map((m) => m.user.id)
      .sort(),
  ).toEqual([1, 2, 3, 4]);
  expect(lines()[0]).toMatchObject({
    notification_id: 7,
    title: 'Weekend deals',
    link: { type: 'offer', target: '12' },
    sent_at: expect.any(String),
  });
  expect(log).toHaveLength(2);
  expect(log[0]).toMatch(/^push: notification 7: 3 messages written to /);
  // A resumed send: the same piece again, no message twice, no file left aside.
  await sender.send(batch('notification-7-piece-000000', [1, 2, 3]));
  expect(
    lines()
      .map((m) => m.user.id)
      .sort(),
  ).toEqual([1, 2, 3, 4]);
  expect(fs.readdirSync(notificationOutbox(dir, 7)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

it('uses the module PUSH_SENDER names, else the outbox', async () => {
  const file = path.join(dir, 'provider.mjs');
  fs.writeFileSync(
    file,
    "export default ({ log }) => ({ sent: [], async send(b) { this.sent.push(b.key); log('sent ' + b.key); }, describe: () => 'a test provider' });\n",
  );
  const log: string[] = [];
  const sender = await loadPushSender({ module: file, dataDir: dir, log: (m) => log.push(m) });
  expect(sender.describe()).toBe('a test provider');
  await sender.send(batch('k1', [1]));
  expect(log).toEqual(['sent k1']);
  expect((await loadPushSender({ dataDir: dir, log: () => {} })).describe()).toMatch(/outbox/);
  fs.writeFileSync(path.join(dir, 'bad.mjs'), 'export const x = 1;\n');
  await expect(loadPushSender({ module: path.join(dir, 'bad.mjs'), dataDir: dir, log: () => {} })).rejects.toThrow(
    /default export must be a function/,
  );
});
