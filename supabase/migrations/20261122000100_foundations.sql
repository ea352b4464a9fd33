-- Foundations shared by every later migration: the private schema for security-definer helpers
-- (not exposed by the Data API), the admin check, the updated_at stamp and the player-ID rule.

create schema if not exists private;
comment on schema private is 'Helpers that policies and triggers call. Not exposed through the Data API.';
revoke all on schema private from public;
-- Policies evaluated as anon/authenticated call private.is_admin(), which needs usage on the schema.
grant usage on schema private to anon, authenticated, service_role;

-- Admin is a claim in the caller's JWT (app_metadata is writable only by the service role).
create function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) -> 'app_metadata' ->> 'role' = 'admin', false)
$$;
comment on function private.is_admin() is
  'True when the caller''s JWT carries app_metadata.role = admin. The one admin check every policy uses.';
revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function private.set_updated_at() is 'Trigger: stamps updated_at on every update.';
revoke execute on function private.set_updated_at() from public;

-- Player IDs (and profile game IDs) are compared in one canonical form: trimmed, #-prefixed, upper case.
create function public.normalize_player_id(p_player_id text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when p_player_id is null then null
    when left(btrim(p_player_id), 1) = '#' then upper(btrim(p_player_id))
    else '#' || upper(btrim(p_player_id))
  end
$$;
comment on function public.normalize_player_id(text) is
  'Canonical form of a Brawl Stars player ID: trimmed, a leading # added when missing, upper case. Null stays null.';
revoke execute on function public.normalize_player_id(text) from public, anon, authenticated, service_role;
grant execute on function public.normalize_player_id(text) to anon, authenticated, service_role;
