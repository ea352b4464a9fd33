-- Profiles: one row per account, created from the sign-up metadata by a trigger on auth.users. The
-- owner may change username and game_id only; email follows auth.users. A player ID belongs to at
-- most one account.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  username text not null,
  game_id text
    constraint profiles_game_id_format
    check (game_id is null or private.player_id_valid(game_id, 'seed') or private.player_id_valid(game_id, 'brawl_stars')),
  -- Set only when the player proved the ID is theirs in the game (player_id_claims); cleared when the
  -- ID changes.
  game_id_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is
  'A player''s public-facing details: username and Brawl Stars game ID. One row per auth.users row.';
comment on column public.profiles.email is
  'Copied from auth.users.email and kept in sync; read-only for players.';
comment on column public.profiles.game_id is
  'Normalised like a player ID (#, 9 letters/digits, or a real tag of 0289PYLQGRJCUV; upper case), or null.';
comment on column public.profiles.game_id_verified_at is
  'When the player proved in the game that game_id is theirs; null while unverified.';

-- NOT VALID: the rule holds for every new or changed row; rows written before it are left as they
-- were rather than failing the migration that added it on a live database.
alter table public.profiles add constraint profiles_username_rules check (
  username = private.trim_space(username) and not private.has_invisible(username) and char_length(username) between 2 and 30
) not valid;

create unique index profiles_game_id_key on public.profiles (game_id) where game_id is not null;

alter table public.profiles enable row level security;

-- Clients read and update through RLS; only username and game_id are writable, nothing is insertable.
-- Profiles are made by the auth.users trigger, never directly.
revoke all on public.profiles from public, anon, authenticated, service_role;
grant select on public.profiles to authenticated;
grant select, update, delete on public.profiles to service_role;
grant update (username, game_id) on public.profiles to authenticated;

-- A player proving a player ID is theirs: the check of their ID started through the game's API
-- (supabase/functions/verify-player-id, which the local server runs too), with the profile icon
-- they are asked to set in the game. One at a time per account, for ten minutes.
create table public.player_id_claims (
  user_id uuid primary key references auth.users (id) on delete cascade,
  player_id text not null,
  in_game_name text,
  icon_id integer not null,
  icon_name text not null,
  started_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table public.player_id_claims is
  'A pending proof that a player ID is the account''s: the profile icon to set in the game before expires_at.';

alter table public.player_id_claims enable row level security;

-- Written only by the verification (service role); the player reads their own.
revoke all on public.player_id_claims from public, anon, authenticated, service_role;
grant select on public.player_id_claims to authenticated;
grant select, insert, update, delete on public.player_id_claims to service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Players can read their own profile"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()));

create policy "Admins can read every profile"
  on public.profiles for select
  to authenticated
  using ((select private.is_admin()));

create policy "Players can read their own player ID check"
  on public.player_id_claims for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Players can update their own profile"
  on public.profiles for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- ============================================================================================
-- Functions
-- ============================================================================================

-- Trims the username and normalises the game ID, with messages the profile form can show as they are.
create function private.normalize_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.username := private.trim_space(new.username);
  if new.username is null or char_length(new.username) not between 2 and 30 then
    perform private.fail('username_length');
  end if;
  if private.has_invisible(new.username) then
    perform private.fail('username_invisible');
  end if;
  new.game_id := public.normalize_player_id(nullif(btrim(new.game_id), ''));
  -- The seed's form, or a real tag (which the game's API can verify).
  if new.game_id is not null and not private.player_id_valid(new.game_id, 'seed')
     and not private.player_id_valid(new.game_id, 'brawl_stars') then
    perform private.fail('game_id_format');
  end if;
  -- A verification holds for the ID it verified (the claim sets both at once).
  if tg_op = 'UPDATE' and new.game_id is distinct from old.game_id
     and new.game_id_verified_at is not distinct from old.game_id_verified_at then
    new.game_id_verified_at := null;
  end if;
  return new;
end
$$;
comment on function private.normalize_profile() is
  'Trigger: trims username, normalises game_id, and rejects values outside the rules with a readable message.';
revoke all on function private.normalize_profile() from public, anon, authenticated, service_role;

-- The profile trigger refuses a player ID that another account owns, with a message for people.
create function private.check_game_id_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.game_id is not null and exists (select 1 from public.profiles p where p.game_id = new.game_id and p.id <> new.id) then
    perform private.fail('game_id_taken');
  end if;
  return new;
end
$$;
comment on function private.check_game_id_owner() is
  'Trigger: one account per player ID, with a readable message.';
revoke all on function private.check_game_id_owner() from public, anon, authenticated, service_role;

-- Whether a player ID is free to claim, for the sign-up and profile forms (which cannot read others'
-- profiles). Only the answer leaves the database.
create function public.game_id_available(p_game_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.profiles p
    where p.game_id = public.normalize_player_id(p_game_id) and p.id is distinct from (select auth.uid())
  )
$$;
comment on function public.game_id_available(text) is 'True when no other account owns this player ID.';
revoke all on function public.game_id_available(text) from public, anon, authenticated, service_role;
grant execute on function public.game_id_available(text) to anon, authenticated, service_role;

-- ============================================================================================
-- Proving a player ID through the game
-- ============================================================================================

-- Profile icons a player is asked to set (the game's own default icons, by their id in the API).
create function private.claim_icons()
returns table (icon_id integer, icon_name text)
language sql
immutable
set search_path = ''
as $$
  values (28000000, 'Shelly'), (28000001, 'Colt'), (28000002, 'Bull'), (28000003, 'Brock'), (28000004, 'Rico'),
         (28000005, 'Spike'), (28000006, 'Barley'), (28000007, 'Jessie'), (28000008, 'Nita'), (28000009, 'Dynamike')
$$;
comment on function private.claim_icons() is 'The profile icons a player may be asked to set to prove a player ID.';
revoke all on function private.claim_icons() from public, anon, authenticated, service_role;

-- Starts a proof: the game's API said this tag exists (with this name and current icon); the player
-- is asked to set another icon within ten minutes. Called by the verification with the service role
-- for the signed-in player it checked.
create function public.start_player_id_claim(p_user_id uuid, p_player_id text, p_in_game_name text, p_current_icon integer)
returns public.player_id_claims
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id text := public.normalize_player_id(nullif(btrim(p_player_id), ''));
  v_claim public.player_id_claims;
begin
  if p_user_id is null then
    perform private.fail('sign_in_required');
  end if;
  if not private.player_id_valid(v_id, 'brawl_stars') then
    perform private.fail('game_id_format');
  end if;
  insert into public.player_id_claims (user_id, player_id, in_game_name, icon_id, icon_name, expires_at)
  select p_user_id, v_id, left(p_in_game_name, 60), i.icon_id, i.icon_name, now() + interval '10 minutes'
  from private.claim_icons() i
  where i.icon_id is distinct from p_current_icon
  order by random() limit 1
  on conflict (user_id) do update set player_id = excluded.player_id, in_game_name = excluded.in_game_name,
    icon_id = excluded.icon_id, icon_name = excluded.icon_name, started_at = now(), expires_at = excluded.expires_at
  returning * into v_claim;
  return v_claim;
end
$$;
comment on function public.start_player_id_claim(uuid, text, text, integer) is
  'Verification (service role): starts the proof that a player ID is the account''s, asking for a profile '
  'icon other than the current one.';
revoke all on function public.start_player_id_claim(uuid, text, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.start_player_id_claim(uuid, text, text, integer) to service_role;

-- Completes a proof: the game's API shows the icon asked for, so the player controls that tag. The
-- ID becomes theirs, verified; an account that had put it on its profile loses it, and its places
-- in tournaments not yet started are no longer linked to that account (no rights on teams through
-- an ID it did not own); the verified owner takes those back by registering with it.
create function public.complete_player_id_claim(p_user_id uuid, p_player_id text, p_icon_id integer)
returns public.profiles
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_claim public.player_id_claims;
  v_profile public.profiles;
begin
  select * into v_claim from public.player_id_claims where user_id = p_user_id for update;
  if not found or v_claim.player_id <> public.normalize_player_id(p_player_id) then
    perform private.fail('claim_not_started');
  end if;
  if v_claim.expires_at < now() then
    perform private.fail('claim_expired');
  end if;
  if p_icon_id is distinct from v_claim.icon_id then
    perform private.fail('claim_icon_mismatch', v_claim.icon_name);
  end if;
  update public.team_players tp set user_id = null, confirmed_at = null
  from public.tournaments t
  where t.id = tp.tournament_id and tp.player_id = v_claim.player_id and tp.user_id <> p_user_id
    and t.started_at is null and t.completed_at is null;
  update public.profiles set game_id = null where game_id = v_claim.player_id and id <> p_user_id;
  update public.profiles set game_id = v_claim.player_id, game_id_verified_at = now()
  where id = p_user_id returning * into v_profile;
  delete from public.player_id_claims where user_id = p_user_id;
  return v_profile;
end
$$;
comment on function public.complete_player_id_claim(uuid, text, integer) is
  'Verification (service role): the icon asked for is set in the game: the player ID becomes the '
  'account''s, verified, and leaves any other account.';
revoke all on function public.complete_player_id_claim(uuid, text, integer) from public, anon, authenticated, service_role;
grant execute on function public.complete_player_id_claim(uuid, text, integer) to service_role;

-- Sign-up: the auth service stores the form's username and game ID in raw_user_meta_data.
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_username text := nullif(private.trim_space(new.raw_user_meta_data ->> 'username'), '');
begin
  if v_username is null then
    -- No username given: the e-mail's local part, cut to the allowed length.
    v_username := left(btrim(split_part(coalesce(new.email, ''), '@', 1)), 30);
    if char_length(v_username) < 2 then
      v_username := 'player-' || left(new.id::text, 8);
    end if;
  end if;
  insert into public.profiles (id, email, username, game_id)
  values (new.id, coalesce(new.email, ''), v_username, new.raw_user_meta_data ->> 'game_id');
  return new;
end
$$;
comment on function private.handle_new_user() is
  'Trigger on auth.users insert: creates the profile from raw_user_meta_data (username, game_id).';
revoke all on function private.handle_new_user() from public, anon, authenticated, service_role;

create function private.sync_profile_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.profiles set email = coalesce(new.email, '') where id = new.id;
  return new;
end
$$;
comment on function private.sync_profile_email() is
  'Trigger on auth.users: copies a changed e-mail to the profile.';
revoke all on function private.sync_profile_email() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger normalize_profile
  before insert or update on public.profiles
  for each row execute function private.normalize_profile();

-- Named to run after normalize_profile (triggers fire in name order), on the normalised ID.
create trigger on_profile_game_id
  before insert or update of game_id on public.profiles
  for each row execute function private.check_game_id_owner();

create trigger set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.sync_profile_email();
