-- Registrations: a team per (tournament, registering user), its players in slot order, and the
-- waitlist. Clients register only through register_team(), which locks the tournament row so the last
-- slots are never overfilled; the counters on tournaments move in the same transaction. A player ID
-- entered in a team is linked to the account that owns it: that teammate sees the team, confirms their
-- place or leaves it, and the captain fills an empty place until check-in closes.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  team_name text,
  registered_by uuid not null references auth.users (id) on delete cascade,
  -- The waitlist is first come, first served: the moment of the insert, not of its transaction's start.
  registered_at timestamptz not null default clock_timestamp(),
  status text not null default 'registered'
    constraint teams_status_check check (status in ('registered', 'waitlisted')),
  promoted_at timestamptz,
  checked_in_at timestamptz,
  seed integer constraint teams_seed_positive check (seed is null or seed > 0),
  constraint teams_tournament_id_registered_by_key unique (tournament_id, registered_by)
);
comment on table public.teams is
  'One registration: the team a user entered in a tournament (team_name is null for 1v1).';
comment on column public.teams.registered_by is
  'The signed-in user who registered the team; one team per user per tournament.';
comment on column public.teams.status is
  'registered (holds a slot) or waitlisted (in line for one, ordered by registered_at).';
comment on column public.teams.promoted_at is 'When the team moved from the waitlist to a slot.';
comment on column public.teams.checked_in_at is 'When the captain (or an administrator) checked the team in.';
comment on column public.teams.seed is
  'Seed set by the administrator before the start, for manual seeding (1 is the top seed).';

-- Names are trimmed of every Unicode white space and refused with invisible characters (U+202E,
-- U+200B, ...). NOT VALID: rows written before the rule are left as they were.
alter table public.teams add constraint teams_team_name_rules check (
  team_name is null
  or (team_name = private.trim_space(team_name) and not private.has_invisible(team_name) and char_length(team_name) between 1 and 40)
) not valid;

-- Policies filter on registered_by ("my registrations").
create index teams_registered_by_idx on public.teams (registered_by);
create index teams_waitlist_idx on public.teams (tournament_id, registered_at) where status = 'waitlisted';

alter table public.teams enable row level security;

-- No client writes registrations directly; players read their own, admins read and delete any.
revoke all on public.teams from public, anon, authenticated, service_role;
grant select, delete on public.teams to authenticated;
grant insert, select, update, delete on public.teams to service_role;

create table public.team_players (
  team_id uuid not null references public.teams (id) on delete cascade,
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  slot smallint not null
    constraint team_players_slot_range check (slot between 1 and 3),
  player_id text not null
    constraint team_players_player_id_format
    check (private.player_id_valid(player_id, 'seed') or private.player_id_valid(player_id, 'brawl_stars')),
  in_game_name text not null,
  user_id uuid references auth.users (id) on delete set null,
  confirmed_at timestamptz,
  -- A claimed player ID is not a seat on the team: the captain accepts the account that claims it.
  accepted_at timestamptz,
  primary key (team_id, slot),
  constraint team_players_tournament_id_player_id_key unique (tournament_id, player_id)
);
comment on table public.team_players is
  'The players of a team, by slot. A player ID appears at most once per tournament.';
comment on column public.team_players.tournament_id is
  'Copied from the team (checked by a trigger) so a player ID can be unique per tournament.';
comment on column public.team_players.player_id is
  'Normalised: # followed by 9 upper-case letters or digits, or a real tag (the tournament''s player_id_rule).';
comment on column public.team_players.user_id is
  'The account that owns this player ID (profiles.game_id) when the player was entered; it sees the team.';
comment on column public.team_players.confirmed_at is
  'When that account confirmed its place (the captain''s own place is confirmed at once).';
comment on column public.team_players.accepted_at is
  'When the captain accepted that account on the team (the captain and a verified owner at once); with '
  'confirmed_at, it makes the account a member.';

-- NOT VALID, as teams_team_name_rules.
alter table public.team_players add constraint team_players_in_game_name_rules check (
  in_game_name = private.trim_space(in_game_name) and not private.has_invisible(in_game_name) and char_length(in_game_name) between 1 and 30
) not valid;

create index team_players_user_id_idx on public.team_players (user_id) where user_id is not null;

alter table public.team_players enable row level security;

revoke all on public.team_players from public, anon, authenticated, service_role;
grant select, delete on public.team_players to authenticated;
grant insert, select, update, delete on public.team_players to service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

-- Is the caller on this team (its captain, or a player whose ID they own)? Security definer: the
-- policies of teams and team_players ask it of each other, which plain subqueries would recurse on.
create function private.is_team_member(p_team_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.teams t where t.id = p_team_id and t.registered_by = (select auth.uid()))
      or exists (select 1 from public.team_players tp where tp.team_id = p_team_id and tp.user_id = (select auth.uid())
                 and tp.confirmed_at is not null and tp.accepted_at is not null)
$$;
comment on function private.is_team_member(uuid) is
  'True when the caller registered the team, or confirmed a place on it with a player ID they own and the '
  'captain accepted them (a verified ID is accepted at once). The one definition of a team''s members.';
revoke all on function private.is_team_member(uuid) from public, anon, authenticated, service_role;
grant execute on function private.is_team_member(uuid) to authenticated;

-- An account whose player ID a captain entered is invited, not yet on the team: it sees the team (to
-- confirm or decline) and its own place, not the others' player IDs nor the Discord invite. Before,
-- whoever owned the ID when it was entered read all of it at once, and leaving cleared the team's
-- check-in.
create function private.is_invited(p_team_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.team_players tp where tp.team_id = p_team_id and tp.user_id = (select auth.uid()))
$$;
comment on function private.is_invited(uuid) is
  'True when a place of the team was entered with a player ID the caller owns (confirmed, accepted or not).';
revoke all on function private.is_invited(uuid) from public, anon, authenticated, service_role;
grant execute on function private.is_invited(uuid) to authenticated;

create policy "Players can read their own registrations"
  on public.teams for select
  to authenticated
  using (registered_by = (select auth.uid()));

create policy "Teammates can read their teams"
  on public.teams for select
  to authenticated
  using ((select private.is_team_member(id)));

create policy "Invited players can read the teams that entered them"
  on public.teams for select
  to authenticated
  using ((select private.is_invited(id)));

create policy "Staff can read the registrations of their tournaments"
  on public.teams for select
  to authenticated
  using ((select private.can_moderate(tournament_id)));

create policy "Organisers can delete registrations"
  on public.teams for delete
  to authenticated
  using ((select private.can_organise(tournament_id)));

create policy "Players can read the players of their own teams"
  on public.team_players for select
  to authenticated
  using (exists (
    select 1 from public.teams t
    where t.id = team_players.team_id and t.registered_by = (select auth.uid())
  ));

create policy "Teammates can read the players of their teams"
  on public.team_players for select
  to authenticated
  using ((select private.is_team_member(team_id)));

create policy "Players can read their own places"
  on public.team_players for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Staff can read the players of their tournaments"
  on public.team_players for select
  to authenticated
  using ((select private.can_moderate(tournament_id)));

create policy "Organisers can delete team players"
  on public.team_players for delete
  to authenticated
  using ((select private.can_organise(tournament_id)));

-- ============================================================================================
-- Registering
-- ============================================================================================

-- A player who finds their own player ID on another team of the tournament takes it back by
-- registering with it: a place they were invited to and did not confirm is declined, and once their
-- ownership is verified (through the game, profiles.game_id_verified_at) so is a place entered with
-- it before it was theirs (a captain's guess, or a squatter's solo registration). A team left with no
-- player is withdrawn; a team left with an empty place is no longer checked in. Places the owner
-- confirmed stay: they agreed to them.
create function private.release_player_id(p_tournament_id uuid, p_player_id text, p_owner uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_verified boolean;
  v_place record;
begin
  select p.game_id_verified_at is not null into v_verified
  from public.profiles p where p.id = p_owner and p.game_id = p_player_id;
  if not found then
    return;
  end if;
  for v_place in
    delete from public.team_players tp
    using public.teams t
    where t.id = tp.team_id and tp.tournament_id = p_tournament_id and tp.player_id = p_player_id
      and t.registered_by <> p_owner and tp.confirmed_at is null
      and (tp.user_id = p_owner or (tp.user_id is null and v_verified))
    returning tp.team_id
  loop
    if not exists (select 1 from public.team_players tp where tp.team_id = v_place.team_id) then
      delete from public.teams where id = v_place.team_id;
    else
      update public.teams set checked_in_at = null where id = v_place.team_id;
    end if;
  end loop;
end
$$;
comment on function private.release_player_id(uuid, text, uuid) is
  'Frees the owner''s player ID in a tournament from places they did not confirm: invitations to them, '
  'and once verified, places entered with it by others.';
revoke all on function private.release_player_id(uuid, text, uuid) from public, anon, authenticated, service_role;

create function public.register_team(p_tournament_id uuid, p_team_name text, p_players jsonb, p_waitlist boolean default false)
returns public.teams
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_tournament public.tournaments;
  v_existing text;
  v_size integer;
  v_team_name text;
  v_player jsonb;
  v_count integer;
  v_ids text[] := '{}';
  v_names text[] := '{}';
  v_id text;
  v_name text;
  v_taken text;
  v_taken_slot integer;
  v_status text := 'registered';
  v_constraint text;
  v_team public.teams;
begin
  if v_user_id is null then
    perform private.fail('sign_in_to_register');
  end if;

  -- The lock serialises registrations per tournament: the capacity and duplicate checks below see
  -- every registration committed before this one.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  if v_tournament.cancelled_at is not null then
    perform private.fail('tournament_cancelled');
  end if;
  if v_tournament.started_at is not null or v_tournament.completed_at is not null
     or (v_tournament.starts_at is not null and now() >= public.registration_closes(v_tournament)) then
    perform private.fail('registration_closed');
  end if;

  select t.status into v_existing from public.teams t where t.tournament_id = p_tournament_id and t.registered_by = v_user_id;
  if v_existing = 'waitlisted' then
    perform private.fail('already_waitlisted');
  elsif v_existing is not null then
    perform private.fail('already_registered');
  end if;

  v_size := left(v_tournament.type, 1)::integer;
  if v_size = 1 then
    v_team_name := null;
  else
    v_team_name := nullif(private.trim_space(p_team_name), '');
    if v_team_name is null then
      perform private.fail('team_name_required');
    end if;
    if private.has_invisible(v_team_name) then
      perform private.fail('team_name_invisible');
    end if;
    if char_length(v_team_name) > 40 then
      perform private.fail('team_name_length');
    end if;
  end if;

  v_count := case when jsonb_typeof(p_players) = 'array' then jsonb_array_length(p_players) else 0 end;
  if v_count <> v_size then
    if v_size = 1 then
      perform private.fail('solo_needs_one_player');
    end if;
    perform private.fail('team_needs_players', v_size::text);
  end if;

  for i in 1 .. v_size loop
    v_player := p_players -> (i - 1);
    v_name := nullif(private.trim_space(case when jsonb_typeof(v_player) = 'object' then v_player ->> 'in_game_name' end), '');
    if v_name is null then
      perform private.fail('in_game_name_required', i::text);
    end if;
    if private.has_invisible(v_name) then
      perform private.fail('in_game_name_invisible', i::text);
    end if;
    if char_length(v_name) > 30 then
      perform private.fail('in_game_name_length', i::text);
    end if;
    v_names := v_names || v_name;
  end loop;

  for i in 1 .. v_size loop
    v_player := p_players -> (i - 1);
    v_id := public.normalize_player_id(v_player ->> 'player_id');
    if not private.player_id_valid(v_id, v_tournament.player_id_rule) then
      perform private.fail(case v_tournament.player_id_rule when 'brawl_stars' then 'player_tag_format' else 'player_id_format' end,
                           i::text);
    end if;
    v_ids := v_ids || v_id;
  end loop;

  for i in 2 .. v_size loop
    if v_ids[i] = any (v_ids[1:i - 1]) then
      perform private.fail('player_id_repeated', v_ids[i], i::text);
    end if;
  end loop;

  -- The registering player's own ID, found where they never agreed to be, is theirs back.
  perform private.release_player_id(p_tournament_id, x.id, v_user_id) from unnest(v_ids) x (id);

  -- Registered and waitlisted teams alike: a player ID appears once per tournament.
  select p.id, p.slot into v_taken, v_taken_slot
  from unnest(v_ids) with ordinality as p (id, slot)
  where exists (select 1 from public.team_players tp where tp.tournament_id = p_tournament_id and tp.player_id = p.id)
  order by p.slot
  limit 1;
  if v_taken is not null then
    perform private.fail('player_id_registered', v_taken, v_taken_slot::text);
  end if;

  -- A solo registration is the registering player's own place: another account's player ID would
  -- hold that player out of the tournament without their consent (a team enters it as an invitation).
  if v_size = 1 and exists (select 1 from public.profiles p where p.game_id = v_ids[1] and p.id <> v_user_id) then
    perform private.fail('player_id_owned', v_ids[1], '1');
  end if;

  if v_tournament.registered_teams >= v_tournament.slots then
    if not coalesce(p_waitlist, false) then
      perform private.fail('tournament_full');
    end if;
    v_status := 'waitlisted';
  end if;

  begin
    insert into public.teams (tournament_id, team_name, registered_by, status)
    values (p_tournament_id, v_team_name, v_user_id, v_status)
    returning * into v_team;

    insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
    select v_team.id, p_tournament_id, p.slot, p.id, v_names[p.slot]
    from unnest(v_ids) with ordinality as p (id, slot);
  exception when unique_violation then
    -- Only reachable if something registers without taking the lock above; answer as the checks would.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'team_players_tournament_id_player_id_key' then
      select p.id, p.slot into v_taken, v_taken_slot
      from unnest(v_ids) with ordinality as p (id, slot)
      where exists (select 1 from public.team_players tp where tp.tournament_id = p_tournament_id and tp.player_id = p.id)
      order by p.slot
      limit 1;
      perform private.fail('player_id_registered', coalesce(v_taken, v_ids[1]), coalesce(v_taken_slot, 1)::text);
    end if;
    perform private.fail('already_registered');
  end;

  return v_team;
end
$$;
comment on function public.register_team(uuid, text, jsonb, boolean) is
  'Registers the signed-in user''s team: p_players is a JSON array, in slot order, of {player_id, '
  'in_game_name}. When the tournament is full, p_waitlist puts the team on the waitlist instead of '
  'refusing it. Checks every rule (schedule included), locks the tournament so the last slots cannot be '
  'overfilled, and raises a message meant for players (SQLSTATE P0001) when a rule fails.';
revoke all on function public.register_team(uuid, text, jsonb, boolean) from public, anon, authenticated, service_role;
grant execute on function public.register_team(uuid, text, jsonb, boolean) to anon, authenticated, service_role;

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
    perform private.fail('player_team_mismatch');
  end if;
  return new;
end
$$;
comment on function private.check_team_player_tournament() is
  'Trigger: keeps team_players.tournament_id equal to the tournament of the player''s team.';
revoke all on function private.check_team_player_tournament() from public, anon, authenticated, service_role;

-- A player ID entered in a team is linked to the account that owns it; the captain's own place is
-- confirmed at once, anyone else confirms theirs.
create function private.link_team_player()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_captain uuid;
  v_verified boolean := false;
begin
  if tg_op = 'UPDATE' and new.player_id is not distinct from old.player_id then
    return new;
  end if;
  select p.id, p.game_id_verified_at is not null into new.user_id, v_verified
  from public.profiles p where p.game_id = new.player_id;
  select t.registered_by into v_captain from public.teams t where t.id = new.team_id;
  new.confirmed_at := case when new.user_id is not null and new.user_id = v_captain then now() end;
  -- The captain's own place, and an ID its owner proved in the game, need no acceptance; any other
  -- account that claims the ID waits for the captain to accept it (accept_team_player).
  new.accepted_at := case when new.user_id = v_captain or v_verified then now() end;
  return new;
end
$$;
comment on function private.link_team_player() is
  'Trigger: links a team player to the account owning the player ID, confirms the captain''s own place and '
  'accepts the captain and a verified owner at once.';
revoke all on function private.link_team_player() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Counters and the waitlist
-- ============================================================================================

-- registered_teams and waitlisted_teams follow every insert, delete and status change of a team.
create function private.count_registered_teams()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update public.tournaments
    set registered_teams = registered_teams - (old.status = 'registered')::int,
        waitlisted_teams = waitlisted_teams - (old.status = 'waitlisted')::int
    where id = old.tournament_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.tournaments
    set registered_teams = registered_teams + (new.status = 'registered')::int,
        waitlisted_teams = waitlisted_teams + (new.status = 'waitlisted')::int
    where id = new.tournament_id;
  end if;
  return null;
end
$$;
comment on function private.count_registered_teams() is
  'Trigger: keeps tournaments.registered_teams and waitlisted_teams equal to the teams in each status, '
  'in the same transaction.';
revoke all on function private.count_registered_teams() from public, anon, authenticated, service_role;

-- Fills free slots from the waitlist, first come first served, under the tournament row's lock so
-- concurrent frees promote each waitlisted team exactly once. After check-in has been settled only
-- checked-in teams are promoted (a team that missed check-in cannot take a slot then).
create function private.promote_waitlist(p_tournament_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_team uuid;
  v_promoted integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found or v_tournament.cancelled_at is not null or v_tournament.started_at is not null then
    return 0;
  end if;
  while v_tournament.registered_teams < v_tournament.slots loop
    select t.id into v_team
    from public.teams t
    where t.tournament_id = p_tournament_id and t.status = 'waitlisted'
      and (v_tournament.checkin_settled_at is null or t.checked_in_at is not null)
    order by t.registered_at, t.id
    limit 1;
    exit when v_team is null;
    update public.teams set status = 'registered', promoted_at = now() where id = v_team;
    v_promoted := v_promoted + 1;
    select * into v_tournament from public.tournaments where id = p_tournament_id;
  end loop;
  return v_promoted;
end
$$;
comment on function private.promote_waitlist(uuid) is
  'Moves waitlisted teams into free slots in waitlist order, under the tournament lock; returns how many moved.';
revoke all on function private.promote_waitlist(uuid) from public, anon, authenticated, service_role;

-- A slot frees whoever frees it: a withdrawal, an administrator's removal, a deleted account.
create function private.promote_after_team_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'registered' then
    perform private.promote_waitlist(old.tournament_id);
  end if;
  return null;
end
$$;
comment on function private.promote_after_team_delete() is
  'Trigger: a deleted registered team''s slot goes to the waitlist.';
revoke all on function private.promote_after_team_delete() from public, anon, authenticated, service_role;

-- More slots take teams from the waitlist too.
create function private.promote_after_more_slots()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.slots > old.slots then
    perform private.promote_waitlist(new.id);
  end if;
  return null;
end
$$;
comment on function private.promote_after_more_slots() is 'Trigger: added slots go to the waitlist.';
revoke all on function private.promote_after_more_slots() from public, anon, authenticated, service_role;

-- A waitlisted team's place in line (1 = next), as a computed field of teams. The row is read again
-- from the table by its id: called as an rpc, the argument is whatever the client wrote.
create function public.waitlist_position(t public.teams)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when r.status = 'waitlisted' then (
    select count(*)::int + 1 from public.teams w
    where w.tournament_id = r.tournament_id and w.status = 'waitlisted' and (w.registered_at, w.id) < (r.registered_at, r.id)
  ) end
  from public.teams r where r.id = t.id
$$;
comment on function public.waitlist_position(teams) is
  'A waitlisted team''s place in line (1 is next); null when registered.';
revoke all on function public.waitlist_position(teams) from public, anon, authenticated, service_role;
grant execute on function public.waitlist_position(teams) to authenticated, service_role;

-- ============================================================================================
-- Changing a team: withdrawing, teammates confirming, leaving and being named
-- ============================================================================================

-- Once check-in has closed (or the tournament has started), the roster is fixed: no withdrawal,
-- leaving or filling a place. One definition for the functions that change a team.
create function private.roster_closed(t public.tournaments)
returns boolean
language sql
stable
set search_path = ''
as $$
  select t.started_at is not null or t.completed_at is not null
      or (t.starts_at is not null and now() >= public.checkin_closes(t))
$$;
comment on function private.roster_closed(tournaments) is
  'True once check-in has closed or the tournament has started: the teams can no longer change.';
revoke all on function private.roster_closed(tournaments) from public, anon, authenticated, service_role;

-- Locks the tournament of a team (so team changes are serialised with registrations and promotions)
-- and returns its id; refuses the anonymous and a team that is gone.
create function private.lock_team(p_team_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament_id uuid;
begin
  if (select auth.uid()) is null then
    perform private.fail('sign_in_required');
  end if;
  select t.tournament_id into v_tournament_id from public.teams t where t.id = p_team_id;
  if v_tournament_id is null then
    perform private.fail('registration_gone');
  end if;
  perform 1 from public.tournaments where id = v_tournament_id for update;
  -- Re-read under the lock: a concurrent withdrawal may have removed the team meanwhile.
  if not exists (select 1 from public.teams t where t.id = p_team_id) then
    perform private.fail('registration_gone');
  end if;
  return v_tournament_id;
end
$$;
comment on function private.lock_team(uuid) is
  'Locks a team''s tournament row and returns its id, or says the team is gone.';
revoke all on function private.lock_team(uuid) from public, anon, authenticated, service_role;

-- The captain withdraws the team (registered or waitlisted) until check-in closes; the slot frees at
-- once and the waitlist moves up in the same transaction.
create function public.withdraw_team(p_team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by <> (select auth.uid()) then
    perform private.fail('captain_only_withdraw');
  end if;
  if private.roster_closed(v_tournament) then
    perform private.fail('withdrawals_closed');
  end if;
  delete from public.teams where id = p_team_id;
end
$$;
comment on function public.withdraw_team(uuid) is
  'The captain withdraws the team until check-in closes; the waitlist moves up.';
revoke all on function public.withdraw_team(uuid) from public, anon, authenticated, service_role;
grant execute on function public.withdraw_team(uuid) to authenticated;

-- A player entered by a captain confirms their place, or leaves the team (freeing the place for the
-- captain to fill before check-in).
create function public.confirm_team_place(p_team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.fail('sign_in_required');
  end if;
  update public.team_players set confirmed_at = coalesce(confirmed_at, now())
  where team_id = p_team_id and user_id = (select auth.uid());
  if not found then
    perform private.fail('not_on_team');
  end if;
end
$$;
comment on function public.confirm_team_place(uuid) is
  'A player confirms the place their captain entered them in.';
revoke all on function public.confirm_team_place(uuid) from public, anon, authenticated, service_role;
grant execute on function public.confirm_team_place(uuid) to authenticated;

create function public.leave_team(p_team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
  v_confirmed boolean;
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by = (select auth.uid()) then
    perform private.fail('captain_withdraws');
  end if;
  if private.roster_closed(v_tournament) then
    perform private.fail('checkin_closed');
  end if;
  delete from public.team_players where team_id = p_team_id and user_id = (select auth.uid())
  returning confirmed_at is not null and accepted_at is not null into v_confirmed;
  if not found then
    perform private.fail('not_on_team');
  end if;
  -- A team with an empty place is no longer ready: the captain checks in again once it is filled.
  -- Declining an invitation (never confirmed, or never accepted by the captain) does not: an account
  -- that claims the ID a captain typed cannot undo the team's check-in just before it closes.
  if v_confirmed then
    update public.teams set checked_in_at = null where id = p_team_id;
  end if;
end
$$;
comment on function public.leave_team(uuid) is
  'A player leaves a team they were entered in, until check-in closes.';
revoke all on function public.leave_team(uuid) from public, anon, authenticated, service_role;
grant execute on function public.leave_team(uuid) to authenticated;

-- The captain accepts the account that claims a place's player ID, or turns it away: the place keeps
-- its ID and in-game name, no longer linked to that account. Until accepted, the account is only
-- invited (its own place, no team details, no invite); a verified ID is accepted at once.
create function public.accept_team_player(p_team_id uuid, p_slot integer, p_accept boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by <> (select auth.uid()) then
    perform private.fail('captain_only_change');
  end if;
  if private.roster_closed(v_tournament) then
    perform private.fail('checkin_closed');
  end if;
  if not exists (select 1 from public.team_players tp
                 where tp.team_id = p_team_id and tp.slot = p_slot and tp.user_id is not null
                   and tp.user_id <> v_team.registered_by) then
    perform private.fail('no_account_to_accept');
  end if;
  if coalesce(p_accept, false) then
    update public.team_players set accepted_at = coalesce(accepted_at, now())
    where team_id = p_team_id and slot = p_slot;
  else
    update public.team_players set user_id = null, confirmed_at = null, accepted_at = null
    where team_id = p_team_id and slot = p_slot;
  end if;
end
$$;
comment on function public.accept_team_player(uuid, integer, boolean) is
  'The captain accepts the account that claims a place''s player ID (it becomes a member once it '
  'confirms), or turns it away (the place stays, unlinked), until check-in closes.';
revoke all on function public.accept_team_player(uuid, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function public.accept_team_player(uuid, integer, boolean) to authenticated;

-- Who claims a place, for the captain deciding whether to accept them: the linked account's username
-- (profiles are private to their owner). Read from the table by the place's key, never from the
-- argument, so a made-up row reveals nothing.
create function public.linked_username(tp public.team_players)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.username
  from public.team_players x
  join public.teams t on t.id = x.team_id
  join public.profiles p on p.id = x.user_id
  where x.team_id = tp.team_id and x.slot = tp.slot
    and (t.registered_by = (select auth.uid()) or (select private.can_moderate(t.tournament_id)))
$$;
comment on function public.linked_username(team_players) is
  'Computed field: the username of the account that claims a place''s player ID, for the team''s captain '
  'and administrators; null for anyone else.';
revoke all on function public.linked_username(team_players) from public, anon, authenticated, service_role;
grant execute on function public.linked_username(team_players) to authenticated, service_role;

-- The captain names a player for an empty place (after someone left), under the same rules as a
-- registration.
create function public.fill_team_place(p_team_id uuid, p_slot integer, p_player_id text, p_in_game_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
  v_id text := public.normalize_player_id(p_player_id);
  v_name text := nullif(private.trim_space(p_in_game_name), '');
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by <> (select auth.uid()) then
    perform private.fail('captain_only_change');
  end if;
  if private.roster_closed(v_tournament) then
    perform private.fail('checkin_closed');
  end if;
  if p_slot is null or p_slot < 1 or p_slot > left(v_tournament.type, 1)::int then
    perform private.fail('place_not_on_team');
  end if;
  if exists (select 1 from public.team_players tp where tp.team_id = p_team_id and tp.slot = p_slot) then
    perform private.fail('place_taken');
  end if;
  if v_name is null then
    perform private.fail('in_game_name_required', p_slot::text);
  end if;
  if private.has_invisible(v_name) then
    perform private.fail('in_game_name_invisible', p_slot::text);
  end if;
  if char_length(v_name) > 30 then
    perform private.fail('in_game_name_length', p_slot::text);
  end if;
  if not private.player_id_valid(v_id, v_tournament.player_id_rule) then
    perform private.fail(case v_tournament.player_id_rule when 'brawl_stars' then 'player_tag_format' else 'player_id_format' end,
                         p_slot::text);
  end if;
  if exists (select 1 from public.team_players tp where tp.tournament_id = v_team.tournament_id and tp.player_id = v_id) then
    perform private.fail('player_id_registered', v_id, p_slot::text);
  end if;
  insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
  values (p_team_id, v_team.tournament_id, p_slot, v_id, v_name);
end
$$;
comment on function public.fill_team_place(uuid, integer, text, text) is
  'The captain fills an empty place of the team.';
revoke all on function public.fill_team_place(uuid, integer, text, text) from public, anon, authenticated, service_role;
grant execute on function public.fill_team_place(uuid, integer, text, text) to authenticated;

-- ============================================================================================
-- What players and visitors may read of a tournament's teams
-- ============================================================================================

-- The Discord link, for the people it is for: the team's players, the captain and administrators.
create function public.discord_link(p_tournament_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.discord_link from public.tournament_invites i
  where i.tournament_id = p_tournament_id
    and ((select private.can_moderate(i.tournament_id))
      or exists (
        select 1 from public.teams tm
        where tm.tournament_id = i.tournament_id and tm.status = 'registered'
          and (select private.is_team_member(tm.id))))
$$;
comment on function public.discord_link(uuid) is
  'The tournament''s Discord link for its registered captains, their confirmed players and administrators; '
  'null for anyone else.';
revoke all on function public.discord_link(uuid) from public, anon, authenticated, service_role;
grant execute on function public.discord_link(uuid) to anon, authenticated, service_role;

-- The invite as a computed field of a tournament row, so a list can select it beside the columns.
create function public.discord_invite(t public.tournaments)
returns text
language sql
stable
set search_path = ''
as $$ select public.discord_link(t.id) $$;
comment on function public.discord_invite(tournaments) is
  'Computed field: the tournament''s Discord link for its registered players and administrators; null '
  'for anyone else.';
revoke all on function public.discord_invite(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.discord_invite(tournaments) to anon, authenticated, service_role;

-- What anyone may know of a tournament's field, for its public page: team names, the in-game names
-- of their players, waitlist order and check-in. Never player IDs or accounts.
create function public.tournament_teams(p_tournament_id uuid)
returns table (team_id uuid, team_name text, status text, waitlist_position integer, checked_in boolean, in_game_names text[])
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.team_name, t.status,
         case when t.status = 'waitlisted'
           then (row_number() over (partition by t.status order by t.registered_at, t.id))::int end,
         t.checked_in_at is not null,
         array(select tp.in_game_name from public.team_players tp where tp.team_id = t.id order by tp.slot)
  from public.teams t
  where t.tournament_id = p_tournament_id
  order by t.status, t.registered_at, t.id
$$;
comment on function public.tournament_teams(uuid) is
  'The public field of a tournament: each team''s name, status, waitlist position, check-in and in-game names.';
revoke all on function public.tournament_teams(uuid) from public, anon, authenticated, service_role;
grant execute on function public.tournament_teams(uuid) to anon, authenticated, service_role;

-- Profiles are private to their owner; a team's members may know its captain's username, and only
-- that. Security definer: the caller cannot read the captain's profile row. The captain is read from
-- the table by the team's id, never from the argument: as an rpc (`rpc/captain_username`) the row is
-- whatever the client wrote, and a made-up registered_by revealed any account's username.
create function public.captain_username(t public.teams)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.username from public.teams r join public.profiles p on p.id = r.registered_by
  where r.id = t.id
    and ((select private.is_team_member(r.id)) or (select private.is_invited(r.id)) or (select private.can_moderate(r.tournament_id)))
$$;
comment on function public.captain_username(teams) is
  'The username of the player who registered the team, for its members and administrators; null for anyone else.';
revoke all on function public.captain_username(teams) from public, anon, authenticated, service_role;
grant execute on function public.captain_username(teams) to authenticated, service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger check_team_player_tournament
  before insert or update of team_id, tournament_id on public.team_players
  for each row execute function private.check_team_player_tournament();

create trigger link_team_player
  before insert or update of player_id on public.team_players
  for each row execute function private.link_team_player();

create trigger count_registered_teams
  after insert or delete or update of tournament_id, status on public.teams
  for each row execute function private.count_registered_teams();

create trigger promote_after_team_delete
  after delete on public.teams
  for each row execute function private.promote_after_team_delete();

create trigger promote_after_more_slots
  after update of slots on public.tournaments
  for each row execute function private.promote_after_more_slots();
