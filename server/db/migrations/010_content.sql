-- Content and messages (contract/cms.ts, contract/contact.ts, contract/feedback.ts): the app's
-- legal pages with every version kept, contact messages with their replies, and feedback.

-- ---------------------------------------------------------------------------------------
-- Legal pages. One row per page, holding its current text (sanitized HTML: what the app
-- shows) and the number of its current version; every save adds a row to cms_page_versions
-- in the same transaction (server/repositories/cmsPages.ts).

create table cms_pages (
  id          serial primary key,
  type        text not null unique check (type in ('term-condition', 'privacy-policy')),
  content     text not null default '',
  version     integer not null default 0 check (version >= 0),
  updated_by  integer references users(id) on delete set null,
  updated_at  timestamptz
);
insert into cms_pages (type) values ('term-condition'), ('privacy-policy');

create table cms_page_versions (
  id              serial primary key,
  page_id         integer not null references cms_pages(id) on delete cascade,
  version         integer not null check (version >= 1),
  content         text not null,
  created_by      integer references users(id) on delete set null,
  -- The name as it was: the history still says who when the account is gone.
  created_by_name text,
  restored_from   integer,
  created_at      timestamptz not null default now(),
  constraint cms_page_versions_key unique (page_id, version)
);

-- History is never rewritten: a version's text, number and time stay as saved, whoever
-- writes. Only `created_by` may change, when that account is deleted (on delete set null).
create or replace function cms_versions_immutable() returns trigger language plpgsql as $$
begin
  if row(NEW.id, NEW.page_id, NEW.version, NEW.content, NEW.created_by_name, NEW.restored_from, NEW.created_at)
     is distinct from row(OLD.id, OLD.page_id, OLD.version, OLD.content, OLD.created_by_name, OLD.restored_from, OLD.created_at) then
    raise exception 'a saved version of a page cannot be changed' using errcode = 'restrict_violation';
  end if;
  return NEW;
end $$;
create trigger cms_page_versions_immutable before update on cms_page_versions for each row execute function cms_versions_immutable();

-- ---------------------------------------------------------------------------------------
-- Contact messages and the replies sent to them.

create table contact_messages (
  id          serial primary key,
  user_id     integer references users(id) on delete set null,
  name        text not null,
  email       text not null,
  phone       text,
  subject     text not null,
  message     text not null,
  handled     boolean not null default false,
  handled_at  timestamptz,
  handled_by  integer references users(id) on delete set null,
  search_text text not null default '',
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index contact_messages_search_trgm on contact_messages using gin (search_text gin_trgm_ops);
create index contact_messages_newest on contact_messages (created_at desc, id desc);

create table contact_replies (
  id           serial primary key,
  contact_id   integer not null references contact_messages(id) on delete cascade,
  text         text not null,
  sent_to      text not null,
  sent_by      integer references users(id) on delete set null,
  sent_by_name text not null,
  -- The mail goes out after the reply is committed (server/routes/contact.ts).
  mail_status  text not null default 'sending' check (mail_status in ('sending', 'sent', 'failed')),
  mail_error   text,
  created_at   timestamptz not null default now()
);
create index contact_replies_contact on contact_replies (contact_id, created_at, id);

-- Dates leave as ISO text inside the replies' JSON, as the API gives every other date.
create or replace function iso_time(t timestamptz) returns text language sql immutable parallel safe
  as $$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;

create view contact_messages_view as
  select m.id, m.user_id, m.name, m.email, m.phone, m.subject, m.message,
         m.handled, m.handled_at, h.name as handled_by_name,
         coalesce((select json_agg(json_build_object(
                     'id', r.id, 'text', r.text, 'sent_to', r.sent_to, 'sent_by', r.sent_by,
                     'sent_by_name', r.sent_by_name, 'sent_at', iso_time(r.created_at),
                     'mail_status', r.mail_status, 'mail_error', r.mail_error) order by r.created_at, r.id)
                   from contact_replies r where r.contact_id = m.id), '[]'::json) as replies,
         m.search_text, m.created_at, m.updated_at
    from contact_messages m
    left join users h on h.id = m.handled_by;

-- ---------------------------------------------------------------------------------------
-- Feedback: an app user's rating and comment about an offer or a card. A deleted offer or
-- card leaves the feedback (its target null, `about` says what it was); a deleted app user
-- takes their feedback along.

create table feedback (
  id          serial primary key,
  rating      integer not null check (rating between 1 and 5),
  comment     text,
  about       text not null check (about in ('offer', 'card')),
  user_id     integer references users(id) on delete cascade,
  offer_id    integer references offers(id) on delete set null,
  card_id     integer references cards(id) on delete set null,
  search_text text not null default '',
  created_at  timestamptz not null default now(),
  constraint feedback_target check ((about = 'offer' and card_id is null) or (about = 'card' and offer_id is null))
);
create index feedback_search_trgm on feedback using gin (search_text gin_trgm_ops);
create index feedback_newest on feedback (created_at desc, id desc);
create index feedback_offer on feedback (offer_id) where offer_id is not null;
create index feedback_card on feedback (card_id) where card_id is not null;
create index feedback_user on feedback (user_id);

create view feedback_view as
  select f.id, f.rating, f.comment, f.about,
         f.user_id, u.name as user_name, u.email as user_email,
         f.offer_id, o.title as offer_title,
         f.card_id, c.name as card_name, b.name as bank_name,
         f.search_text, f.created_at
    from feedback f
    left join users u on u.id = f.user_id
    left join offers o on o.id = f.offer_id
    left join cards c on c.id = f.card_id
    left join banks b on b.id = c.bank_id;

-- ---------------------------------------------------------------------------------------
-- Search text (as migration 003 keeps it for the catalogue): a contact message's own words;
-- a feedback's comment with the names it shows, refreshed when one of those names changes.

create or replace function contact_search_text(m contact_messages) returns text language sql immutable parallel safe
  as $$ select immutable_unaccent(lower(concat_ws(' ', m.name, m.email, m.phone, m.subject, m.message))) $$;

create or replace function feedback_search_text(f feedback) returns text language sql stable parallel safe
  as $$
    select immutable_unaccent(lower(concat_ws(' ', f.comment,
      (select u.name || ' ' || u.email from users u where u.id = f.user_id),
      (select o.title from offers o where o.id = f.offer_id),
      (select c.name from cards c where c.id = f.card_id))))
  $$;

create or replace function content_search_text_before_write() returns trigger language plpgsql as $$
begin
  case TG_TABLE_NAME
    when 'contact_messages' then NEW.search_text := contact_search_text(NEW);
    when 'feedback'         then NEW.search_text := feedback_search_text(NEW);
  end case;
  return NEW;
end $$;
create trigger contact_messages_search_text before insert or update on contact_messages for each row execute function content_search_text_before_write();
create trigger feedback_search_text before insert or update on feedback for each row execute function content_search_text_before_write();

-- A renamed user, offer or card: the feedback that shows the name is written again (its
-- BEFORE trigger computes the new text). Only when such a name changed.
create or replace function feedback_refresh_names() returns trigger language plpgsql as $$
begin
  case TG_TABLE_NAME
    when 'users'  then update feedback set search_text = default where user_id = NEW.id;
    when 'offers' then update feedback set search_text = default where offer_id = NEW.id;
    when 'cards'  then update feedback set search_text = default where card_id = NEW.id;
  end case;
  return null;
end $$;
create trigger users_feedback_names after update on users for each row
  when (OLD.name is distinct from NEW.name or OLD.email is distinct from NEW.email) execute function feedback_refresh_names();
create trigger offers_feedback_names after update on offers for each row
  when (OLD.title is distinct from NEW.title) execute function feedback_refresh_names();
create trigger cards_feedback_names after update on cards for each row
  when (OLD.name is distinct from NEW.name) execute function feedback_refresh_names();
