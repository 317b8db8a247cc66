// vitest globalSetup of the "api-pglite" project: the migrations run once per run, into a
// template every test file's database starts as a copy of (tests/helpers/app.ts). A copy
// loads in about half a second; initdb and the migrations took about four per file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Db, Tx } from '../../server/db/connection';
import { migrate } from '../../server/db/migrate';

export default async function setup(project: TestProject) {
  // The extensions server/db/connection.ts loads, so the template's CREATE EXTENSIONs run.
  const pg = await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
  // migrate() needs only a transaction: the same one PGlite call openDb makes.
  const asTx = (q: {
    query: (s: string, p?: unknown[]) => Promise<unknown>;
    exec: (s: string) => Promise<unknown>;
  }): Tx => ({
    query: (s, p) => q.query(s, p) as never,
    exec: async (s) => void (await q.exec(s)),
  });
  const db = {
    kind: 'pglite',
    transaction: (fn: (tx: Tx) => Promise<unknown>) => pg.transaction((tx) => fn(asTx(tx))),
  } as unknown as Db;
  await migrate(db);
  await pg.exec('checkpoint');
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-admin-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder (PGlite's dumpDataDir). */
    pgliteTemplate: string;
  }
}
