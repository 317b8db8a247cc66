import { describe, expect, it } from 'vitest';
import { catalogOf, parseWrote, tablesNamer, unchangedSince, writeCounts, WRITES_SQL } from './tableWrites';

describe('writeCounts', () => {
  it('changes the stamp of a table written, and of no other', () => {
    const counts = writeCounts();
    const before = counts.now();
    counts.wrote(['offers', 'offer_cards']);
    const after = counts.now();
    expect(unchangedSince(before, after, ['banks', 'presence'])).toBe(true);
    expect(unchangedSince(before, after, ['banks', 'offers'])).toBe(false);
    expect(unchangedSince(before, after)).toBe(false); // no tables named: any write counts
    expect(unchangedSince(after, counts.now(), ['offers'])).toBe(true);
  });

  it("counts the database's own counts and what was heard here, so either moving is a change", () => {
    const counts = writeCounts();
    counts.read([{ tbl: 'banks', n: 7 }]);
    const a = counts.now();
    counts.wrote(['banks']); // heard first through a notice
    const b = counts.now();
    expect(unchangedSince(a, b, ['banks'])).toBe(false);
    counts.read([{ tbl: 'banks', n: 8 }]); // the same write, counted by the database
    expect(unchangedSince(b, counts.now(), ['banks'])).toBe(false);
    const c = counts.now();
    counts.read([{ tbl: 'banks', n: 8 }]); // nothing new
    expect(counts.now()).toBe(c);
  });

  it('what cannot be known makes every stamp before it stale', () => {
    const counts = writeCounts();
    const before = counts.now();
    counts.unknown();
    expect(unchangedSince(before, counts.now(), [])).toBe(false);
  });
});

describe('the tables a query names', () => {
  const catalog = catalogOf([
    { name: 'offers', body: null },
    { name: 'offer_cards', body: null },
    { name: 'cards', body: null },
    { name: 'banks', body: null },
    { name: 'offers_view', body: 'SELECT o.id FROM offers o' },
    { name: 'card_names', body: 'select name from cards_view' },
    { name: 'cards_view', body: 'SELECT c.id FROM cards c JOIN banks b ON b.id = c.bank_id' },
    // A function that calls itself, and two that call each other.
    { name: 'walk', body: 'select walk(x) from offer_cards' },
    { name: 'ping', body: 'select pong() from banks' },
    { name: 'pong', body: 'select ping() from cards' },
  ]);
  const name = tablesNamer(catalog);

  it('follows views and functions to their tables', () => {
    expect(name('SELECT * FROM offers_view WHERE id = $1').slice().sort()).toEqual(['offers']);
    expect(name('select card_names()').slice().sort()).toEqual(['banks', 'cards']);
    expect(name('select walk(1)')).toEqual(['offer_cards']);
    expect(name('select ping()').slice().sort()).toEqual(['banks', 'cards']);
    expect(name('select pong()').slice().sort()).toEqual(['banks', 'cards']);
  });

  it('names nothing for SQL that reads no table', () => {
    expect(name('select 1 as n')).toEqual([]);
  });
});

it("parses the trigger's list", () => {
  expect(parseWrote('offers,offer_cards,')).toEqual(['offers', 'offer_cards']);
  expect(parseWrote('')).toEqual([]);
  expect(parseWrote(null)).toEqual([]);
});

it('tells SQL that writes from SQL that reads', () => {
  for (const sql of [
    'insert into banks (name) values ($1)',
    'with x as (delete from sessions where id = $1 returning 1) select * from x',
    'UPDATE users SET last_seen = now()',
    'update users u set x = 1',
    'truncate audit_staging',
  ])
    expect(WRITES_SQL.test(sql), sql).toBe(true);
  for (const sql of ['select updated_at, deleted_at from offers', 'select * from offers where inserted_by = 1'])
    expect(WRITES_SQL.test(sql), sql).toBe(false);
});
