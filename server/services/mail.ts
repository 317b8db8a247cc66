// Mail: SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox
// (one .eml file and one .json file each) and logged, so a demo user can read the code.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}
export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Where codes go, for the start-up banner. */
  describe(): string;
  close(): void;
}

export function createMailer(o: { smtpUrl?: string; dataDir: string; from: string; log: (msg: string) => void }): Mailer {
  if (o.smtpUrl) {
    const transport = nodemailer.createTransport(o.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: o.from, ...m });
      },
      describe: () => `SMTP (${redact(o.smtpUrl!)})`,
      close: () => transport.close(),
    };
  }
  const outbox = path.join(o.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: o.from, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe(m.to)}`;
      await writeWhole(path.join(outbox, `${base}.eml`), info.message as Buffer);
      await writeWhole(path.join(outbox, `${base}.json`), JSON.stringify({ ...m, sent_at: new Date().toISOString() }, null, 2));
      o.log(`mail to ${m.to}: "${m.subject}" written to ${path.join(outbox, base)}.eml`);
    },
    describe: () => `the outbox folder ${outbox} (no SMTP_URL set)`,
    close: () => transport.close(),
  };
}

/** Written aside, then renamed into place: whoever reads the outbox never sees half a mail. */
async function writeWhole(file: string, data: string | Buffer) {
  const aside = `${file}.${process.pid}.part`;
  await fs.writeFile(aside, data);
  await fs.rename(aside, file);
}

const safe = (s: string) => s.replace(/[^a-zA-Z0-9@._-]/g, '_');
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
