-- Engagement (contract/engagement.ts): what app users do with offers and cards, one row per
-- event, and the daily rollups every chart reads (server/repositories/engagement.ts).
--
-- `events` is a log: no foreign keys (deleting an offer or a user keeps its history, and
-- writing an event checks nothing but its own row) and no index beyond its key, so writing
-- stays cheap at any volume. Charts never read it: at 500,000 events a chart computed from
-- it takes 0.75–1.3 s on PGlite, from the rollups 4–21 ms, 43 ms at most filtered by the
-- busiest bank (npm run bench:engagement, README.md).
--
-- The rollups count events per day (Dubai time) with one column per type (one row holds all
-- five counts where a row per type would take up to five):
--   event_daily         (day, offer_id, card_id): any filter, through its indexes;
--   event_daily_cards   (day, card_id): the daily series, banks, cards (~60 rows a day);
--   event_weekly_offers (week, offer_id): top offers and categories over whole weeks; the
--                       days before the first and after the last whole week come from
--                       event_daily. Offers have a long tail (most are seen a few times a
--                       day), so a week row stands for ~5 day rows.
-- Banks and categories are not stored: they are joined at read time from the card and the
-- offer as they are now, so a recategorised offer moves with its whole history, and an
-- event removed later is subtracted from exactly the rows it was added to.
--
-- Statement triggers with transition tables keep all three: a statement's rows are grouped
-- once and merged in one upsert per rollup, so the seed's 500,000-row insert costs one
-- grouped pass, and no writer (the seed, a test, psql) can leave them behind.

create table events (
  id        bigserial primary key,
  at        timestamptz not null default now(),
  type      text not null check (type in ('offer_viewed', 'offer_opened', 'offer_saved', 'offer_redeemed', 'card_viewed')),
  user_id   integer,
  offer_id  integer,
  card_id   integer,
  -- An offer's events name the offer (and the card it was shown with, when known); a card view names the card only.
  constraint events_subject check ((type = 'card_viewed') = (offer_id is null) and (type <> 'card_viewed' or card_id is not null))
);

create table event_daily (
  day             date not null,
  offer_id        integer,
  card_id         integer,
  offer_viewed    integer not null default 0,
  offer_opened    integer not null default 0,
  offer_saved     integer not null default 0,
  offer_redeemed  integer not null default 0,
  card_viewed     integer not null default 0,
  constraint event_daily_key unique nulls not distinct (day, offer_id, card_id)
);
-- One offer's or one card's days (the filters), without reading the other rows of the range.
create index event_daily_offer on event_daily (offer_id, day) where offer_id is not null;
create index event_daily_card on event_daily (card_id, day) where card_id is not null;

create table event_daily_cards (
  day             date not null,
  card_id         integer,
  offer_viewed    integer not null default 0,
  offer_opened    integer not null default 0,
  offer_saved     integer not null default 0,
  offer_redeemed  integer not null default 0,
  card_viewed     integer not null default 0,
  constraint event_daily_cards_key unique nulls not distinct (day, card_id)
);

-- Offers' events only (card views have no offer). `week` is the Monday (ISO week).
create table event_weekly_offers (
  week            date not null,
  offer_id        integer not null,
  offer_viewed    integer not null default 0,
  offer_opened    integer not null default 0,
  offer_saved     integer not null default 0,
  offer_redeemed  integer not null default 0,
  constraint event_weekly_offers_key primary key (week, offer_id)
);

-- The day an instant falls on for the people reading the charts: the catalogue is Dubai's
-- (UTC+4 all year), so a day does not depend on the server's time zone.
create function engagement_day(at timestamptz) returns date language sql immutable parallel safe
  as $$ select (at at time zone 'Asia/Dubai')::date $$;

-- Adds the events a statement wrote and subtracts those it removed, then drops rollup rows a
-- subtraction emptied. The SQL is dynamic only so that one text serves both transition tables
-- (they are visible to this function alone, not to one it calls); its inputs are constants.
-- Rows are merged in key order, so two writers on PostgreSQL lock shared rows in one order.
create function events_rollup() returns trigger language plpgsql as $$
declare
  counts constant text := 'offer_viewed, offer_opened, offer_saved, offer_redeemed, card_viewed';
  merge_set constant text := 'offer_viewed = d.offer_viewed + excluded.offer_viewed, offer_opened = d.offer_opened + excluded.offer_opened,
    offer_saved = d.offer_saved + excluded.offer_saved, offer_redeemed = d.offer_redeemed + excluded.offer_redeemed,
    card_viewed = d.card_viewed + excluded.card_viewed';
  week_set constant text := 'offer_viewed = d.offer_viewed + excluded.offer_viewed, offer_opened = d.offer_opened + excluded.offer_opened,
    offer_saved = d.offer_saved + excluded.offer_saved, offer_redeemed = d.offer_redeemed + excluded.offer_redeemed';
  part record;
begin
  for part in
    select * from (values ('removed_events', -1), ('added_events', 1)) v(rel, sign)
     where (rel = 'removed_events' and tg_op in ('DELETE', 'UPDATE')) or (rel = 'added_events' and tg_op in ('INSERT', 'UPDATE'))
  loop
    execute format($q$
      with delta as materialized (
        select engagement_day(e.at) as day, e.offer_id, e.card_id,
               %2$s * count(*) filter (where e.type = 'offer_viewed') as offer_viewed,
               %2$s * count(*) filter (where e.type = 'offer_opened') as offer_opened,
               %2$s * count(*) filter (where e.type = 'offer_saved') as offer_saved,
               %2$s * count(*) filter (where e.type = 'offer_redeemed') as offer_redeemed,
               %2$s * count(*) filter (where e.type = 'card_viewed') as card_viewed
          from %1$I e group by 1, 2, 3
      ),
      by_offer as (
        insert into event_daily as d (day, offer_id, card_id, %3$s)
        select day, offer_id, card_id, %3$s from delta order by day, offer_id, card_id
        on conflict on constraint event_daily_key do update set %4$s
      ),
      by_week as (
        insert into event_weekly_offers as d (week, offer_id, offer_viewed, offer_opened, offer_saved, offer_redeemed)
        select date_trunc('week', day)::date, offer_id, sum(offer_viewed), sum(offer_opened), sum(offer_saved), sum(offer_redeemed)
          from delta where offer_id is not null group by 1, 2 order by 1, 2
        on conflict on constraint event_weekly_offers_key do update set %5$s
      )
      insert into event_daily_cards as d (day, card_id, %3$s)
      select day, card_id, sum(offer_viewed), sum(offer_opened), sum(offer_saved), sum(offer_redeemed), sum(card_viewed)
        from delta group by day, card_id order by day, card_id
      on conflict on constraint event_daily_cards_key do update set %4$s
    $q$, part.rel, part.sign, counts, merge_set, week_set);
  end loop;
  if tg_op in ('DELETE', 'UPDATE') then
    delete from event_daily where (offer_viewed, offer_opened, offer_saved, offer_redeemed, card_viewed) = (0, 0, 0, 0, 0)
      and day in (select distinct engagement_day(at) from removed_events);
    delete from event_daily_cards where (offer_viewed, offer_opened, offer_saved, offer_redeemed, card_viewed) = (0, 0, 0, 0, 0)
      and day in (select distinct engagement_day(at) from removed_events);
    delete from event_weekly_offers where (offer_viewed, offer_opened, offer_saved, offer_redeemed) = (0, 0, 0, 0)
      and week in (select distinct date_trunc('week', engagement_day(at))::date from removed_events);
  end if;
  return null;
end $$;

create trigger events_rollup_insert after insert on events referencing new table as added_events
  for each statement execute function events_rollup();
create trigger events_rollup_update after update on events referencing old table as removed_events new table as added_events
  for each statement execute function events_rollup();
create trigger events_rollup_delete after delete on events referencing old table as removed_events
  for each statement execute function events_rollup();

create function events_rollup_truncate() returns trigger language plpgsql as $$
begin
  truncate event_daily, event_daily_cards, event_weekly_offers;
  return null;
end $$;
create trigger events_rollup_truncate after truncate on events
  for each statement execute function events_rollup_truncate();
