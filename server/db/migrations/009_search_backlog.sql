-- Offers whose search text is computed after their write commits (server/services/searchBacklog.ts).
-- Onboarding a crawl source writes thousands of offers in one call; indexing their search text
-- there (a hundred trigrams each into offers_search_trgm) was most of the call's time
-- (bench/crawl.ts). Such offers are written with search_text null, the backlog fills it
-- shortly after, and until then every search computes the text of those few rows on the fly
-- (server/repositories/searchMatch.ts), so a search never misses one.
alter table offers alter column search_text drop not null;

-- The backlog: found through this small index, both by the catch-up and by searches.
create index offers_search_backlog on offers (id) where search_text is null;

-- One offer's search text by its id, for the searches' fallback on the backlog's rows.
create or replace function offer_search_text_of(offer_id integer) returns text language sql stable parallel safe
  as $$ select offer_search_text(o) from offers o where o.id = offer_id $$;
