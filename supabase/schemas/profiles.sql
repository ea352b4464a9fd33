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
    constraint profiles_game_id_format check (game_id is null or game_id ~ '^#[A-Z0-9]{9}$'),
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
  'Normalised like a player ID (#, 9 letters/digits, upper case), or null.';
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
  if new.game_id is not null and new.game_id !~ '^#[A-Z0-9]{9}$' then
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
