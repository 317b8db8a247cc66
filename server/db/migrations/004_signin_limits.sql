-- Sign-in limits (server/services/signinLimits.ts, README.md "Sign-in limits"): failed
-- sign-ins per account and per client address, code requests per address. In the
-- database, so every server process counts the same tries.
--   scope 'account': key = the e-mail, lower-cased (known or not); paused_until set
--                    once 5 failures are counted
--   scope 'address': key = the client address (IPv6: its /64); failed sign-ins
--   scope 'codes':   key = the client address; code requests
-- A row whose expires_at has passed says nothing and may be deleted at any time.
create table signin_limits (
  scope        text not null check (scope in ('account', 'address', 'codes')),
  key          text not null,
  count        integer not null check (count > 0),
  window_start timestamptz not null,
  paused_until timestamptz,
  expires_at   timestamptz not null,
  primary key (scope, key)
);
create index signin_limits_expires_idx on signin_limits (expires_at);

-- Expired one-time codes are deleted as new ones are issued (server/services/auth.ts).
create index otp_codes_expires_idx on otp_codes (expires_at);
