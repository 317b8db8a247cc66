// Live streams that nobody reads (server/http/eventStream.ts): the server's resident memory
// while 20 clients hold GET /admin/v1/events open without reading a byte and changes go on.
// The server runs in this process (buildApp on an in-memory PGlite, listening on 127.0.0.1),
// so its RSS is this process's; each client has a session of its own (within
// STREAMS_PER_ACCOUNT) and sends the request on a bare socket it never reads. The changes
// are change_events rows written straight to the database, 25 a second, each naming 1,000
// ids as a bulk call's does (~8 KB a message): ~200 KB/s a stream, as fast as an import, and
// more than this machine's PGlite commits through the API in a minute. The kernel's socket
// buffers take the first few MB of each stream; what they cannot take piles up in the server
// unless the stream is bounded.
//
//   npm run bench:streams                              (-- --seconds 60 --clients 20)
//   npm run bench:streams -- --root /tmp/old-checkout  (another checkout's server: before and after)
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { login } from '@contract/auth';
import { streamEvents } from '@contract/events';
import { pathOf } from '@contract/operation';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    clients: { type: 'string', default: '20' },
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
  },
});
const root = path.resolve(values.root);
const from = async <T>(file: string) => (await import(path.join(root, file))) as T;
const ADMIN = { email: 'bench@bench.local', password: 'bench-streams-password' };
const rssMb = () => (process.memoryUsage().rss / 1024 / 1024).toFixed(0);

async function main() {
  const { buildApp } = await from<typeof import('../server/app')>('server/app.ts');
  const { openDb } = await from<typeof import('../server/db/connection')>('server/db/connection.ts');
  const { migrate } = await from<typeof import('../server/db/migrate')>('server/db/migrate.ts');
  const { loadConfig } = await from<typeof import('../server/config')>('server/config.ts');
  const { createAuth } = await from<typeof import('../server/services/auth')>('server/services/auth.ts');
  const { createMailer } = await from<typeof import('../server/services/mail')>('server/services/mail.ts');
  const { createLogger } = await from<typeof import('../server/logger')>('server/logger.ts');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-bench-streams-'));
  const db = await openDb({});
  await migrate(db);
  await createAuth(db).ensureAdmin(ADMIN.email, ADMIN.password);
  const ended: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const m of chunk.toString().matchAll(/"msg":"live stream ended: ([^"]+)"/g)) ended.push(m[1]!);
      done();
    },
  });
  const app = await buildApp({
    config: { ...loadConfig({}), dataDir },
    db,
    mailer: createMailer({ dataDir, from: 'bench@bench.local', log: () => {} }),
    logger: createLogger('info', log),
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: net.Socket[] = [];
  try {
    for (let i = 0; i < Number(values.clients); i++) {
      const signIn = await app.inject({ method: 'POST', url: pathOf(login), payload: ADMIN });
      const token = signIn.json<{ data: { token: string } }>().data.token;
      const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(base).port) });
      socket.pause(); // never reads
      socket.on('error', () => undefined);
      socket.write(`GET ${pathOf(streamEvents)} HTTP/1.1\r\nhost: bench\r\nauthorization: Bearer ${token}\r\n\r\n`);
      sockets.push(socket);
    }
    await new Promise((r) => setTimeout(r, 1000));
    console.log(`${root}: ${sockets.length} streams open, not read; RSS ${rssMb()} MB`);
    const until = Date.now() + Number(values.seconds) * 1000;
    let written = 0;
    const sampling = setInterval(() => console.log(`  ${written} changes, RSS ${rssMb()} MB`), 10_000);
    for (let g = 1; Date.now() < until; g++) {
      await db.transaction((tx) =>
        tx.query(
          `insert into change_events (operation, resource, touches, ids)
           values ('bank.bulkUpdate', 'bank', '{bank}', array(select generate_series($1::bigint, $1::bigint + 999)))`,
          [1_000_000 * g],
        ),
      );
      written++;
      await new Promise((r) => setTimeout(r, 40));
    }
    clearInterval(sampling);
    console.log(`after ${values.seconds} s: ${written} changes, RSS ${rssMb()} MB`);
    const why = [...new Set(ended)].map((k) => `${ended.filter((x) => x === k).length} ${k}`);
    console.log(`streams the server ended: ${why.join(', ') || 'none'}`);
  } finally {
    sockets.forEach((s) => s.destroy());
    await app.close();
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
