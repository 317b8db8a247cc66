// Migrations (server/db/migrate.ts) on both databases: each file runs whole, as the database
// reads it (no statement splitting of our own), and a file changed after it was applied
// stops the start, naming it. The files here are a test's own, in a folder of their own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../../server/db/migrate';
import { startTestServer, type TestServer } from '../helpers/app';

let s: TestServer;
let dir: string;
beforeAll(async () => {
  s = await startTestServer();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-migrations-'));
});
afterAll(async () => {
  await s.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const write = (name: string, sql: string) => fs.writeFileSync(path.join(dir, name), sql);

it('runs a file whole: semicolons inside comments, quotes and $$ bodies are the database’s business', async () => {
  write(
    '901_whole.sql',
    `/* a; b */ create table migrate_probe (x text default 'a;b'); -- c; d
create function migrate_probe_f() returns text language plpgsql as $$ begin return 'e;f'; end $$;
create function migrate_probe_g() returns text language sql as $body$ select 'it''s; /* not a comment */' $body$;
insert into migrate_probe values (migrate_probe_f()), (migrate_probe_g()), (default);`,
  );
  expect(await migrate(s.db, dir)).toEqual(['901_whole.sql']);
  const rows = (await s.db.query<{ x: string }>('select x from migrate_probe order by x')).rows.map((r) => r.x);
  expect(rows).toEqual(['a;b', 'e;f', "it's; /* not a comment */"].sort());
  expect(await migrate(s.db, dir)).toEqual([]); // applied once
});

it('a file the database cannot read (an unterminated quote) fails the start naming the file, and applies nothing of it', async () => {
  write(
    '902_broken.sql',
    "create table migrate_broken (x int);\ninsert into migrate_broken values (1);\nselect 'unterminated;",
  );
  await expect(migrate(s.db, dir)).rejects.toThrow(/^Migration 902_broken\.sql failed: .*unterminated/i);
  expect((await s.db.query("select to_regclass('migrate_broken') as t")).rows[0].t).toBeNull();
  fs.rmSync(path.join(dir, '902_broken.sql'));
});

it('refuses to start when an applied file changed, naming it; restored, it starts again', async () => {
  const file = path.join(dir, '901_whole.sql');
  const original = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, `${original}\ninsert into migrate_probe values ('sneaked in');`);
  await expect(migrate(s.db, dir)).rejects.toThrow(
    'Migration 901_whole.sql was changed after this database applied it (its checksum differs). Put the change in a new migration file and restore 901_whole.sql as it was.',
  );
  fs.writeFileSync(file, original.replace(/\n/g, '\r\n')); // line endings alone are no change
  expect(await migrate(s.db, dir)).toEqual([]);
});

it('a database migrated before checksums were kept gets them on its next start, then holds to them', async () => {
  await s.db.query('update schema_migrations set checksum = null');
  expect(await migrate(s.db, dir)).toEqual([]);
  // The test's own file (the product's are in another folder, recorded when that one is read).
  expect(
    (
      await s.db.query<{ checksum: string | null }>(
        "select checksum from schema_migrations where name = '901_whole.sql'",
      )
    ).rows[0].checksum,
  ).toMatch(/^[0-9a-f]{64}$/);
  fs.appendFileSync(path.join(dir, '901_whole.sql'), '\n-- changed');
  await expect(migrate(s.db, dir)).rejects.toThrow(/Migration 901_whole\.sql was changed/);
});
