-- Text rules for what players type: names are trimmed of every Unicode white space (not only the
-- ASCII space btrim knows), and names with invisible characters (control and format characters,
-- line and paragraph separators: U+202E, U+200B, U+FEFF...) are refused, so a team name of one
-- no-break space or an in-game name that reverses the text around it cannot be registered.
-- Also: a tournament's type is fixed once teams are registered, and a banner path cannot start
-- with /\ (browsers read it as //, a link to another host).
-- The app's zod schemas (src/lib/text-rules.ts) apply the same rules with the same messages.

-- ============================================================================================
-- Helpers
-- ============================================================================================

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

-- Check constraints run with the writer's privileges, so the writers need to call them.
revoke execute on function private.trim_space(text), private.has_invisible(text) from public;
grant execute on function private.trim_space(text), private.has_invisible(text) to anon, authenticated, service_role;

-- ============================================================================================
-- Constraints
-- ============================================================================================

-- NOT VALID: the rules hold for every new or changed row; rows written before them are left as they
-- are rather than failing the migration on a live database.
alter table public.teams drop constraint teams_team_name_length;
alter table public.teams add constraint teams_team_name_rules check (
  team_name is null
  or (team_name = private.trim_space(team_name) and not private.has_invisible(team_name) and char_length(team_name) between 1 and 40)
) not valid;

alter table public.team_players drop constraint team_players_in_game_name_length;
alter table public.team_players add constraint team_players_in_game_name_rules check (
  in_game_name = private.trim_space(in_game_name) and not private.has_invisible(in_game_name) and char_length(in_game_name) between 1 and 30
) not valid;

alter table public.profiles drop constraint profiles_username_length;
alter table public.profiles add constraint profiles_username_rules check (
  username = private.trim_space(username) and not private.has_invisible(username) and char_length(username) between 2 and 30
) not valid;

-- A path is / and then neither / nor \ (both would make it a link to another host).
alter table public.tournaments drop constraint tournaments_thumbnail_url_format;
alter table public.tournaments add constraint tournaments_thumbnail_url_format check (
  char_length(thumbnail_url) <= 2048 and thumbnail_url ~ '^(https://[^\s/]+[^\s]*|/[^/\\\s][^\s]*)$'
) not valid;

-- ============================================================================================
-- Functions
-- ============================================================================================

create or replace function private.normalize_profile()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.username := private.trim_space(new.username);
  if new.username is null or char_length(new.username) not between 2 and 30 then
    raise exception 'Username must be between 2 and 30 characters.';
  end if;
  if private.has_invisible(new.username) then
    raise exception 'Username cannot contain invisible characters.';
  end if;
  new.game_id := public.normalize_player_id(nullif(btrim(new.game_id), ''));
  if new.game_id is not null and new.game_id !~ '^#[A-Z0-9]{9}$' then
    raise exception 'Invalid game ID format. Must be 9 characters with optional #.';
  end if;
  return new;
end
$$;

create or replace function private.handle_new_user()
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

create or replace function private.guard_tournament_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.name is distinct from old.name then
    raise exception 'Tournament name cannot be changed.';
  end if;
  -- Registered teams were entered with the old team size.
  if new.type is distinct from old.type and old.registered_teams > 0 then
    raise exception 'The type cannot change while teams are registered.';
  end if;
  if new.slots is distinct from old.slots and new.slots < new.registered_teams then
    raise exception 'Slots cannot be fewer than the teams already registered.';
  end if;
  -- A registration only moves the counter: that is not an edit of the tournament.
  if (new.description, new.thumbnail_url, new.slots, new.discord_link, new.type)
     is distinct from (old.description, old.thumbnail_url, old.slots, old.discord_link, old.type) then
    new.updated_at := now();
  end if;
  return new;
end
$$;
comment on function private.guard_tournament_update() is
  'Trigger: keeps the name fixed, the type fixed while teams are registered, slots at or above '
  'registered_teams, and stamps updated_at on edits.';

create or replace function public.register_team(p_tournament_id uuid, p_team_name text, p_players jsonb)
returns public.teams
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_tournament public.tournaments;
  v_size integer;
  v_team_name text;
  v_player jsonb;
  v_count integer;
  v_ids text[] := '{}';
  v_names text[] := '{}';
  v_id text;
  v_name text;
  v_taken text;
  v_constraint text;
  v_team public.teams;
begin
  if v_user_id is null then
    raise exception 'Please sign in to register.';
  end if;

  -- The lock serialises registrations per tournament: the capacity and duplicate checks below see
  -- every registration committed before this one.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament no longer exists.';
  end if;

  if exists (select 1 from public.teams t where t.tournament_id = p_tournament_id and t.registered_by = v_user_id) then
    raise exception 'You have already registered for this tournament.';
  end if;

  v_size := left(v_tournament.type, 1)::integer;
  if v_size = 1 then
    v_team_name := null;
  else
    v_team_name := nullif(private.trim_space(p_team_name), '');
    if v_team_name is null then
      raise exception 'Team name is required.';
    end if;
    if private.has_invisible(v_team_name) then
      raise exception 'Team name cannot contain invisible characters.';
    end if;
    if char_length(v_team_name) > 40 then
      raise exception 'Team name must be 40 characters or fewer.';
    end if;
  end if;

  v_count := case when jsonb_typeof(p_players) = 'array' then jsonb_array_length(p_players) else 0 end;
  if v_count <> v_size then
    raise exception '%', case v_size
      when 1 then 'A 1v1 registration needs exactly 1 player.'
      else format('A %sv%s team needs exactly %s players.', v_size, v_size, v_size)
    end;
  end if;

  for i in 1 .. v_size loop
    v_player := p_players -> (i - 1);
    v_name := nullif(private.trim_space(case when jsonb_typeof(v_player) = 'object' then v_player ->> 'in_game_name' end), '');
    if v_name is null then
      raise exception 'In-game name is required for player %.', i;
    end if;
    if private.has_invisible(v_name) then
      raise exception 'In-game name for player % cannot contain invisible characters.', i;
    end if;
    if char_length(v_name) > 30 then
      raise exception 'In-game name for player % must be 30 characters or fewer.', i;
    end if;
    v_names := v_names || v_name;
  end loop;

  for i in 1 .. v_size loop
    v_player := p_players -> (i - 1);
    v_id := public.normalize_player_id(v_player ->> 'player_id');
    if v_id is null or v_id !~ '^#[A-Z0-9]{9}$' then
      raise exception 'Invalid player ID format. Must be 9 characters with optional #.';
    end if;
    v_ids := v_ids || v_id;
  end loop;

  for i in 2 .. v_size loop
    if v_ids[i] = any (v_ids[1:i - 1]) then
      raise exception 'Player ID % is entered more than once.', v_ids[i];
    end if;
  end loop;

  select p.id into v_taken
  from unnest(v_ids) with ordinality as p (id, slot)
  where exists (select 1 from public.team_players tp where tp.tournament_id = p_tournament_id and tp.player_id = p.id)
  order by p.slot
  limit 1;
  if v_taken is not null then
    raise exception 'Player ID % is already registered.', v_taken;
  end if;

  if v_tournament.registered_teams >= v_tournament.slots then
    raise exception 'The tournament is full';
  end if;

  begin
    insert into public.teams (tournament_id, team_name, registered_by)
    values (p_tournament_id, v_team_name, v_user_id)
    returning * into v_team;

    insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
    select v_team.id, p_tournament_id, p.slot, p.id, v_names[p.slot]
    from unnest(v_ids) with ordinality as p (id, slot);
  exception when unique_violation then
    -- Only reachable if something registers without taking the lock above; answer as the checks would.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'team_players_tournament_id_player_id_key' then
      select p.id into v_taken
      from unnest(v_ids) with ordinality as p (id, slot)
      where exists (select 1 from public.team_players tp where tp.tournament_id = p_tournament_id and tp.player_id = p.id)
      order by p.slot
      limit 1;
      raise exception 'Player ID % is already registered.', coalesce(v_taken, v_ids[1]);
    end if;
    raise exception 'You have already registered for this tournament.';
  end;

  return v_team;
end
$$;
