-- The catalogue: reference data (areas, categories, networks), cards, outlets, offers.
-- Joined names are read through views; search runs on a trigram-indexed search_text
-- column kept by the repositories (cards, outlets, offers) or an indexed expression.

create table dubai_cities (
  id       serial primary key,
  name     text not null,
  emirate  text not null default 'Dubai'
);
create unique index dubai_cities_name_key on dubai_cities (lower(name));
create index dubai_cities_search_trgm on dubai_cities using gin (immutable_unaccent(lower(name)) gin_trgm_ops);

create table categories (
  id          serial primary key,
  name        text not null,
  description text,
  icon        text,
  is_active   boolean not null default true,
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create unique index categories_name_key on categories (lower(name));
create index categories_search_trgm on categories using gin (immutable_unaccent(lower(name)) gin_trgm_ops);

create table networks (
  id          serial primary key,
  type        text not null,
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create unique index networks_type_key on networks (lower(type));

create table cards (
  id           serial primary key,
  name         text not null,
  bank_id      integer not null references banks(id) on delete restrict,
  network_id   integer not null references networks(id) on delete restrict,
  category_id  integer references categories(id) on delete set null,
  card_type    text not null default 'credit' check (card_type in ('credit', 'debit', 'prepaid')),
  annual_fee   numeric(12, 2) not null default 0,
  min_salary   numeric(12, 2),
  description  text,
  image        text,
  status       text not null default 'Not Discontinued' check (status in ('Discontinued', 'Not Discontinued')),
  display      boolean not null default true,
  from_source  text not null default 'manual',
  search_text  text not null default '',
  version      integer not null default 1,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);
create unique index cards_bank_name_key on cards (bank_id, lower(name));
create index cards_bank_idx on cards (bank_id);
create index cards_network_idx on cards (network_id);
create index cards_search_trgm on cards using gin (search_text gin_trgm_ops);

create table outlets (
  id             serial primary key,
  merchant_name  text not null,
  branch         text,
  category_id    integer references categories(id) on delete set null,
  area_id        integer references dubai_cities(id) on delete set null,
  address        text,
  latitude       double precision,
  longitude      double precision,
  phone          text,
  image          text,
  from_source    text not null default 'manual',
  search_text    text not null default '',
  version        integer not null default 1,
  created_at     timestamptz not null default now(),
  updated_at     timestamptz not null default now()
);
create index outlets_category_idx on outlets (category_id);
create index outlets_area_idx on outlets (area_id);
create index outlets_search_trgm on outlets using gin (search_text gin_trgm_ops);

create table outlet_radius (
  id          serial primary key,
  label       text not null,
  kilometres  numeric(6, 2) not null check (kilometres > 0),
  is_default  boolean not null default false,
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create unique index outlet_radius_one_default on outlet_radius (is_default) where is_default;

create table offers (
  id           serial primary key,
  title        text not null,
  description  text,
  discount     text not null,
  valid_from   date not null,
  valid_to     date not null,
  terms        text,
  image        text,
  category_id  integer references categories(id) on delete set null,
  from_source  text not null default 'manual',
  search_text  text not null default '',
  version      integer not null default 1,
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now(),
  constraint offers_valid_range check (valid_to >= valid_from)
);
create index offers_category_idx on offers (category_id);
create index offers_source_idx on offers (from_source);
create index offers_valid_to_idx on offers (valid_to);
create index offers_search_trgm on offers using gin (search_text gin_trgm_ops);

create table offer_cards (
  offer_id  integer not null references offers(id) on delete cascade,
  card_id   integer not null references cards(id) on delete cascade,
  primary key (offer_id, card_id)
);
create index offer_cards_card_idx on offer_cards (card_id, offer_id);

create table offer_outlets (
  offer_id   integer not null references offers(id) on delete cascade,
  outlet_id  integer not null references outlets(id) on delete cascade,
  primary key (offer_id, outlet_id)
);
create index offer_outlets_outlet_idx on offer_outlets (outlet_id, offer_id);

create index users_search_trgm on users using gin (immutable_unaccent(lower(name || ' ' || email || ' ' || coalesce(phone, ''))) gin_trgm_ops);

create view cards_view as
  select c.*, b.name as bank_name, n.type as network_type, cat.name as category_name
  from cards c
  join banks b on b.id = c.bank_id
  join networks n on n.id = c.network_id
  left join categories cat on cat.id = c.category_id;

create view outlets_view as
  select o.*, cat.name as category_name, a.name as area_name
  from outlets o
  left join categories cat on cat.id = o.category_id
  left join dubai_cities a on a.id = o.area_id;

create view offers_view as
  select o.*,
    cat.name as category_name,
    array(select oc.card_id from offer_cards oc where oc.offer_id = o.id order by oc.card_id) as card_ids,
    array(select oo.outlet_id from offer_outlets oo where oo.offer_id = o.id order by oo.outlet_id) as outlet_ids,
    array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
          where oc.offer_id = o.id order by b.name) as bank_names,
    array(select distinct ou.merchant_name from offer_outlets oo join outlets ou on ou.id = oo.outlet_id
          where oo.offer_id = o.id order by ou.merchant_name) as merchant_names,
    case when o.valid_from > current_date then 'upcoming'
         when o.valid_to < current_date then 'expired'
         else 'live' end as state
  from offers o
  left join categories cat on cat.id = o.category_id;
