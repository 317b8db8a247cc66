-- One category's offers newest first (the offers list's Q2 of issue 37, bench/peers.ts): read
-- from this index in the sort's order, the page's 51 entries and no more. With the category's
-- index alone (002_catalogue.sql) every offer of the category was read, then sorted.
create index offers_category_created_idx on offers (category_id, created_at, id);
