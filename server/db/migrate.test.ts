// The product's own migrations on a database that already had them before checksums were
// kept (a schema_migrations without the column): it keeps starting, and records them.
import { expect, it } from 'vitest';
import { openDb } from './connection';
import { migrate } from './migrate';

it('an existing database whose schema_migrations has no checksum column starts, and the checksums are recorded', async () => {
  const db = await openDb({});
  try {
    const files = await migrate(db);
    expect(files.length).toBeGreaterThan(10);
    await db.transaction((tx) => tx.query('alter table schema_migrations drop column checksum'));
    expect(await migrate(db)).toEqual([]);
    const rows = (
      await db.read((tx) =>
        tx.query<{ name: string; checksum: string | null }>(
          'select name, checksum from schema_migrations order by name',
        ),
      )
    ).rows;
    expect(rows.map((r) => r.name)).toEqual(files);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.checksum ?? ''))).toBe(true);
  } finally {
    await db.close();
  }
});
