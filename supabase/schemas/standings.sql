-- Standings and what follows from them: each team's place while a tournament runs and when it
-- completes (kept in placements, so the leaderboard and the champions read a few rows instead of
-- every bracket), the champion, the leaderboard across completed tournaments, and the signed-in
-- player's next match.

-- ============================================================================================
-- Tables
-- ============================================================================================

-- In public so that backups (auth and public) keep it; public to read, like the standings it comes from.
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

alter table public.placements enable row level security;

revoke all on public.placements from public, anon, authenticated, service_role;
grant select on public.placements to anon, authenticated, service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Everyone can read the final placements"
  on public.placements for select to anon, authenticated
  using (true);

-- ============================================================================================
-- Standings
-- ============================================================================================

-- Swiss standings: wins (a bye is a win), then Buchholz (the wins of the opponents met), then
-- head-to-head (wins against teams level on wins), then game difference, then the seed of the start,
-- so every team has its own rank. The pairing ranks teams by it too (brackets.sql).
create function public.swiss_standings(p_tournament_id uuid)
returns table (team_id uuid, rank integer, wins integer, losses integer, byes integer, buchholz integer,
               head_to_head integer, game_difference integer, seed integer)
language sql
stable
security definer
set search_path = ''
as $$
  with teams as (
    select t.id as team_id, t.seed from public.teams t
    join public.tournaments r on r.id = t.tournament_id
    where t.tournament_id = p_tournament_id and t.seed is not null and r.started_at is not null and r.format = 'swiss'
  ),
  results as (
    select x.team_id, x.opponent_id, m.winner_id = x.team_id as won, m.is_bye, coalesce(x.difference, 0) as difference
    from public.matches m
    cross join lateral (values (m.team1_id, m.team2_id, m.team1_score - m.team2_score),
                               (m.team2_id, m.team1_id, m.team2_score - m.team1_score)) x (team_id, opponent_id, difference)
    where m.tournament_id = p_tournament_id and m.bracket = 'swiss' and m.confirmed_at is not null and x.team_id is not null
  ),
  records as (
    select t.team_id, t.seed,
      (select count(*) from results r where r.team_id = t.team_id and r.won)::integer as wins,
      (select count(*) from results r where r.team_id = t.team_id and not r.won and not r.is_bye)::integer as losses,
      (select count(*) from results r where r.team_id = t.team_id and r.is_bye)::integer as byes,
      (select coalesce(sum(r.difference), 0) from results r where r.team_id = t.team_id and not r.is_bye)::integer as game_difference
    from teams t
  )
  select r.team_id,
    (rank() over (order by r.wins desc, b.buchholz desc, h.head_to_head desc, r.game_difference desc, r.seed))::integer,
    r.wins, r.losses, r.byes, b.buchholz, h.head_to_head, r.game_difference, r.seed
  from records r
  cross join lateral (
    select coalesce(sum(o.wins), 0)::integer as buchholz from results x join records o on o.team_id = x.opponent_id
    where x.team_id = r.team_id and not x.is_bye
  ) b
  cross join lateral (
    select count(*)::integer as head_to_head from results x join records o on o.team_id = x.opponent_id
    where x.team_id = r.team_id and x.won and not x.is_bye and o.wins = r.wins
  ) h
  order by 2
$$;
comment on function public.swiss_standings(uuid) is
  'A Swiss tournament''s standings over its Swiss rounds: wins (byes count), Buchholz (opponents'' wins), '
  'head-to-head among teams level on wins, game difference, then seed: one rank per team.';
revoke all on function public.swiss_standings(uuid) from public, anon, authenticated, service_role;
grant execute on function public.swiss_standings(uuid) to anon, authenticated, service_role;

create function public.standings(p_tournament_id uuid)
returns table (team_id uuid, group_number integer, placement integer, wins integer, losses integer, game_difference integer,
              seed integer)
language sql
stable
security definer
set search_path = ''
as $$
  with played as (
    -- A played match with one team left (the other removed after the start, results.sql) and no winner
    -- was won by the removed team: the team left lost it.
    select m.*, case when m.winner_id is null then coalesce(m.team1_id, m.team2_id)
                     when m.winner_id = m.team1_id then m.team2_id else m.team1_id end as loser_id
    from public.matches m
    where m.tournament_id = p_tournament_id and m.confirmed_at is not null and not m.is_bye and m.bracket <> 'swiss'
  ),
  -- A Swiss tournament's teams out of its top cut (or all, before it or without one) are placed by
  -- their Swiss rank, below the cut's places; the cut's teams as in an elimination bracket.
  swiss as (
    select s.* from public.swiss_standings(p_tournament_id) s
    where not exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.bracket <> 'swiss'
                      and s.team_id in (m.team1_id, m.team2_id))
  ),
  teams as (
    select distinct x.team_id, m.group_number
    from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (team_id)
    where m.tournament_id = p_tournament_id and x.team_id is not null and m.bracket <> 'swiss'
  ),
  records as (
    select t.team_id, t.group_number, (select s.seed from public.teams s where s.id = t.team_id) as seed,
      (select count(*) from played p where p.winner_id = t.team_id)::integer as wins,
      (select count(*) from played p where p.loser_id = t.team_id)::integer as losses,
      (select coalesce(sum(case when p.team1_id = t.team_id then p.team1_score - p.team2_score
                                 else p.team2_score - p.team1_score end), 0)
       from played p where t.team_id in (p.team1_id, p.team2_id))::integer as game_difference,
      -- Wins against the teams with as many wins: the head-to-head tiebreak.
      (select count(*) from played p where p.winner_id = t.team_id
         and (select count(*) from played q where q.winner_id = p.loser_id)
           = (select count(*) from played q where q.winner_id = t.team_id))::integer as head_to_head,
      -- How far an eliminated team went: the last match that took its last life (any loss in single
      -- elimination, a losers-bracket or grand-final loss in double elimination).
      (select max(case p.bracket when 'grand_final' then 1000 + p.round else p.round end) from played p
       where p.loser_id = t.team_id
         and (p.bracket <> 'winners'
              or not exists (select 1 from public.matches x where x.tournament_id = p_tournament_id and x.bracket = 'grand_final'))
      ) as out_at,
      (select m.winner_id from public.matches m where m.tournament_id = p_tournament_id and m.winner_id is not null
         and m.next_match_id is null and m.bracket in ('winners', 'grand_final') and (select t2.completed_at from public.tournaments t2 where t2.id = p_tournament_id) is not null
       order by m.bracket = 'grand_final' desc, m.round desc limit 1) as champion_id,
      t.team_id in (select x.team_id from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (team_id)
                    where m.tournament_id = p_tournament_id and m.bracket <> 'group') as elimination
    from teams t
  )
  select r.team_id, r.group_number,
    case when not r.elimination then
      (rank() over (partition by r.group_number order by r.wins desc, r.head_to_head desc, r.game_difference desc,
                                                       r.seed nulls last))::integer
    else
      (rank() over (partition by r.elimination order by r.team_id = r.champion_id desc nulls last, r.out_at desc nulls first))::integer
    end,
    r.wins, r.losses, r.game_difference, r.seed
  from records r
  union all
  select s.team_id, 1, s.rank, s.wins, s.losses, s.game_difference, s.seed from swiss s
  order by 3, 2, 4 desc
$$;
comment on function public.standings(uuid) is
  'Standings of a tournament: elimination by the round a team lost in (1st, 2nd, 3rd-4th, 5th-8th...); '
  'round robin per group by wins, then head-to-head wins among teams level on wins, then game '
  'difference, then the seed recorded at the start (so one team is first); Swiss by its Swiss rank '
  '(swiss_standings), the top cut''s teams as in elimination. seed is that recorded seed.';
revoke all on function public.standings(uuid) from public, anon, authenticated, service_role;
grant execute on function public.standings(uuid) to anon, authenticated, service_role;

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
      then (rank() over (order by s.placement, s.wins desc, s.game_difference desc, s.seed nulls last))::integer
      else s.placement end
  from public.tournaments t cross join lateral public.standings(t.id) s
  where t.id = p_tournament_id
$$;
comment on function private.final_placements(uuid) is
  'Each team''s place in a tournament; round robin groups are merged by place in group, wins, game '
  'difference, then seed.';
revoke all on function private.final_placements(uuid) from public, anon, authenticated, service_role;

-- A team out of an elimination bracket finishes, whatever happens next, at 1 + the number of teams
-- that go out later or win: the bracket's teams less those out at its level or before. Those are
-- one per match at those levels that is (or will be) played: byes eliminate no one, and a match
-- with an empty slot whose feeders are all decided is a bye to come (in double elimination, a
-- losers-bracket side fed only by byes). Counting the still-unplayed matches of its own round as
-- shared places (as before) took those byes to come for eliminations, one place too good.
create function private.current_placement(p_tournament_id uuid, p_team_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  with bracket as (
    select m.*, case when m.bracket = 'grand_final' then 1000 + m.round else m.round end as level
    from public.matches m
    where m.tournament_id = p_tournament_id
      -- The matches whose loser is out: all in single elimination; losers bracket and grand final in
      -- double. Swiss rounds put no one out.
      and m.bracket <> 'swiss'
      and (m.bracket <> 'winners'
           or not exists (select 1 from public.matches g where g.tournament_id = p_tournament_id and g.bracket = 'grand_final'))
  ),
  out_at as (
    select max(b.level) as level from bracket b
    where b.confirmed_at is not null and not b.is_bye
      and b.winner_id is distinct from p_team_id and p_team_id in (b.team1_id, b.team2_id)
  ),
  out_by_then as (
    select count(*)::integer as teams from bracket b, out_at o
    where b.level <= o.level and not b.is_bye
      and (b.confirmed_at is not null
           or not exists (select 1 from (values (1::smallint, b.team1_id), (2::smallint, b.team2_id)) s (slot, team_id)
                          where s.team_id is null
                            and not exists (select 1 from public.matches f
                                            where f.tournament_id = p_tournament_id and f.confirmed_at is null
                                            and ((f.next_match_id = b.id and f.next_slot = s.slot)
                                                 or (f.loser_next_match_id = b.id and f.loser_next_slot = s.slot)))))
  )
  -- The standings are read only when they decide (they are the whole tournament's: a team put out
  -- mid-bracket, told its place at once, would otherwise cost a full standings per elimination).
  select case
    when t.completed_at is not null or t.format = 'round_robin' or o.level is null then
      (select p.placement from private.final_placements(p_tournament_id) p where p.team_id = p_team_id)
    else (select count(distinct x.team_id)::integer + 1 - (select teams from out_by_then)
          from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (team_id)
          -- A Swiss top cut's places are among its own teams.
          where m.tournament_id = p_tournament_id and x.team_id is not null and m.bracket <> 'swiss')
  end
  from public.tournaments t
  cross join out_at o
  where t.id = p_tournament_id
$$;
comment on function private.current_placement(uuid, uuid) is
  'A team''s place now: final when completed, current in round robin, and once out of an elimination '
  'bracket the place it keeps whatever the rest of the bracket does (teams in the bracket less those '
  'out at its level or before, byes to come included).';
revoke all on function private.current_placement(uuid, uuid) from public, anon, authenticated, service_role;

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
revoke all on function private.record_placements() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Champions and the leaderboard
-- ============================================================================================

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
comment on function private.champion_team(uuid) is
  'The one team in first place of a completed tournament, or null.';
revoke all on function private.champion_team(uuid) from public, anon, authenticated, service_role;

create function public.champion(t public.tournaments)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when r.completed_at is not null and r.cancelled_at is null
    then private.team_display_name(private.champion_team(r.id)) end
  from public.tournaments r where r.id = t.id
$$;
comment on function public.champion(tournaments) is
  'The champion of a completed tournament (team name, or the player''s in-game name in 1v1); null before.';
revoke all on function public.champion(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.champion(tournaments) to anon, authenticated, service_role;

-- The top three places of a completed tournament, for its card and page: [{placement, name}], a
-- shared place listed once per team; empty before the end.
create function public.podium(t public.tournaments)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('placement', p.placement, 'name', private.team_display_name(p.team_id))
                            order by p.placement, private.team_display_name(p.team_id)), '[]'::jsonb)
  from public.placements p
  join public.tournaments r on r.id = p.tournament_id
  where p.tournament_id = t.id and p.placement <= 3 and r.completed_at is not null and r.cancelled_at is null
$$;
comment on function public.podium(tournaments) is
  'The first three places of a completed tournament as [{placement, name}] (team name, or the player''s in-game name in 1v1).';
revoke all on function public.podium(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.podium(tournaments) to anon, authenticated, service_role;

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
comment on function public.recent_champions(integer) is
  'The latest completed tournaments and their champions, newest first (1 to 50).';
revoke all on function public.recent_champions(integer) from public, anon, authenticated, service_role;
grant execute on function public.recent_champions(integer) to anon, authenticated, service_role;

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
revoke all on function public.placement_points(integer) from public, anon, authenticated, service_role;
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
  'Players (by player ID, shown by their latest in-game name) ranked across completed tournaments by '
  'points (placement_points), then titles, then finals, then best placement; players still level share '
  'the rank. Pages of 1 to 100; total is the number of ranked players. Never shows player IDs.';
revoke all on function public.leaderboard(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.leaderboard(integer, integer) to anon, authenticated, service_role;

-- ============================================================================================
-- The signed-in player's next match
-- ============================================================================================

create function public.my_next_match(p_tournament_id uuid default null)
returns table (
  tournament_id uuid, tournament_name text, team_id uuid, team_name text, status text,
  match_id uuid, round_label text, opponent_team_name text, opponent_in_game_names text[],
  best_of smallint, maps jsonb, state text, can_report boolean, can_confirm boolean, placement integer,
  dispute_comment text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform private.fail('sign_in_required');
  end if;
  return query
  with mine as (
    select tm.id, tm.tournament_id, tm.registered_by = (select auth.uid()) as captain, t.name, t.format, t.completed_at
    from public.teams tm join public.tournaments t on t.id = tm.tournament_id
    where tm.status = 'registered' and t.started_at is not null and t.cancelled_at is null
      and (p_tournament_id is null or t.id = p_tournament_id)
      -- In the bracket: a team that missed check-in has no match and no place.
      and exists (select 1 from public.matches x where x.tournament_id = t.id and tm.id in (x.team1_id, x.team2_id))
      and (select private.is_team_member(tm.id))
  )
  select my.tournament_id, my.name, my.id, private.team_display_name(my.id),
    case when (c.cur).id is not null then 'match' when my.completed_at is not null then 'completed'
         when my.format = 'round_robin' then 'waiting'
         when my.format = 'swiss' and not exists (select 1 from public.matches x where x.tournament_id = my.tournament_id
                                                  and x.bracket <> 'swiss') then 'waiting'
         else 'eliminated' end,
    (c.cur).id, public.round_label(c.cur),
    private.team_display_name(o.team_id),
    case when o.team_id is not null
      then array(select tp.in_game_name from public.team_players tp where tp.team_id = o.team_id order by tp.slot) end,
    (c.cur).best_of, (c.cur).maps, c.state,
    coalesce(my.captain and c.state = 'ready', false),
    coalesce(my.captain and c.state = 'awaiting_confirmation' and (c.cur).reported_by <> (select auth.uid()), false),
    case when (c.cur).id is null then private.current_placement(my.tournament_id, my.id) end,
    case when c.state = 'disputed' then (c.cur).dispute_comment end
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
  'The signed-in player''s tournaments that have started (or only p_tournament_id): status match with '
  'the current match (round, opponent and their in-game names, best-of, modes and maps, state, whether '
  'they can report or confirm; a disputed match waits for an administrator, with the dispute''s '
  'comment), or waiting (round robin, all played for now), eliminated or completed with their '
  'placement. Matches that need an action come first.';
revoke all on function public.my_next_match(uuid) from public, anon, authenticated, service_role;
grant execute on function public.my_next_match(uuid) to authenticated, service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger record_placements
  after update of completed_at on public.tournaments
  for each row when (old.completed_at is distinct from new.completed_at)
  execute function private.record_placements();
