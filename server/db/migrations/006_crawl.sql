-- Crawl review (contract/crawl.ts): sources, their crawled cards, outlets and offers (refs),
-- the decisions reviewers make on them, and the onboardings that took offers live.
--
-- A ref's `source_key` is its key on the crawled site: a re-import updates the ref with the
-- same (source_id, source_key) instead of adding one, and marks refs it no longer finds
-- (`vanished_at`). Opening a ref in the triage view claims it (`claimed_by`, `claimed_until`)
-- so two reviewers on one source are given different refs.

create table crawl_sources (
  id              serial primary key,
  name            text not null,
  from_source     text not null check (from_source ~ '^[a-z0-9][a-z0-9-]{1,59}$'),
  bank_id         integer references banks(id) on delete set null,
  last_import_at  timestamptz,
  reviewed_at     timestamptz,
  reviewed_by     integer references users(id) on delete set null,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create unique index crawl_sources_slug_key on crawl_sources (from_source);

-- What every ref has; each kind's table adds its own fields.
-- state: new | assigned | created | onboarded | skipped | discontinued (contract/crawl.ts REF_STATES)
create table crawl_cards (
  id                serial primary key,
  source_id         integer not null references crawl_sources(id) on delete cascade,
  source_key        text not null,
  state             text not null default 'new' check (state in ('new', 'assigned', 'created', 'skipped', 'discontinued')),
  vanished_at       timestamptz,
  claimed_by        integer references users(id) on delete set null,
  claimed_until     timestamptz,
  name              text not null,
  bank_name         text,
  network           text,
  annual_fee        numeric(12, 2),
  benefits          text,
  card_id           integer references cards(id) on delete set null,
  confirmed_status  text check (confirmed_status in ('Discontinued', 'Not Discontinued')),
  search_text       text not null default '',
  created_at        timestamptz not null default now(),
  updated_at        timestamptz not null default now()
);
create unique index crawl_cards_key on crawl_cards (source_id, source_key);
create index crawl_cards_queue on crawl_cards (source_id, state, id);
create index crawl_cards_card_idx on crawl_cards (card_id) where card_id is not null;

create table crawl_outlets (
  id             serial primary key,
  source_id      integer not null references crawl_sources(id) on delete cascade,
  source_key     text not null,
  state          text not null default 'new' check (state in ('new', 'assigned', 'created', 'skipped')),
  vanished_at    timestamptz,
  claimed_by     integer references users(id) on delete set null,
  claimed_until  timestamptz,
  merchant_name  text not null,
  branch         text,
  address        text,
  area_name      text,
  latitude       double precision,
  longitude      double precision,
  -- The live outlets it is assigned to or was created as (an array: one crawled merchant
  -- entry can stand for several branches). Checked against outlets by the repository.
  outlet_ids     integer[] not null default '{}',
  search_text    text not null default '',
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create unique index crawl_outlets_key on crawl_outlets (source_id, source_key);
create index crawl_outlets_queue on crawl_outlets (source_id, state, id);

create table crawl_offers (
  id              serial primary key,
  source_id       integer not null references crawl_sources(id) on delete cascade,
  source_key      text not null,
  state           text not null default 'new' check (state in ('new', 'onboarded', 'skipped')),
  vanished_at     timestamptz,
  claimed_by      integer references users(id) on delete set null,
  claimed_until   timestamptz,
  title           text not null,
  discount        text,
  valid_from      date,
  valid_to        date,
  terms           text,
  -- As the site names them, and the refs of this source those names resolve to.
  card_names      text[] not null default '{}',
  outlet_names    text[] not null default '{}',
  card_ref_ids    integer[] not null default '{}',
  outlet_ref_ids  integer[] not null default '{}',
  checked         boolean not null default false,
  offer_id        integer references offers(id) on delete set null,
  search_text     text not null default '',
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create unique index crawl_offers_key on crawl_offers (source_id, source_key);
create index crawl_offers_queue on crawl_offers (source_id, state, id);
create index crawl_offers_offer_idx on crawl_offers (offer_id) where offer_id is not null;

create index crawl_cards_search_trgm on crawl_cards using gin (search_text gin_trgm_ops);
create index crawl_outlets_search_trgm on crawl_outlets using gin (search_text gin_trgm_ops);
create index crawl_offers_search_trgm on crawl_offers using gin (search_text gin_trgm_ops);

-- Every decision on a ref, so it can be shown in the ref's history and undone on the
-- server. `detail` holds what undoing needs: the ref's state before, the live rows it
-- linked or made.
create table crawl_decisions (
  id         serial primary key,
  kind       text not null check (kind in ('card', 'outlet', 'offer')),
  ref_id     integer not null,
  action     text not null check (action in ('assign', 'create', 'skip', 'discontinue', 'not_discontinue', 'update')),
  detail     jsonb not null default '{}',
  made_by    integer references users(id) on delete set null,
  made_at    timestamptz not null default now(),
  undone_at  timestamptz,
  undone_by  integer references users(id) on delete set null
);
create index crawl_decisions_ref_idx on crawl_decisions (kind, ref_id, id desc);

-- An onboarding (transfer_offer_ref): the live offers it made carry its write batch
-- (offers.batch_id, migration 005), so a rollback removes exactly those rows and never
-- one an admin made by hand, whatever its from_source.
create table crawl_transfers (
  id              serial primary key,
  source_id       integer not null references crawl_sources(id) on delete cascade,
  batch_id        integer not null references write_batches(id),
  made_by         integer references users(id) on delete set null,
  made_at         timestamptz not null default now(),
  rolled_back_at  timestamptz
);
create index crawl_transfers_source_idx on crawl_transfers (source_id) where rolled_back_at is null;

-- A name as a reviewer would compare it: case, accents and runs of spaces aside. Offer refs
-- name their cards and outlets this loosely (server/services/crawlImport.ts).
create or replace function norm_name(text) returns text language sql immutable parallel safe
  as $$ select regexp_replace(immutable_unaccent(lower(trim($1))), '\s+', ' ', 'g') $$;
