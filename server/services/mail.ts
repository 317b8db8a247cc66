// Mail: SMTP when SMTP_URL is set; otherwise every message is written to DATA_DIR/outbox
// (one .eml file and one .json file each) and logged, so a demo user can read the code.
// Every mail goes to exactly one address: a `to` holding two ("a@x, b@y"), a group or a line
// break (a header slipped in) is refused, never sent to all it names.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';

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

/** The one address `text` names ("Name <a@x.example>" names a@x.example), or null when it names none or more. */
export function oneAddress(text: string): string | null {
  if (/[\r\n]/.test(text)) return null;
  const parsed = addressparser(text);
  if (parsed.length !== 1 || 'group' in parsed[0]) return null;
  const { address } = parsed[0];
  return /^[^\s@,;:<>()"\\]+@[^\s@,;:<>()"\\]+\.[^\s@,;:<>()"\\.]+$/.test(address) ? address : null;
}

/** The mail with its one recipient, or an error saying why it cannot go. */
function toOne(m: Mail): Mail {
  const to = oneAddress(m.to);
  if (!to) throw new Error(`A mail goes to exactly one address; "${m.to.replace(/[\r\n]/g, ' ')}" is not one.`);
  return { ...m, to };
}

export function createMailer(o: {
  smtpUrl?: string;
  dataDir: string;
  from: string;
  log: (msg: string) => void;
}): Mailer {
  if (o.smtpUrl) {
    const transport = nodemailer.createTransport(o.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: o.from, ...toOne(mail) });
      },
      describe: () => `SMTP (${redact(o.smtpUrl!)})`,
      close: () => transport.close(),
    };
  }
  const outbox = path.join(o.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const m = toOne(mail);
      const info = await transport.sendMail({ from: o.from, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const base = `${new Date().toISOString().replace(/[:.]/g, '-')}-${safe(m.to)}`;
      await writeWhole(path.join(outbox, `${base}.eml`), info.message as Buffer);
      await writeWhole(
        path.join(outbox, `${base}.json`),
        JSON.stringify({ ...m, sent_at: new Date().toISOString() }, null, 2),
      );
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
