-- Decisions made together (crawl_refs/assign: many refs to one live record in one call) share
-- a group (server/services/crawlAssign.ts); undoing any of them undoes the whole group in one
-- step (server/services/crawlReview.ts undoDecision), as the reviewer made it in one step.
create sequence if not exists crawl_decision_groups;
alter table crawl_decisions add column if not exists group_id integer;
create index if not exists crawl_decisions_group_idx on crawl_decisions (group_id) where group_id is not null;
