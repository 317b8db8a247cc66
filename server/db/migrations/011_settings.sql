-- The app's settings (contract/settings.ts): one row of typed fields. Written here, not by the
-- demo seed, because every deployment needs it: the app reads it from its first start.
-- `changes` holds, per field, who changed it last and when ({ by_id, by_name, at }).

create table settings (
  id                        integer primary key check (id = 1),
  support_email             text not null,
  default_outlet_radius_km  numeric(6, 2) not null check (default_outlet_radius_km > 0),
  min_app_version_ios       text not null,
  min_app_version_android   text not null,
  maintenance_mode          boolean not null default false,
  maintenance_message       text,
  offers_per_section        integer not null check (offers_per_section between 1 and 50),
  changes                   jsonb not null default '{}',
  version                   integer not null default 1,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now(),
  check (not maintenance_mode or coalesce(btrim(maintenance_message), '') <> '')
);

insert into settings (id, support_email, default_outlet_radius_km, min_app_version_ios, min_app_version_android, offers_per_section)
values (1, 'support@cards-admin.local', 5, '1.0.0', '1.0.0', 10);
