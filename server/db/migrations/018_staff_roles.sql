-- Staff roles (contract/roles.ts): admin, editor, reviewer, viewer beside the consumer app's
-- user. Existing staff accounts were all admins and stay so.
alter table users drop constraint if exists users_role_check;
alter table users add constraint users_role_check check (role in ('admin', 'editor', 'reviewer', 'viewer', 'user'));
