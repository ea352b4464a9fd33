-- Brackets II: what a round is played as (best-of, and per game a Brawl Stars mode and map), the
-- signed-in player's next match, the champion of a completed tournament, and the leaderboard across
-- completed tournaments. Every rule is here, so it holds on hosted Supabase too.

-- ============================================================================================
-- Tables
-- ============================================================================================

-- A round's settings live on its matches (set_round_settings writes every match of the round at once),
-- so report_match and set_match_result check scores against the round's best-of as before, and a
-- reset of the bracket takes its settings with it.
alter table public.matches
  add column maps jsonb not null default '[]'
    constraint matches_maps_is_array check (jsonb_typeof(maps) = 'array');
comment on column public.matches.maps is
  'The round''s games as the administrator set them: [{"mode": "Gem Grab"|null, "map": "Hard Rock Mine"|null}, ...], '
  'at most best_of entries; game n is played on entry n. Written only by set_round_settings.';

-- Final placements, written when a tournament completes (and removed if a correction reopens it), so
-- the leaderboard and the champions read a few rows instead of every bracket's standings. In public
-- so that backups (auth and public) keep it; public to read, like the standings it comes from.
create table public.placements (
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  team_id uuid not null references public.teams (id) on delete cascade,
  placement integer not null constraint placements_placement_positive check (placement > 0),
  primary key (tournament_id, team_id)
);
comment on table public.placements is
  'Each team''s final place in a completed tournament; written only by the trigger on tournaments.completed_at.';
create index placements_team_id_idx on public.placements (team_id);
create index placements_first_idx on public.placements (tournament_id) where placement = 1;
create index tournaments_completed_at_idx on public.tournaments (completed_at desc) where completed_at is not null;

alter table public.placements enable row level security;
revoke all on public.placements from public, anon, authenticated, service_role;
grant select on public.placements to anon, authenticated, service_role;

create policy "Everyone can read the final placements"
  on public.placements for select to anon, authenticated
  using (true);

-- ============================================================================================
-- Round labels and display names (computed fields)
-- ============================================================================================

create function public.round_label(m public.matches)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with last as (
    select max(x.round) filter (where x.bracket = m.bracket and x.group_number = m.group_number) as round,
           bool_or(x.bracket = 'grand_final') as double,
           count(distinct x.group_number) filter (where x.bracket = 'group') as groups
    from public.matches x where x.tournament_id = m.tournament_id
  )
  select case
    when m.bracket = 'grand_final' then case when m.round = 1 then 'Grand final' else 'Grand final reset' end
    when m.bracket = 'group' then
      case when l.groups > 1 then 'Group ' || m.group_number || ', round ' || m.round else 'Round ' || m.round end
    when m.bracket = 'losers' then case when m.round = l.round then 'Losers final' else 'Losers round ' || m.round end
    when l.double then case when m.round = l.round then 'Winners final' else 'Winners round ' || m.round end
    when m.round = l.round then 'Final'
    when m.round = l.round - 1 then 'Semi-final'
    when m.round = l.round - 2 then 'Quarter-final'
    else 'Round ' || m.round
  end
  from last l
$$;
comment on function public.round_label(public.matches) is
  'The round as people say it: Final, Semi-final, Quarter-final, Round n; Winners/Losers round n and final, '
  'Grand final (reset) in double elimination; Round n (Group g, round n) in round robin.';
revoke execute on function public.round_label(public.matches) from public;
grant execute on function public.round_label(public.matches) to anon, authenticated, service_role;

-- A team as the public sees it: its name, or for a solo team its player's in-game name.
create function private.team_display_name(p_team_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(t.team_name,
                  (select tp.in_game_name from public.team_players tp where tp.team_id = t.id order by tp.slot limit 1))
  from public.teams t where t.id = p_team_id
$$;
comment on function private.team_display_name(uuid) is 'A team''s name, or its first player''s in-game name for a solo team.';
revoke execute on function private.team_display_name(uuid) from public;

-- ============================================================================================
-- Per-round settings
-- ============================================================================================

create function private.brawl_modes()
returns text[]
language sql
immutable
set search_path = ''
as $$ select array['Gem Grab', 'Brawl Ball', 'Heist', 'Bounty', 'Knockout', 'Hot Zone', 'Duels'] $$;
comment on function private.brawl_modes() is 'The Brawl Stars modes a round can be played in (Duels for 1v1 only).';
revoke execute on function private.brawl_modes() from public;

create function public.set_round_settings(p_tournament_id uuid, p_bracket text, p_round integer, p_best_of integer,
                                          p_maps jsonb default '[]')
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_game jsonb;
  v_mode text;
  v_map text;
  v_maps jsonb := '[]';
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can change a round''s settings.';
  end if;
  if p_best_of is null or p_best_of not in (1, 3, 5) then
    raise exception 'A match is a best of 1, 3 or 5.';
  end if;
  p_maps := coalesce(p_maps, '[]');
  if jsonb_typeof(p_maps) <> 'array' then
    raise exception 'The games are a list of a mode and a map each.';
  end if;
  if jsonb_array_length(p_maps) > p_best_of then
    raise exception 'A best of % has at most % games: remove the extra maps.', p_best_of, p_best_of;
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament no longer exists.';
  end if;
  for v_game in select * from jsonb_array_elements(p_maps) loop
    if jsonb_typeof(v_game) <> 'object' or exists (select 1 from jsonb_object_keys(v_game) k where k not in ('mode', 'map'))
       or jsonb_typeof(coalesce(v_game->'mode', 'null')) not in ('string', 'null')
       or jsonb_typeof(coalesce(v_game->'map', 'null')) not in ('string', 'null') then
      raise exception 'The games are a list of a mode and a map each.';
    end if;
    v_mode := nullif(private.trim_space(v_game->>'mode'), '');
    v_map := nullif(private.trim_space(v_game->>'map'), '');
    if v_mode is not null and v_mode <> all (private.brawl_modes()) then
      raise exception 'The mode is one of Gem Grab, Brawl Ball, Heist, Bounty, Knockout, Hot Zone or Duels.';
    end if;
    if v_mode = 'Duels' and v_tournament.type <> '1v1' then
      raise exception 'Duels is a 1v1 mode: choose another mode for a % tournament.', v_tournament.type;
    end if;
    if v_map is not null and (char_length(v_map) > 50 or private.has_invisible(v_map)) then
      raise exception 'A map name has at most 50 characters, without invisible ones.';
    end if;
    v_maps := v_maps || jsonb_build_array(jsonb_build_object('mode', v_mode, 'map', v_map));
  end loop;
  if v_tournament.completed_at is not null then
    raise exception 'This tournament is completed: its rounds can no longer change.';
  end if;
  if not exists (select 1 from public.matches m where m.tournament_id = p_tournament_id
                 and m.bracket = p_bracket and m.round = p_round) then
    raise exception 'This round is not in the bracket (rounds exist once the tournament has started).';
  end if;
  if exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.bracket = p_bracket
             and m.round = p_round and not m.is_bye and (m.reported_at is not null or m.confirmed_at is not null)) then
    raise exception 'This round has a result already: its settings can no longer change.';
  end if;
  update public.matches set best_of = p_best_of, maps = v_maps
  where tournament_id = p_tournament_id and bracket = p_bracket and round = p_round;
end
$$;
comment on function public.set_round_settings(uuid, text, integer, integer, jsonb) is
  'Administrator: a round''s best-of (1, 3, 5) and per game an optional mode and map, until the round''s first '
  'reported result. Duels only in 1v1. Results of the round are then checked against this best-of.';
revoke execute on function public.set_round_settings(uuid, text, integer, integer, jsonb) from public;
grant execute on function public.set_round_settings(uuid, text, integer, integer, jsonb) to authenticated, service_role;

-- ============================================================================================
-- Champion and placements
-- ============================================================================================

-- Final placements of a tournament for the leaderboard: the standings, and in round robin with
-- groups one order across the groups (place in the group, then wins, then game difference).
create function private.final_placements(p_tournament_id uuid)
returns table (team_id uuid, placement integer)
language sql
stable
security definer
set search_path = ''
as $$
  select s.team_id,
    case when t.format = 'round_robin'
      then (rank() over (order by s.placement, s.wins desc, s.game_difference desc))::integer
      else s.placement end
  from public.tournaments t cross join lateral public.standings(t.id) s
  where t.id = p_tournament_id
$$;
comment on function private.final_placements(uuid) is
  'Each team''s place in a tournament; round robin groups are merged by place in group, wins, game difference.';
revoke execute on function private.final_placements(uuid) from public;

create function private.record_placements()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.placements where tournament_id = new.id;
  if new.completed_at is not null then
    insert into public.placements (tournament_id, team_id, placement)
    select new.id, p.team_id, p.placement from private.final_placements(new.id) p;
  end if;
  return null;
end
$$;
comment on function private.record_placements() is
  'Trigger: records the final placements when a tournament completes, and removes them when it is reopened.';
revoke execute on function private.record_placements() from public;

create trigger record_placements
  after update of completed_at on public.tournaments
  for each row when (old.completed_at is distinct from new.completed_at)
  execute function private.record_placements();

insert into public.placements (tournament_id, team_id, placement)
select t.id, p.team_id, p.placement
from public.tournaments t cross join lateral private.final_placements(t.id) p
where t.completed_at is not null;

create function private.champion_team(p_tournament_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select case when count(*) = 1 then min(p.team_id::text)::uuid end
  from public.placements p
  where p.tournament_id = p_tournament_id and p.placement = 1
$$;
comment on function private.champion_team(uuid) is 'The one team in first place of a completed tournament, or null.';
revoke execute on function private.champion_team(uuid) from public;

create function public.champion(t public.tournaments)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when t.completed_at is not null and t.cancelled_at is null
    then private.team_display_name(private.champion_team(t.id)) end
$$;
comment on function public.champion(public.tournaments) is
  'The champion of a completed tournament (team name, or the player''s in-game name in 1v1); null before.';
revoke execute on function public.champion(public.tournaments) from public;
grant execute on function public.champion(public.tournaments) to anon, authenticated, service_role;

create function public.recent_champions(p_limit integer default 5)
returns table (tournament_id uuid, tournament_name text, type text, champion text, completed_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.name, t.type, private.team_display_name(c.team_id), t.completed_at
  from public.tournaments t
  cross join lateral (select private.champion_team(t.id) as team_id) c
  where t.completed_at is not null and t.cancelled_at is null and c.team_id is not null
  order by t.completed_at desc, t.id
  limit least(greatest(coalesce(p_limit, 5), 1), 50)
$$;
comment on function public.recent_champions(integer) is 'The latest completed tournaments and their champions, newest first (1 to 50).';
revoke execute on function public.recent_champions(integer) from public;
grant execute on function public.recent_champions(integer) to anon, authenticated, service_role;

-- ============================================================================================
-- Leaderboard
-- ============================================================================================

create function public.placement_points(p_placement integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case when p_placement = 1 then 10 when p_placement = 2 then 7 when p_placement <= 4 then 5
              when p_placement <= 8 then 3 else 1 end
$$;
comment on function public.placement_points(integer) is
  'Leaderboard points for a place in a completed tournament: 1st 10, 2nd 7, 3rd-4th 5, 5th-8th 3, any other place 1.';
revoke execute on function public.placement_points(integer) from public;
grant execute on function public.placement_points(integer) to anon, authenticated, service_role;

create function public.leaderboard(p_limit integer default 50, p_offset integer default 0)
returns table (rank integer, in_game_name text, points integer, titles integer, finals integer, best_placement integer,
               tournaments_played integer, is_me boolean, total integer)
language sql
stable
security definer
set search_path = ''
as $$
  with results as (
    select tp.player_id, tp.in_game_name, t.completed_at, p.placement
    from public.placements p
    join public.tournaments t on t.id = p.tournament_id
    join public.team_players tp on tp.team_id = p.team_id
    where t.cancelled_at is null
  ),
  players as (
    select r.player_id,
      (array_agg(r.in_game_name order by r.completed_at desc))[1] as in_game_name,
      sum(public.placement_points(r.placement))::integer as points,
      (count(*) filter (where r.placement = 1))::integer as titles,
      (count(*) filter (where r.placement = 2))::integer as finals,
      min(r.placement)::integer as best_placement,
      count(*)::integer as tournaments_played
    from results r
    group by r.player_id
  ),
  ranked as (
    select (rank() over (order by p.points desc, p.titles desc, p.finals desc, p.best_placement))::integer as rank, p.*,
      (count(*) over ())::integer as total
    from players p
  )
  select r.rank, r.in_game_name, r.points, r.titles, r.finals, r.best_placement, r.tournaments_played,
    coalesce(r.player_id = (select pr.game_id from public.profiles pr where pr.id = (select auth.uid())), false),
    r.total
  from ranked r
  order by r.rank, r.in_game_name, r.player_id
  limit least(greatest(coalesce(p_limit, 50), 1), 100)
  offset greatest(coalesce(p_offset, 0), 0)
$$;
comment on function public.leaderboard(integer, integer) is
  'Players (by player ID, shown by their latest in-game name) ranked across completed tournaments by points '
  '(placement_points), then titles, then finals, then best placement; players still level share the rank. '
  'Pages of 1 to 100; total is the number of ranked players. Never shows player IDs.';
revoke execute on function public.leaderboard(integer, integer) from public;
grant execute on function public.leaderboard(integer, integer) to anon, authenticated, service_role;

-- A team's place while the tournament goes on. Completed: the final placement. Round robin: the
-- current standing. Out of an elimination bracket: the standings count every team still in as above;
-- but of the matches still to play in the round that put this team out, each loser will share its
-- place, so each such match counts once, not twice.
create function private.current_placement(p_tournament_id uuid, p_team_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  with lost as (
    select m.bracket, m.round from public.matches m
    where m.tournament_id = p_tournament_id and m.confirmed_at is not null and not m.is_bye
      and m.winner_id is not null and m.winner_id <> p_team_id and p_team_id in (m.team1_id, m.team2_id)
    order by m.confirmed_at desc, m.bracket = 'grand_final' desc, m.round desc limit 1
  )
  select case
    when t.completed_at is not null or t.format = 'round_robin' then p.placement
    else p.placement - (select count(*)::integer from public.matches m join lost l on (l.bracket, l.round) = (m.bracket, m.round)
                        where m.tournament_id = p_tournament_id and m.confirmed_at is null)
  end
  from public.tournaments t join private.final_placements(p_tournament_id) p on p.team_id = p_team_id
  where t.id = p_tournament_id
$$;
comment on function private.current_placement(uuid, uuid) is
  'A team''s place now: final when completed, current in round robin, and once out of an elimination bracket the '
  'place it keeps whatever the rest of its round does.';
revoke execute on function private.current_placement(uuid, uuid) from public;

-- ============================================================================================
-- The signed-in player's next match
-- ============================================================================================

create function public.my_next_match(p_tournament_id uuid default null)
returns table (
  tournament_id uuid, tournament_name text, team_id uuid, team_name text, status text,
  match_id uuid, round_label text, opponent_team_name text, opponent_in_game_names text[],
  best_of smallint, maps jsonb, state text, can_report boolean, can_confirm boolean, placement integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Please sign in.';
  end if;
  return query
  with mine as (
    select tm.id, tm.tournament_id, tm.registered_by = (select auth.uid()) as captain, t.name, t.format, t.completed_at
    from public.teams tm join public.tournaments t on t.id = tm.tournament_id
    where tm.status = 'registered' and t.started_at is not null and t.cancelled_at is null
      and (p_tournament_id is null or t.id = p_tournament_id)
      -- In the bracket: a team that missed check-in has no match and no place.
      and exists (select 1 from public.matches x where x.tournament_id = t.id and tm.id in (x.team1_id, x.team2_id))
      and (tm.registered_by = (select auth.uid())
           or exists (select 1 from public.team_players tp where tp.team_id = tm.id and tp.user_id = (select auth.uid())))
  )
  select my.tournament_id, my.name, my.id, private.team_display_name(my.id),
    case when (c.cur).id is not null then 'match' when my.completed_at is not null then 'completed'
         when my.format = 'round_robin' then 'waiting' else 'eliminated' end,
    (c.cur).id, public.round_label(c.cur),
    private.team_display_name(o.team_id),
    case when o.team_id is not null
      then array(select tp.in_game_name from public.team_players tp where tp.team_id = o.team_id order by tp.slot) end,
    (c.cur).best_of, (c.cur).maps, c.state,
    coalesce(my.captain and c.state in ('ready', 'disputed'), false),
    coalesce(my.captain and c.state = 'awaiting_confirmation' and (c.cur).reported_by <> (select auth.uid()), false),
    case when (c.cur).id is null then private.current_placement(my.tournament_id, my.id) end
  from mine my
  left join lateral (
    select x as cur, public.state(x) as state from public.matches x
    where x.tournament_id = my.tournament_id and x.confirmed_at is null and my.id in (x.team1_id, x.team2_id)
    order by x.round, x.bracket = 'grand_final', x.position limit 1
  ) c on true
  left join lateral (select case when (c.cur).team1_id = my.id then (c.cur).team2_id else (c.cur).team1_id end as team_id) o on true
  order by (c.cur).id is null, c.state = 'waiting_for_opponent', my.completed_at desc nulls first, my.name;
end
$$;
comment on function public.my_next_match(uuid) is
  'The signed-in player''s tournaments that have started (or only p_tournament_id): status match with the current '
  'match (round, opponent and their in-game names, best-of, modes and maps, state, whether they can report or '
  'confirm), or waiting (round robin, all played for now), eliminated or completed with their placement. Matches '
  'that need an action come first.';
revoke execute on function public.my_next_match(uuid) from public;
grant execute on function public.my_next_match(uuid) to authenticated, service_role;
