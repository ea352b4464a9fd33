-- Registrations: a team per (tournament, registering user) and its players in slot order. Clients
-- register only through public.register_team(), which locks the tournament row so the last slots
-- are never overfilled; the counter on tournaments moves in the same transaction.

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  team_name text
    constraint teams_team_name_length check (team_name is null or (team_name = btrim(team_name) and char_length(team_name) between 1 and 40)),
  registered_by uuid not null references auth.users (id) on delete cascade,
  registered_at timestamptz not null default now(),
  constraint teams_tournament_id_registered_by_key unique (tournament_id, registered_by)
);
comment on table public.teams is
  'One registration: the team a user entered in a tournament (team_name is null for 1v1).';
comment on column public.teams.registered_by is 'The signed-in user who registered the team; one team per user per tournament.';

-- Policies filter on registered_by ("my registrations").
create index teams_registered_by_idx on public.teams (registered_by);

create table public.team_players (
  team_id uuid not null references public.teams (id) on delete cascade,
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  slot smallint not null
    constraint team_players_slot_range check (slot between 1 and 3),
  player_id text not null
    constraint team_players_player_id_format check (player_id ~ '^#[A-Z0-9]{9}$'),
  in_game_name text not null
    constraint team_players_in_game_name_length check (in_game_name = btrim(in_game_name) and char_length(in_game_name) between 1 and 30),
  primary key (team_id, slot),
  constraint team_players_tournament_id_player_id_key unique (tournament_id, player_id)
);
comment on table public.team_players is
  'The players of a team, by slot. A player ID appears at most once per tournament.';
comment on column public.team_players.tournament_id is
  'Copied from the team (checked by a trigger) so a player ID can be unique per tournament.';
comment on column public.team_players.player_id is 'Normalised: # followed by 9 upper-case letters or digits.';

alter table public.teams enable row level security;
alter table public.team_players enable row level security;

-- team_players.tournament_id must be its team's tournament.
create function private.check_team_player_tournament()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament_id uuid;
begin
  select t.tournament_id into v_tournament_id from public.teams t where t.id = new.team_id;
  if new.tournament_id is distinct from v_tournament_id then
    raise exception 'A player must belong to the tournament of their team.';
  end if;
  return new;
end
$$;
comment on function private.check_team_player_tournament() is
  'Trigger: keeps team_players.tournament_id equal to the tournament of the player''s team.';
revoke execute on function private.check_team_player_tournament() from public;

create trigger check_team_player_tournament
  before insert or update of team_id, tournament_id on public.team_players
  for each row execute function private.check_team_player_tournament();

-- The counter follows every insert and delete of a team, whoever makes it (register_team, an admin's
-- delete, a cascade from a deleted account, the seed).
create function private.count_registered_teams()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update public.tournaments set registered_teams = registered_teams - 1 where id = old.tournament_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.tournaments set registered_teams = registered_teams + 1 where id = new.tournament_id;
  end if;
  return null;
end
$$;
comment on function private.count_registered_teams() is
  'Trigger: keeps tournaments.registered_teams equal to the number of teams, in the same transaction.';
revoke execute on function private.count_registered_teams() from public;

create trigger count_registered_teams
  after insert or delete or update of tournament_id on public.teams
  for each row execute function private.count_registered_teams();

create function public.register_team(p_tournament_id uuid, p_team_name text, p_players jsonb)
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
    v_team_name := nullif(btrim(p_team_name), '');
    if v_team_name is null then
      raise exception 'Team name is required.';
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
    v_name := nullif(btrim(case when jsonb_typeof(v_player) = 'object' then v_player ->> 'in_game_name' end), '');
    if v_name is null then
      raise exception 'In-game name is required for player %.', i;
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
comment on function public.register_team(uuid, text, jsonb) is
  'Registers the signed-in user''s team: p_players is a JSON array, in slot order, of {player_id, in_game_name}. '
  'Checks every registration rule, locks the tournament so the last slots cannot be overfilled, and raises '
  'a message meant for players (SQLSTATE P0001) when a rule fails.';
revoke execute on function public.register_team(uuid, text, jsonb) from public, anon, authenticated, service_role;
-- anon may call it to be told to sign in.
grant execute on function public.register_team(uuid, text, jsonb) to anon, authenticated, service_role;

-- No client writes registrations directly; players read their own, admins read and delete any.
revoke all on public.teams from anon, authenticated;
revoke all on public.team_players from anon, authenticated;
grant select, delete on public.teams to authenticated;
grant select, delete on public.team_players to authenticated;

create policy "Players can read their own registrations"
  on public.teams for select
  to authenticated
  using (registered_by = (select auth.uid()));

create policy "Admins can read every registration"
  on public.teams for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can delete registrations"
  on public.teams for delete
  to authenticated
  using ((select private.is_admin()));

create policy "Players can read the players of their own teams"
  on public.team_players for select
  to authenticated
  using (exists (
    select 1 from public.teams t
    where t.id = team_players.team_id and t.registered_by = (select auth.uid())
  ));

create policy "Admins can read every team player"
  on public.team_players for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can delete team players"
  on public.team_players for delete
  to authenticated
  using ((select private.is_admin()));

-- Live updates: the home list follows tournaments (registered_teams), a card follows teams.
alter publication supabase_realtime add table public.tournaments, public.teams;
