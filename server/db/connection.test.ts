// The database interface makes the PGlite deadlock impossible: there is no `query` to reach
// around a transaction, and a transaction opened inside another fails at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NestedTransactionError, oneAtATime, openDb, type Db } from './connection';

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);

// PGlite in the calling thread (the API tests) and in its worker (the server): the same contract.
describe.each(['main', 'worker'] as const)('openDb (PGlite in the %s thread)', (pgliteThread) => {
  // One database per path: a fresh cluster takes seconds to create on this machine.
  let db: Db;
  beforeAll(async () => void (db = await openDb({ pgliteThread })), 60_000);
  afterAll(() => db?.close());

  it('has no query of its own: SQL goes through the Tx a unit of work hands out', async () => {
    expect('query' in db).toBe(false);
    expect((await db.read((tx) => tx.query<{ n: number }>('select 1 as n'))).rows).toEqual([{ n: 1 }]);
  });

  it('refuses a transaction inside a transaction at once instead of waiting forever', async () => {
    const nested = db.transaction(async () => db.transaction(async (tx) => tx.query('select 1')));
    await expect(within(nested, 2000)).rejects.toBeInstanceOf(NestedTransactionError);
    const inRead = db.read(async () => db.read(async (tx) => tx.query('select 1')));
    await expect(within(inRead, 2000)).rejects.toBeInstanceOf(NestedTransactionError);
    // The database is still usable afterwards.
    expect((await db.read((tx) => tx.query<{ n: number }>('select 2 as n'))).rows[0].n).toBe(2);
  });

  it('lets every onWrites listener read after a commit, and read again later', async () => {
    const read = () => db.read((tx) => tx.query('select 1'));
    // Each listener reads at once, then once more after its read and in a timer it set then.
    const settled = (p: Promise<unknown>) => p.catch((e: unknown) => e);
    const reads = [1, 2].map(
      () =>
        new Promise<unknown[]>((resolve) => {
          const stop = db.onWrites(() => {
            stop();
            void (async () => {
              const first = await settled(read());
              const second = await settled(read());
              setTimeout(() => void settled(read()).then((third) => resolve([first, second, third])));
            })();
          });
        }),
    );
    await db.transaction((tx) => tx.query('select 1'));
    for (const r of (await Promise.all(reads)).flat()) expect(r).not.toBeInstanceOf(NestedTransactionError);
  });

  it('rolls back everything a failed transaction wrote', async () => {
    await db.transaction((tx) => tx.query('create table rolled (n int)'));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into rolled values (1)');
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect((await db.read((tx) => tx.query('select * from rolled'))).rows).toEqual([]);
  });

  it.each([false, true])(
    'reads dates as YYYY-MM-DD, NUMERIC as numbers, timestamps as Dates, JSON and arrays as they are (prepared: %s)',
    async (prepare) => {
      const { rows } = await db.read((tx) =>
        tx.query(
          `select '2024-02-29'::date as day, 12.50::numeric as price, '2024-01-02T03:04:05Z'::timestamptz as at,
                '{"a":[1,null]}'::jsonb as doc, array['x','y'] as tags, $1::text as param, null as nothing`,
          ['given'],
          { prepare },
        ),
      );
      expect(rows).toEqual([
        {
          day: '2024-02-29',
          price: 12.5,
          at: new Date('2024-01-02T03:04:05Z'),
          doc: { a: [1, null] },
          tags: ['x', 'y'],
          param: 'given',
          nothing: null,
        },
      ]);
    },
  );

  it('fails a broken rule with every field of PostgreSQL’s error (what server/db/constraintErrors.ts reads)', async () => {
    await db.transaction((tx) =>
      tx.exec('create table uniq (n int constraint uniq_n unique); insert into uniq values (1)'),
    );
    const err = await db.transaction((tx) => tx.query('insert into uniq values ($1)', [1])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'error',
      message: 'duplicate key value violates unique constraint "uniq_n"',
      code: '23505',
      severity: 'ERROR',
      detail: 'Key (n)=(1) already exists.',
      constraint: 'uniq_n',
      table: 'uniq',
      schema: 'public',
      query: 'insert into uniq values ($1)',
      params: [1],
    });
    // The transaction rolled back; the database goes on.
    expect((await db.read((tx) => tx.query('select count(*)::int as c from uniq'))).rows).toEqual([{ c: 1 }]);
  });

  it('runs a prepared statement again with other values, inside a transaction and out, as a plain one would', async () => {
    await db.transaction((tx) => tx.exec('create table prepared (n int primary key, tags text[], doc jsonb)'));
    const insert = 'insert into prepared (n, tags, doc) values ($1, $2, $3) returning n';
    await db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await tx.query(insert, [n, ['a', `b'${n}`], { n }], { prepare: true });
    });
    // A write in a transaction that fails is rolled back, prepared or not.
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [4, [], null], { prepare: true });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const read = 'select n, tags, doc from prepared where n = any($1::int[]) order by n';
    const rows = (await db.read((tx) => tx.query(read, [[1, 3, 4]], { prepare: true }))).rows;
    expect(rows).toEqual([
      { n: 1, tags: ['a', "b'1"], doc: { n: 1 } },
      { n: 3, tags: ['a', "b'3"], doc: { n: 3 } },
    ]);
    // Prepared once each, under a name of its own: planned again only when PostgreSQL says so.
    const named = await db.read((tx) =>
      tx.query<{ name: string }>('select name from pg_prepared_statements where statement = any($1)', [[insert, read]]),
    );
    expect(named.rows).toHaveLength(2);
    // Its error is PostgreSQL's with the statement and values, and the database goes on; a
    // statement that failed to prepare is prepared again on its next run.
    const dup = await db
      .transaction((tx) => tx.query(insert, [1, [], null], { prepare: true }))
      .catch((e: unknown) => e);
    expect(dup).toMatchObject({ code: '23505', constraint: 'prepared_pkey', query: insert, params: [1, [], null] });
    const missing = 'select n from prepared_later where n = $1';
    await expect(db.read((tx) => tx.query(missing, [1], { prepare: true }))).rejects.toMatchObject({ code: '42P01' });
    await db.transaction((tx) => tx.exec('create table prepared_later (n int); insert into prepared_later values (7)'));
    expect((await db.read((tx) => tx.query(missing, [7], { prepare: true }))).rows).toEqual([{ n: 7 }]);
  });

  it('refuses a transaction whose error was swallowed inside it, and keeps none of its writes', async () => {
    await db.transaction((tx) => tx.query('create table aborted (n int)'));
    const swallowed = db.transaction(async (tx) => {
      await tx.query('insert into aborted values (1)');
      await tx.query('select 1/0').catch(() => undefined);
    });
    // Refused at the first statement after the error (the tables-written query before COMMIT), or at COMMIT.
    await expect(swallowed).rejects.toThrow(
      /current transaction is aborted|Transaction was rolled back instead of committed/,
    );
    expect((await db.read((tx) => tx.query('select * from aborted'))).rows).toEqual([]);
  });
});

describe('oneAtATime (PGlite’s line for its one connection)', () => {
  it('runs one at a time in arrival order, an urgent one before every waiting one that is not', async () => {
    const run = oneAtATime();
    const order: string[] = [];
    let active = 0;
    const job =
      (name: string, fail = false) =>
      async () => {
        active++;
        expect(active).toBe(1);
        await new Promise((r) => setTimeout(r, 5));
        order.push(name);
        active--;
        if (fail) throw new Error(name);
        return name;
      };
    const all = Promise.allSettled([
      run(job('first')),
      run(job('a', true)),
      run(job('b')),
      run(job('sign-in'), true),
      run(job('c')),
    ]);
    const results = await all;
    expect(order).toEqual(['first', 'sign-in', 'a', 'b', 'c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('lets the event loop take a turn between two units (connections accepted, requests read)', async () => {
    const run = oneAtATime();
    const order: string[] = [];
    const first = run(async () => {
      setImmediate(() => order.push('a turn of the event loop'));
      order.push('first');
    });
    const second = run(async () => void order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'a turn of the event loop', 'second']);
  });

  it('keeps going after a function that throws before returning a promise', async () => {
    const run = oneAtATime();
    await expect(
      run((() => {
        throw new Error('sync');
      }) as () => Promise<never>),
    ).rejects.toThrow('sync');
    await expect(run(async () => 'after')).resolves.toBe('after');
  });
});
