-- What hosted Supabase has before any project migration runs, read from supabase/postgres
-- (migrations/db/init-scripts and migrations/db/migrations) and supabase/auth's migrations:
-- the roles, the auth schema GoTrue leaves behind, the storage schema supabase/storage's
-- migrations leave, the realtime publication, pgcrypto, and the
-- 2026 default that new tables in public are not exposed to the Data API roles.
-- Idempotent: the local stack runs it on every start as the bootstrap superuser, before
-- supabase/migrations (which then run as the non-superuser postgres, as on hosted).

-- ============================================================================================
-- Roles
-- ============================================================================================

-- supabase_admin is the superuser (the bootstrap user of a fresh local database). postgres is
-- what developers and migrations use: no superuser, but createrole, createdb and bypassrls
-- (10000000000000_demote-postgres.sql). Where postgres already is a superuser (a database made
-- before this prelude, or a shared Postgres server) it is left alone; server/db/migrate.ts says so.
-- Roles belong to the whole server, not to one database: they are created (with their memberships
-- and settings) only when missing, so databases sharing a server can start side by side.
do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_admin') then
    create role supabase_admin superuser createdb createrole replication bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres nosuperuser createdb createrole login replication bypassrls;
    alter role postgres set search_path = "$user", public, extensions;
  end if;
  -- The API roles inherit (20230529180330_alter_api_roles_for_inherit.sql), with short statement
  -- timeouts for anon and authenticated.
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin inherit;
    alter role anon set statement_timeout = '3s';
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin inherit;
    alter role authenticated set statement_timeout = '8s';
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin inherit bypassrls;
  end if;
  -- Made noinherit by an earlier version of this prelude.
  if exists (select from pg_roles where rolname in ('anon', 'authenticated', 'service_role') and not rolinherit) then
    alter role anon inherit;
    alter role authenticated inherit;
    alter role service_role inherit;
  end if;
  -- PostgREST logs in as authenticator and switches to the API role of each request.
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit login;
    alter role authenticator set statement_timeout = '8s';
    grant anon, authenticated, service_role to authenticator;
  end if;
  -- GoTrue's own role: it owns the auth tables (no createrole since 20260821154147).
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin noinherit login noreplication;
  end if;
  -- postgres can act as the API roles (pgTAP's `set role authenticated`) and grant them
  -- (20250605172253_grant_with_admin_to_postgres_16_and_above.sql); it is not a member of
  -- supabase_auth_admin (20240627101908_revoke_supabase_auth_admin_from_postgres.sql).
  if not pg_has_role('postgres', 'service_role', 'member') then
    grant anon, authenticated, service_role to postgres with admin option;
  end if;
  -- PostgREST's in-database configuration is `alter role authenticator set pgrst.* ...`, which
  -- Supabase's docs have projects run as postgres. On Postgres 15 CREATEROLE allows it; from 16 on
  -- it takes the ADMIN option on authenticator as well, without its membership or privileges.
  if current_setting('server_version_num')::int >= 160000
     and not exists (select from pg_auth_members m
                     where m.roleid = 'authenticator'::regrole and m.member = 'postgres'::regrole and m.admin_option) then
    execute 'grant authenticator to postgres with admin option, inherit false, set false';
  end if;
end
$$;
-- A setting nothing has defined yet (pgrst.*) may be stored in a role only by a superuser or a role
-- granted SET on it (Postgres 15 and later): these are the ones PostgREST reads (its db-config).
do $$
declare
  name text;
begin
  foreach name in array array[
    'db_aggregates_enabled', 'db_anon_role', 'db_extra_search_path', 'db_hoisted_tx_settings', 'db_max_rows',
    'db_plan_enabled', 'db_pre_config', 'db_pre_request', 'db_prepared_statements', 'db_root_spec', 'db_schemas',
    'db_tx_end', 'jwt_aud', 'jwt_cache_max_lifetime', 'jwt_role_claim_key', 'openapi_mode',
    'openapi_security_active', 'openapi_server_proxy_uri', 'server_cors_allowed_origins',
    'server_timing_enabled', 'server_trace_header'
  ] loop
    execute format('grant set on parameter pgrst.%s to postgres', name);
  end loop;
end
$$;

-- postgres creates the project's schemas and tables (GRANT ALL ON DATABASE in the demote migration).
do $$
begin
  execute format('grant all on database %I to postgres', current_database());
end
$$;
grant usage, create on schema public to postgres;

-- ============================================================================================
-- Extensions
-- ============================================================================================

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- ============================================================================================
-- The auth schema, in the shape supabase/auth's migrations leave it (the tables the local Auth
-- uses). The schema belongs to supabase_admin, the tables to supabase_auth_admin; postgres may use
-- them (GRANT ALL, as hosted dumps show) but cannot create objects in auth.
-- ============================================================================================

create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
grant all on schema auth to supabase_auth_admin;
revoke create on schema auth from postgres;

do $$
begin
  if not exists (select from pg_type where typname = 'aal_level' and typnamespace = 'auth'::regnamespace) then
    create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
    alter type auth.aal_level owner to supabase_auth_admin;
  end if;
end
$$;

-- GoTrue writes every column itself: id has no default, and the token columns it reads into Go
-- strings must hold '' rather than NULL, or sign-in fails with "Database error querying schema".
create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status between 0 and 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
comment on table auth.users is 'Auth: Stores user login data within a secure schema.';

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
comment on table auth.identities is 'Auth: Stores identities associated to a user.';
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
comment on table auth.sessions is 'Auth: Stores session data associated to a user.';

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) constraint refresh_tokens_token_unique unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
comment on table auth.refresh_tokens is 'Auth: Store of tokens used to refresh JWT tokens once they expire.';

-- Local only: hosted GoTrue keeps mailed-link tokens in its own one_time_tokens (another shape).
-- Only a hash is stored.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

-- Every sign-in with a provider (supabase/auth 20260115000000_add_flow_state_oauth_context): its id
-- is the OAuth state, and a PKCE flow keeps its code challenge and auth code here.
do $$
begin
  if not exists (select from pg_type where typname = 'code_challenge_method' and typnamespace = 'auth'::regnamespace) then
    create type auth.code_challenge_method as enum ('s256', 'plain');
    alter type auth.code_challenge_method owner to supabase_auth_admin;
  end if;
end
$$;
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid null,
  auth_code text null,
  code_challenge_method auth.code_challenge_method null,
  code_challenge text null,
  provider_type text not null,
  provider_access_token text null,
  provider_refresh_token text null,
  created_at timestamptz null,
  updated_at timestamptz null,
  authentication_method text not null,
  auth_code_issued_at timestamptz null,
  invite_token text null,
  referrer text null,
  oauth_client_state_id uuid null,
  linking_target_id uuid null,
  email_optional boolean not null default false
);
comment on table auth.flow_state is 'Stores metadata for all OAuth/SSO login flows';
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
create index if not exists flow_state_created_at_idx on auth.flow_state (created_at desc);

-- A database made before this prelude: bring its auth tables to the shape above, so what the local
-- Auth wrote there restores into hosted Supabase.
alter table auth.users alter column id drop default;
alter table auth.users add column if not exists confirmation_token varchar(255);
alter table auth.users add column if not exists email_change_token_new varchar(255);
alter table auth.users add column if not exists email_change varchar(255);
alter table auth.users add column if not exists phone text default null;
alter table auth.users add column if not exists phone_change text default '';
alter table auth.users add column if not exists phone_change_token varchar(255) default '';
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists is_sso_user boolean not null default false;
alter table auth.refresh_tokens add column if not exists instance_id uuid;
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
update auth.users set
  confirmation_token = coalesce(confirmation_token, ''), recovery_token = coalesce(recovery_token, ''),
  email_change_token_new = coalesce(email_change_token_new, ''), email_change = coalesce(email_change, ''),
  instance_id = coalesce(instance_id, '00000000-0000-0000-0000-000000000000')
where confirmation_token is null or recovery_token is null or email_change_token_new is null
  or email_change is null or instance_id is null;
insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', u.last_sign_in_at, u.created_at, u.updated_at
from auth.users u
where u.email is not null and not exists (select from auth.identities i where i.user_id = u.id);

alter table auth.users owner to supabase_auth_admin;
alter table auth.identities owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.one_time_tokens owner to supabase_auth_admin;
alter table auth.flow_state owner to supabase_auth_admin;
grant all on auth.users, auth.identities, auth.sessions, auth.refresh_tokens, auth.one_time_tokens, auth.flow_state to postgres;
grant all on sequence auth.refresh_tokens_id_seq to postgres;

-- The claims of the caller's JWT, as PostgREST sets them for each request.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

alter function auth.jwt() owner to supabase_auth_admin;
alter function auth.uid() owner to supabase_auth_admin;
alter function auth.role() owner to supabase_auth_admin;
alter function auth.email() owner to supabase_auth_admin;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to postgres, anon, authenticated, service_role;

-- ============================================================================================
-- The storage schema, in the shape supabase/storage's tenant migrations leave it (the columns the
-- object API uses; server/README.md lists what is left out). supabase_storage_admin owns the tables,
-- and postgres is a member of it, as hosted dumps show (GRANT supabase_storage_admin TO postgres),
-- so migrations may create policies on storage.objects and insert buckets.
-- ============================================================================================

do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_storage_admin') then
    create role supabase_storage_admin noinherit createrole login noreplication;
  end if;
  if not pg_has_role('postgres', 'supabase_storage_admin', 'member') then
    grant supabase_storage_admin to postgres;
  end if;
end
$$;

create schema if not exists storage authorization supabase_admin;
grant usage on schema storage to postgres, anon, authenticated, service_role;
grant all on schema storage to supabase_storage_admin;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text
);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bname on storage.buckets using btree (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text collate "C",
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects using btree (name text_pattern_ops);
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The helpers storage policies use: 'a/b/c.png' -> {a,b}, 'c.png', 'png'.
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create or replace function storage.update_updated_at_column() returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

alter table storage.buckets owner to supabase_storage_admin;
alter table storage.objects owner to supabase_storage_admin;
alter function storage.foldername(text) owner to supabase_storage_admin;
alter function storage.filename(text) owner to supabase_storage_admin;
alter function storage.extension(text) owner to supabase_storage_admin;
alter function storage.update_updated_at_column() owner to supabase_storage_admin;
-- 0038-grant-with-grant-option: postgres may pass these on.
grant all on storage.buckets, storage.objects to postgres with grant option;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to postgres, anon, authenticated, service_role;

-- ============================================================================================
-- Realtime streams the tables of this publication (server/realtime); postgres owns it, so
-- migrations can add their tables.
-- ============================================================================================

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime owner to postgres;

-- ============================================================================================
-- The Data API roles and public. The classic defaults grant everything postgres creates in public
-- to the API roles; since 2026 hosted projects turn that off ("Default privileges for new
-- entities"), which revokes exactly these. The Supabase CLI does the same by `[api]
-- auto_expose_new_tables` in config.toml, keeping the grants when the key is unset: migrate.ts
-- passes it as supabase.auto_expose_new_tables (unset here: off, the hosted 2026 default).
-- Migrations grant what each role needs.
-- ============================================================================================

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to postgres, anon, authenticated, service_role;
do $$
begin
  if coalesce(current_setting('supabase.auto_expose_new_tables', true), '') <> 'on' then
    alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
    alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role, public;
    alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
  end if;
end
$$;
-- What supabase_admin creates (the dashboard's table editor) is still granted to everyone, as the
-- init scripts set it and the toggle leaves it.
alter default privileges for role supabase_admin in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_admin in schema public grant all on sequences to postgres, anon, authenticated, service_role;

-- ============================================================================================
-- Local only: mail waiting for the SMTP server of `[auth.email.smtp]` (server/mail/outbox.ts), kept
-- until it is delivered, across restarts. Hosted Supabase has no such table: GoTrue sends its own.
-- ============================================================================================
create schema if not exists outbox authorization supabase_admin;
revoke all on schema outbox from public;
create table if not exists outbox.mail (
  id bigserial primary key,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz
);
comment on table outbox.mail is 'Local stack: mail queued for SMTP, delivered (sent_at) or waiting for its next attempt.';
create index if not exists mail_pending_idx on outbox.mail (next_attempt_at) where sent_at is null;

-- ============================================================================================
-- The Supabase CLI records applied migrations here (supabase migration list reads it).
-- ============================================================================================

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
