-- Foundations every other schema file uses: the private schema for security-definer helpers (not
-- exposed by the Data API), the one admin check, the updated_at stamp, the player-ID form, the text
-- rules for what players type, and the client IP of a Data API request.

-- ============================================================================================
-- Schemas
-- ============================================================================================

create schema if not exists private;
comment on schema private is 'Helpers that policies and triggers call. Not exposed through the Data API.';
revoke all on schema private from public;
-- Policies evaluated as anon/authenticated call private.is_admin(), which needs usage on the schema.
grant usage on schema private to anon, authenticated, service_role;

-- ============================================================================================
-- Roles and stamps
-- ============================================================================================

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
revoke all on function private.is_admin() from public, anon, authenticated, service_role;
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
revoke all on function private.set_updated_at() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Text rules
-- ============================================================================================

-- What players type: player IDs in one form, names trimmed of every Unicode white space and refused
-- with invisible characters. The app's zod schemas (src/lib/text-rules.ts) apply the same rules.

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
revoke all on function public.normalize_player_id(text) from public, anon, authenticated, service_role;
grant execute on function public.normalize_player_id(text) to anon, authenticated, service_role;

-- Which player IDs a rule accepts, in their normalised form: 'seed', the product's own rule (# and 9
-- letters or digits, the default), or 'brawl_stars', the game's real tags (# and 3 to 14 of the 14
-- characters tags are made of, as the official API and the brawlstats clients read them).
create function private.player_id_valid(p_player_id text, p_rule text default 'seed')
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(case p_rule
    when 'brawl_stars' then p_player_id ~ '^#[0289PYLQGRJCUV]{3,14}$'
    else p_player_id ~ '^#[A-Z0-9]{9}$'
  end, false)
$$;
comment on function private.player_id_valid(text, text) is
  'True when a normalised player ID follows the rule: seed (# and 9 letters/digits) or brawl_stars (the '
  'game''s tags: # and 3-14 of 0289PYLQGRJCUV).';
revoke all on function private.player_id_valid(text, text) from public, anon, authenticated, service_role;
grant execute on function private.player_id_valid(text, text) to anon, authenticated, service_role;

-- The characters JavaScript's String.prototype.trim removes (WhiteSpace and LineTerminator), so
-- the form and the database trim to the same string.
create function private.trim_space(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(p_text, E'\u0009\u000a\u000b\u000c\u000d\u0020\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff')
$$;
comment on function private.trim_space(text) is
  'Trims Unicode white space from both ends (the set JavaScript''s trim() removes). Null stays null.';
revoke all on function private.trim_space(text) from public, anon, authenticated, service_role;
grant execute on function private.trim_space(text) to anon, authenticated, service_role;

-- Unicode categories Cc, Cf, Zl and Zp (Unicode 17, as JavaScript's \p{Cc}\p{Cf}\p{Zl}\p{Zp}).
-- Postgres regular expressions have no \p{}, so the ranges are spelled out.
create function private.has_invisible(p_text text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_text ~ '[\u0001-\u001f\u007f-\u009f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]'
$$;
comment on function private.has_invisible(text) is
  'True when the text holds a control or format character or a line/paragraph separator (Cc, Cf, Zl, Zp).';
revoke all on function private.has_invisible(text) from public, anon, authenticated, service_role;
grant execute on function private.has_invisible(text) to anon, authenticated, service_role;

-- ============================================================================================
-- Requests
-- ============================================================================================

-- The client IP of the current Data API request, from the headers PostgREST puts in
-- `request.headers`. On hosted Supabase the client may write its own X-Forwarded-For, while
-- Cloudflare's CF-Connecting-IP is set by the edge, so that wins; without it (the local stack,
-- which writes X-Forwarded-For itself, or PostgREST behind one nginx) the last X-Forwarded-For entry
-- is the one the nearest proxy added. Null outside an API request (SQL, migrations, the studio).
create function private.request_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim((string_to_array(h ->> 'x-forwarded-for', ','))[cardinality(string_to_array(h ->> 'x-forwarded-for', ','))]), '')
  )
  from (select nullif(current_setting('request.headers', true), '')::jsonb as h) as request
$$;
comment on function private.request_ip() is
  'The client IP of the current Data API request (CF-Connecting-IP, else the last X-Forwarded-For entry), or null.';
revoke all on function private.request_ip() from public, anon, authenticated, service_role;
