-- Why a notification failed (server/services/notificationJob.ts): the error that stopped the
-- job listing or sending it, or the sender's error a piece gave up on. A notification the job
-- cannot handle is marked failed with its cause, so it never holds the ones after it.
alter table notifications add column if not exists failure text;

create or replace view notifications_view as
  select id, title, body, link_type, offer_id, card_id, url, link_name, audience, audience_id, audience_name,
    send_at, status, audience_size, sent_count, failed_count, created_by, created_by_name, started_at, finished_at,
    search_text, version, created_at, updated_at, failure
  from notifications;
