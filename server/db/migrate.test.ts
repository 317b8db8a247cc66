import { expect, it } from 'vitest';
import { splitSql } from './migrate';

it('splits a script on semicolons outside strings, dollar quotes and comments', () => {
  const sql = `create table a (x text default 'a;b'); -- a comment; here
create function f() returns int language sql as $$ select 1; $$;
insert into a values ('it''s');`;
  expect(splitSql(sql)).toEqual([
    "create table a (x text default 'a;b')",
    'create function f() returns int language sql as $$ select 1; $$',
    "insert into a values ('it''s')",
  ]);
});
