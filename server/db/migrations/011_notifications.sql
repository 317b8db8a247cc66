-- Push notifications (contract/notification.ts) and what they are aimed at.
--
-- The audience data: which cards an app user holds (user_cards) and the Dubai area they live
-- in (users.area_id), so a notification can go to a card's holders or an area's users.
--
-- Sending is a job in the database (server/services/notificationJob.ts), so a server killed
-- half-way resumes where it stopped and nobody gets a notification twice:
--   1. planning lists the audience in pieces of at most 1,000 users, in user id order, a few
--      pieces per short transaction; each transaction writes its pieces and moves the
--      notification's plan_cursor (the last user id listed) together, so a user lands in
--      exactly one piece whatever happens;
--   2. a sender claims one piece (FOR UPDATE SKIP LOCKED: on PostgreSQL several servers share
--      the work), sends it under the piece's own key, and marks it done with its counts. A
--      piece claimed by a server that died is claimed again and sent under the same key,
--      which the sender takes as the same batch (server/services/push.ts: the outbox replaces
--      the piece's file; a real provider gets it as its idempotency key).

create table user_cards (
  user_id    integer not null references users(id) on delete cascade,
  card_id    integer not null references cards(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, card_id)
);
-- A card's holders, in user id order (the planner's walk).
create index user_cards_card_idx on user_cards (card_id, user_id);

alter table users add column if not exists area_id integer references dubai_cities(id) on delete set null;
create index if not exists users_area_idx on users (area_id, id) where area_id is not null;

create table notifications (
  id              serial primary key,
  title           text not null,
  body            text not null,
  -- The deep link: which of offer_id, card_id, url holds it (null: none). A deleted offer or
  -- card leaves the link's name (link_name) and sends the notification without it.
  link_type       text check (link_type in ('offer', 'card', 'url')),
  offer_id        integer references offers(id) on delete set null,
  card_id         integer references cards(id) on delete set null,
  url             text,
  link_name       text,
  audience        text not null check (audience in ('all', 'card', 'area', 'user')),
  -- The card, area or user; kept when that record goes (the history says whom it was for).
  audience_id     integer,
  audience_name   text,
  send_at         timestamptz not null,
  status          text not null default 'scheduled' check (status in ('scheduled', 'sending', 'sent', 'failed', 'cancelled')),
  audience_size   integer not null default 0,
  sent_count      integer not null default 0,
  failed_count    integer not null default 0,
  -- Planning: the last user id listed into a piece, the pieces so far, and whether the whole
  -- audience is listed.
  plan_cursor     integer not null default 0,
  pieces          integer not null default 0,
  planned         boolean not null default false,
  -- title, body and audience as one value: the twice-in-a-minute check looks it up.
  fingerprint     text not null,
  created_by      integer references users(id) on delete set null,
  created_by_name text,
  started_at      timestamptz,
  finished_at     timestamptz,
  -- (|| and coalesce rather than concat_ws, which is only STABLE: a generated column needs IMMUTABLE.)
  search_text     text generated always as (immutable_unaccent(lower(title || ' ' || body || ' ' || coalesce(audience_name, '') || ' ' || coalesce(link_name, '')))) stored,
  version         integer not null default 1,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now(),
  check ((audience = 'all') = (audience_id is null))
);
create index notifications_due_idx on notifications (send_at) where status = 'scheduled';
create index notifications_sending_idx on notifications (id) where status = 'sending';
create index notifications_fingerprint_idx on notifications (fingerprint, created_at);
create index notifications_created_idx on notifications (created_at, id);
create index notifications_search_trgm on notifications using gin (search_text gin_trgm_ops);

create table notification_pieces (
  notification_id integer not null references notifications(id) on delete cascade,
  piece           integer not null,
  -- The users of this piece, ascending: the audience as it was listed.
  user_ids        integer[] not null,
  state           text not null default 'pending' check (state in ('pending', 'sending', 'done')),
  attempts        integer not null default 0,
  -- A piece whose sender failed waits until then before it is tried again.
  retry_at        timestamptz,
  -- Which server process holds a piece being sent, since when (a claim gone stale is taken back).
  claimed_by      text,
  claimed_at      timestamptz,
  sent_count      integer not null default 0,
  failed_count    integer not null default 0,
  finished_at     timestamptz,
  primary key (notification_id, piece)
);
create index notification_pieces_pending_idx on notification_pieces (notification_id, piece) where state = 'pending';
create index notification_pieces_sending_idx on notification_pieces (claimed_at) where state = 'sending';

-- What the list and show calls read: the row less the job's own columns.
create view notifications_view as
  select id, title, body, link_type, offer_id, card_id, url, link_name, audience, audience_id, audience_name,
    send_at, status, audience_size, sent_count, failed_count, created_by, created_by_name, started_at, finished_at,
    search_text, version, created_at, updated_at
  from notifications;
