// The SMTP path against a real SMTP server on loopback (smtp-server), and the outbox path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createMailer } from './mail';

const received: { from: string; to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c) => (raw += c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('delivers through SMTP when SMTP_URL is set', async () => {
  const mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dataDir: os.tmpdir(),
    from: 'Cards Admin <no-reply@cards.test>',
    log: () => {},
  });
  await mailer.send({ to: 'ops@cards.test', subject: 'Your sign-in code', text: 'Your sign-in code is 123456.' });
  mailer.close();
  expect(received).toHaveLength(1);
  expect(received[0].from).toBe('no-reply@cards.test');
  expect(received[0].to).toEqual(['ops@cards.test']);
  expect(received[0].raw).toContain('Subject: Your sign-in code');
  expect(received[0].raw).toContain('123456');
});

it('writes to DATA_DIR/outbox and logs when no SMTP_URL is set', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const lines: string[] = [];
  const mailer = createMailer({ dataDir: dir, from: 'a@b.test', log: (l) => lines.push(l) });
  await mailer.send({ to: 'ops@cards.test', subject: 'Your password reset code', text: 'Code 654321' });
  const files = fs.readdirSync(path.join(dir, 'outbox'));
  expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  const json = JSON.parse(
    fs.readFileSync(
      path.join(
        dir,
        'outbox',
        files.find((f) => f.endsWith('.json'))!,
      ),
      'utf8',
    ),
  );
  expect(json).toMatchObject({ to: 'ops@cards.test', subject: 'Your password reset code', text: 'Code 654321' });
  expect(lines[0]).toContain('ops@cards.test');
  expect(mailer.describe()).toContain(path.join(dir, 'outbox'));
});

it('sends to exactly one address: two, a group or a line break is refused on both paths, nothing sent', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const smtp = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dataDir: dir,
    from: 'no-reply@cards.test',
    log: () => {},
  });
  const outbox = createMailer({ dataDir: dir, from: 'no-reply@cards.test', log: () => {} });
  const before = received.length;
  for (const to of [
    'a@cards.test, b@cards.test',
    'a@cards.test; b@cards.test',
    'a@cards.test\r\nBcc: spy@evil.test',
    'team: a@cards.test, b@cards.test;',
  ]) {
    for (const mailer of [smtp, outbox]) {
      await expect(mailer.send({ to, subject: 'Re: your message', text: 'Hello' })).rejects.toThrow(
        /exactly one address/,
      );
    }
  }
  smtp.close();
  expect(received).toHaveLength(before);
  expect(fs.existsSync(path.join(dir, 'outbox'))).toBe(false);
});
