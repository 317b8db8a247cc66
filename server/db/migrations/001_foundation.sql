create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is only STABLE; an IMMUTABLE wrapper lets indexes use it.
create or replace function immutable_unaccent(text) returns text
  language sql immutable parallel safe strict
  as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$;

create table users (
  id            serial primary key,
  name          text not null,
  email         text not null,
  phone         text,
  avatar        text,
  role          text not null default 'user' check (role in ('admin', 'user')),
  status        text not null default 'active' check (status in ('active', 'disabled')),
  password_hash text,
  version       integer not null default 1,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));

-- Opaque bearer tokens, stored as SHA-256 so a database leak yields no live session.
create table sessions (
  id          serial primary key,
  user_id     integer not null references users(id) on delete cascade,
  token_hash  text not null unique,
  expires_at  timestamptz not null,
  revoked_at  timestamptz,
  created_at  timestamptz not null default now()
);
create index sessions_user_idx on sessions (user_id);

-- One-time codes for sign-in and password reset. Rows exist for unknown e-mails too,
-- so the resend limit answers the same whether or not an account exists.
create table otp_codes (
  id          serial primary key,
  email       text not null,
  purpose     text not null check (purpose in ('login', 'reset')),
  code_hash   text not null,
  attempts    integer not null default 0,
  expires_at  timestamptz not null,
  used_at     timestamptz,
  created_at  timestamptz not null default now()
);
create index otp_codes_email_idx on otp_codes (lower(email), created_at desc);

create table banks (
  id          serial primary key,
  name        text not null,
  code        text not null,
  website     text,
  logo        text,
  is_active   boolean not null default true,
  version     integer not null default 1,
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create unique index banks_name_key on banks (lower(name));
create unique index banks_code_key on banks (lower(code));
create index banks_search_trgm on banks using gin (immutable_unaccent(lower(name || ' ' || code)) gin_trgm_ops);
