-- Homepage configuration (contract/homepage.ts): four lists in an order people set.
--
-- Order: every row has a 1-based `position`, 1..n with no gap or duplicate. The UNIQUE
-- constraint on it is DEFERRABLE INITIALLY DEFERRED, checked at commit, so one statement
-- (or several) may shift rows through each other within a transaction.
--
-- The lock: `homepage_lists` holds one row per list. Every add, delete and move of a list
-- first takes that row FOR UPDATE (server/repositories/homepagePositions.ts), so writes that
-- change a list's order run one after another, also across server processes on one
-- PostgreSQL; and each sees the order the one before it committed.
--
-- A delete closes the gap by itself, whoever deletes (the API, or an offer's delete
-- cascading to its selected offers): a statement-level trigger renumbers the list.

create table homepage_lists (
  name text primary key
);
insert into homepage_lists (name) values ('hero_banners'), ('welcome_boxes'), ('selected_offers'), ('dont_miss_out');

create table hero_banners (
  id          serial primary key,
  position    integer not null check (position >= 1),
  title       text not null,
  subtitle    text,
  image       text,
  -- What the banner opens: link_type names the one target column that is set.
  link_type   text check (link_type in ('offer', 'card', 'bank', 'url')),
  offer_id    integer references offers(id) on delete set null,
  card_id     integer references cards(id) on delete set null,
  bank_id     integer references banks(id) on delete set null,
  url         text,
  is_active   boolean not null default true,
  starts_at   timestamptz,
  ends_at     timestamptz,
  search_text text not null default '',
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint hero_banners_position_key unique (position) deferrable initially deferred,
  constraint hero_banners_schedule check (starts_at is null or ends_at is null or ends_at > starts_at)
);
create index hero_banners_search_trgm on hero_banners using gin (search_text gin_trgm_ops);

create table dont_miss_out (
  id          serial primary key,
  position    integer not null check (position >= 1),
  title       text not null,
  image       text,
  link_type   text check (link_type in ('offer', 'card', 'bank', 'url')),
  offer_id    integer references offers(id) on delete set null,
  card_id     integer references cards(id) on delete set null,
  bank_id     integer references banks(id) on delete set null,
  url         text,
  is_active   boolean not null default true,
  starts_at   timestamptz,
  ends_at     timestamptz,
  search_text text not null default '',
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint dont_miss_out_position_key unique (position) deferrable initially deferred,
  constraint dont_miss_out_schedule check (starts_at is null or ends_at is null or ends_at > starts_at)
);
create index dont_miss_out_search_trgm on dont_miss_out using gin (search_text gin_trgm_ops);

create table welcome_boxes (
  id          serial primary key,
  position    integer not null check (position >= 1),
  title       text not null,
  message     text not null,
  is_active   boolean not null default true,
  starts_at   timestamptz,
  ends_at     timestamptz,
  search_text text not null default '',
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint welcome_boxes_position_key unique (position) deferrable initially deferred,
  constraint welcome_boxes_schedule check (starts_at is null or ends_at is null or ends_at > starts_at)
);
create index welcome_boxes_search_trgm on welcome_boxes using gin (search_text gin_trgm_ops);

-- A selected offer goes with its offer (on delete cascade; the gap closes). Its search text
-- is the offer's own, read through the view, so it is never stale.
create table selected_offers (
  id          serial primary key,
  position    integer not null check (position >= 1),
  offer_id    integer not null references offers(id) on delete cascade,
  is_active   boolean not null default true,
  starts_at   timestamptz,
  ends_at     timestamptz,
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now(),
  constraint selected_offers_position_key unique (position) deferrable initially deferred,
  constraint selected_offers_offer_key unique (offer_id),
  constraint selected_offers_schedule check (starts_at is null or ends_at is null or ends_at > starts_at)
);

-- ---------------------------------------------------------------------------------------
-- BEFORE INSERT OR UPDATE: the search text, and a banner's link kept to its one target.
-- The API checks a link before writing (a wrong one is a 422); this keeps it true when a
-- target is deleted (ON DELETE SET NULL updates the banner, and this trigger runs then
-- too): a link whose target is gone links nowhere.

create or replace function homepage_before_write() returns trigger language plpgsql as $$
begin
  case TG_TABLE_NAME
    when 'hero_banners', 'dont_miss_out' then
      if (NEW.link_type = 'offer' and NEW.offer_id is null) or (NEW.link_type = 'card' and NEW.card_id is null)
         or (NEW.link_type = 'bank' and NEW.bank_id is null) or (NEW.link_type = 'url' and NEW.url is null) then
        NEW.link_type := null;
      end if;
      if NEW.link_type is distinct from 'offer' then NEW.offer_id := null; end if;
      if NEW.link_type is distinct from 'card' then NEW.card_id := null; end if;
      if NEW.link_type is distinct from 'bank' then NEW.bank_id := null; end if;
      if NEW.link_type is distinct from 'url' then NEW.url := null; end if;
      if TG_TABLE_NAME = 'hero_banners' then
        NEW.search_text := immutable_unaccent(lower(concat_ws(' ', NEW.title, NEW.subtitle, NEW.url)));
      else
        NEW.search_text := immutable_unaccent(lower(concat_ws(' ', NEW.title, NEW.url)));
      end if;
    when 'welcome_boxes' then
      NEW.search_text := immutable_unaccent(lower(concat_ws(' ', NEW.title, NEW.message)));
    else
      null;
  end case;
  return NEW;
end $$;

create trigger hero_banners_before_write before insert or update on hero_banners for each row execute function homepage_before_write();
create trigger dont_miss_out_before_write before insert or update on dont_miss_out for each row execute function homepage_before_write();
create trigger welcome_boxes_before_write before insert or update on welcome_boxes for each row execute function homepage_before_write();

-- ---------------------------------------------------------------------------------------
-- AFTER DELETE, once per statement: the list's rows renumbered 1..n in their order, under
-- the list's lock (a delete through the API holds it already; a cascade takes it here).

create or replace function homepage_close_gaps() returns trigger language plpgsql as $$
begin
  perform 1 from homepage_lists where name = TG_TABLE_NAME for update;
  execute format(
    'update %I t set position = r.n from (select id, row_number() over (order by position, id) as n from %I) r
      where t.id = r.id and t.position <> r.n', TG_TABLE_NAME, TG_TABLE_NAME);
  return null;
end $$;

create trigger hero_banners_close_gaps after delete on hero_banners for each statement execute function homepage_close_gaps();
create trigger dont_miss_out_close_gaps after delete on dont_miss_out for each statement execute function homepage_close_gaps();
create trigger welcome_boxes_close_gaps after delete on welcome_boxes for each statement execute function homepage_close_gaps();
create trigger selected_offers_close_gaps after delete on selected_offers for each statement execute function homepage_close_gaps();

-- An offer's delete takes the selected offers' lock before it deletes (and so cascades to)
-- any selected offer. Taken after, it could wait on a move that holds the lock and waits on
-- the very row the delete holds: a deadlock. Locks are always taken list first, rows after.
create or replace function homepage_lock_selected_offers() returns trigger language plpgsql as $$
begin
  perform 1 from homepage_lists where name = 'selected_offers' for update;
  return null;
end $$;

create trigger offers_lock_selected_offers before delete on offers for each statement execute function homepage_lock_selected_offers();

-- ---------------------------------------------------------------------------------------
-- The views the lists read: a banner's link target by name; a selected offer with its offer.

create view hero_banners_view as
  select h.*, coalesce(o.title, c.name, b.name, h.url) as link_name
  from hero_banners h
  left join offers o on o.id = h.offer_id
  left join cards c on c.id = h.card_id
  left join banks b on b.id = h.bank_id;

create view dont_miss_out_view as
  select d.*, coalesce(o.title, c.name, b.name, d.url) as link_name
  from dont_miss_out d
  left join offers o on o.id = d.offer_id
  left join cards c on c.id = d.card_id
  left join banks b on b.id = d.bank_id;

create view selected_offers_view as
  select s.*,
    o.title as offer_title,
    o.image as offer_image,
    o.discount,
    o.valid_from,
    o.valid_to,
    case when o.valid_from > current_date then 'upcoming'
         when o.valid_to < current_date then 'expired'
         else 'live' end as state,
    o.valid_to < current_date as expired,
    array(select distinct b.name from offer_cards oc join cards c on c.id = oc.card_id join banks b on b.id = c.bank_id
          where oc.offer_id = o.id order by b.name) as bank_names,
    array(select c.name from offer_cards oc join cards c on c.id = oc.card_id where oc.offer_id = o.id order by c.name) as card_names,
    o.search_text
  from selected_offers s
  join offers o on o.id = s.offer_id;
