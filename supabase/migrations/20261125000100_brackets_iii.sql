-- Brackets III: a disputed result is settled by an administrator only; a team's place while an
-- elimination bracket runs is the place it keeps; round robin has one champion and a total order
-- (the seed recorded at the start breaks the last tie); double elimination's bracket reset is optional.

-- ============================================================================================
-- Reporting: a disputed match waits for an administrator
-- ============================================================================================

create or replace function public.report_match(p_match_id uuid, p_games jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
  v_score record;
begin
  v_match := private.lock_match_for_captain(p_match_id);
  if v_match.confirmed_at is not null then
    raise exception 'This result is already confirmed.';
  end if;
  -- A captain's new report would clear the other captain's dispute without anyone settling it.
  if v_match.disputed_at is not null then
    raise exception 'This result is disputed: an administrator settles it.';
  end if;
  v_score := private.score_games(v_match.best_of, p_games);
  update public.matches set
    games = p_games, team1_score = v_score.team1_score, team2_score = v_score.team2_score,
    winner_id = case when v_score.team1_score > v_score.team2_score then team1_id else team2_id end,
    reported_by = (select auth.uid()), reported_at = now(), disputed_at = null, dispute_comment = null
  where id = p_match_id;
end
$$;
comment on function public.report_match(uuid, jsonb) is
  'Either captain reports the games of a match; the other confirms or disputes. A disputed match is settled by an administrator.';

create or replace function public.confirm_match(p_match_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
begin
  v_match := private.lock_match_for_captain(p_match_id);
  if v_match.confirmed_at is not null then
    return; -- Already confirmed (the other captain's click got there first): nothing moves twice.
  end if;
  if v_match.disputed_at is not null then
    raise exception 'This result is disputed: an administrator settles it.';
  end if;
  if v_match.reported_at is null then
    raise exception 'This match has no result to confirm yet.';
  end if;
  if v_match.reported_by = (select auth.uid()) then
    raise exception 'The other captain confirms the result.';
  end if;
  update public.matches set confirmed_at = now(), result_reason = 'played' where id = p_match_id;
  insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
  select m.id, m.tournament_id, (select auth.uid()), 'confirmed', null, private.result_of(m) from public.matches m where m.id = p_match_id;
  perform private.advance(p_match_id);
end
$$;
comment on function public.confirm_match(uuid) is
  'The other captain confirms a reported result; the winner moves on in the same transaction. Not a disputed one.';

create or replace function public.dispute_match(p_match_id uuid, p_comment text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
begin
  v_match := private.lock_match_for_captain(p_match_id);
  if v_match.confirmed_at is not null then
    raise exception 'This result is already confirmed.';
  end if;
  if v_match.disputed_at is not null then
    raise exception 'This result is disputed: an administrator settles it.';
  end if;
  if v_match.reported_at is null then
    raise exception 'This match has no result to dispute yet.';
  end if;
  if v_match.reported_by = (select auth.uid()) then
    raise exception 'The other captain disputes the result.';
  end if;
  if p_comment is null or char_length(private.trim_space(p_comment)) = 0 or char_length(p_comment) > 500 then
    raise exception 'Say what is wrong in up to 500 characters.';
  end if;
  update public.matches set disputed_at = now(), dispute_comment = private.trim_space(p_comment) where id = p_match_id;
end
$$;
comment on function public.dispute_match(uuid, text) is
  'The other captain disputes a reported result with a comment, once; an administrator settles it.';

-- The player's next match says a disputed match waits for an administrator (and why it is disputed).
drop function public.my_next_match(uuid);
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
  'The signed-in player''s tournaments that have started (or only p_tournament_id): status match with the current '
  'match (round, opponent and their in-game names, best-of, modes and maps, state, whether they can report or '
  'confirm; a disputed match waits for an administrator, with the dispute''s comment), or waiting (round robin, all '
  'played for now), eliminated or completed with their placement. Matches that need an action come first.';
revoke execute on function public.my_next_match(uuid) from public;
grant execute on function public.my_next_match(uuid) to authenticated, service_role;

-- ============================================================================================
-- The place a team keeps once it is out of an elimination bracket
-- ============================================================================================

-- A team out of an elimination bracket finishes, whatever happens next, at 1 + the number of teams
-- that go out later or win: the bracket's teams less those out at its level or before. Those are
-- one per match at those levels that is (or will be) played: byes eliminate no one, and a match
-- with an empty slot whose feeders are all decided is a bye to come (in double elimination, a
-- losers-bracket side fed only by byes). Counting the still-unplayed matches of its own round as
-- shared places (as before) took those byes to come for eliminations, one place too good.
create or replace function private.current_placement(p_tournament_id uuid, p_team_id uuid)
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
      -- The matches whose loser is out: all in single elimination; losers bracket and grand final in double.
      and (m.bracket <> 'winners'
           or not exists (select 1 from public.matches g where g.tournament_id = p_tournament_id and g.bracket = 'grand_final'))
  ),
  out_at as (
    select max(b.level) as level from bracket b
    where b.confirmed_at is not null and not b.is_bye and b.winner_id is not null
      and b.winner_id <> p_team_id and p_team_id in (b.team1_id, b.team2_id)
  ),
  out_by_then as (
    select count(*)::integer as teams from bracket b, out_at o
    where b.level <= o.level and not b.is_bye
      and (b.confirmed_at is not null
           or not exists (select 1 from (values (1::smallint, b.team1_id), (2::smallint, b.team2_id)) s (slot, team_id)
                          where s.team_id is null
                            and not exists (select 1 from public.matches f where f.confirmed_at is null
                                            and ((f.next_match_id = b.id and f.next_slot = s.slot)
                                                 or (f.loser_next_match_id = b.id and f.loser_next_slot = s.slot)))))
  )
  select case
    when t.completed_at is not null or t.format = 'round_robin' or o.level is null then p.placement
    else (select count(distinct x.team_id)::integer + 1 - (select teams from out_by_then)
          from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (team_id)
          where m.tournament_id = p_tournament_id and x.team_id is not null)
  end
  from public.tournaments t
  join private.final_placements(p_tournament_id) p on p.team_id = p_team_id
  cross join out_at o
  where t.id = p_tournament_id
$$;
comment on function private.current_placement(uuid, uuid) is
  'A team''s place now: final when completed, current in round robin, and once out of an elimination bracket the '
  'place it keeps whatever the rest of the bracket does (teams in the bracket less those out at its level or before, '
  'byes to come included).';

-- ============================================================================================
-- Start: seeds recorded, the grand final's reset optional
-- ============================================================================================

drop function public.start_tournament(uuid, text, integer);
create function public.start_tournament(p_tournament_id uuid, p_seeding text default 'random', p_group_size integer default null,
                                        p_grand_final_reset boolean default true)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_teams uuid[];
  v_count integer;
  v_size integer;
  v_rounds integer;
  v_order integer[];
  v_round integer;
  v_position integer;
  v_id uuid;
  v_group integer;
  v_groups integer;
  v_members uuid[];
  v_ring uuid[];
  v_i integer;
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can start a tournament.';
  end if;
  if p_seeding is null or p_seeding not in ('random', 'checkin', 'manual') then
    raise exception 'Seeding is random, checkin or manual.';
  end if;
  perform public.settle_check_in(p_tournament_id);
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament no longer exists.';
  end if;
  if v_tournament.completed_at is not null then
    raise exception 'A completed tournament cannot be restarted.';
  end if;
  if v_tournament.cancelled_at is not null then
    raise exception 'This tournament was cancelled.';
  end if;
  if v_tournament.started_at is not null then
    raise exception 'The tournament has already started.';
  end if;

  select array_agg(t.id order by
    case p_seeding when 'manual' then t.seed end nulls last,
    case p_seeding when 'checkin' then t.checked_in_at end,
    case p_seeding when 'random' then random() end,
    t.registered_at, t.id)
  into v_teams
  from public.teams t
  where t.tournament_id = p_tournament_id and t.status = 'registered' and t.checked_in_at is not null;
  v_count := coalesce(cardinality(v_teams), 0);
  if v_count < 2 then
    raise exception 'A tournament needs at least 2 checked-in teams to start.';
  end if;
  if p_group_size is not null and (v_tournament.format <> 'round_robin' or p_group_size < 2) then
    raise exception 'Groups are for round robin, with at least 2 teams each.';
  end if;
  if p_grand_final_reset is null or (not p_grand_final_reset and v_tournament.format <> 'double_elimination') then
    raise exception 'The grand final reset is for double elimination: leave it on for other formats.';
  end if;
  -- Every team's seed as this start uses it (1 first): round robin's last tiebreak, and what the
  -- administrator and the players can read back. Teams left out of the bracket have none.
  update public.teams t set seed = s.seed
  from unnest(v_teams) with ordinality s (team_id, seed)
  where t.id = s.team_id;
  update public.teams t set seed = null
  where t.tournament_id = p_tournament_id and t.seed is not null and t.id <> all (v_teams);

  if v_tournament.format in ('single_elimination', 'double_elimination') then
    v_size := 1;
    while v_size < v_count loop v_size := v_size * 2; end loop;
    v_rounds := round(ln(v_size) / ln(2));
    v_order := private.seeding_order(v_size);
    if v_tournament.format = 'double_elimination' then
      -- The grand final, its reset if chosen (played only if the losers bracket's champion wins the
      -- first), and the losers bracket from its last round back: odd rounds pair the survivors, even
      -- rounds meet the teams dropping from the winners bracket.
      insert into public.matches (tournament_id, bracket, round, position, best_of)
      values (p_tournament_id, 'grand_final', 1, 1, v_tournament.best_of);
      if p_grand_final_reset then
        insert into public.matches (tournament_id, bracket, round, position, best_of)
        values (p_tournament_id, 'grand_final', 2, 1, v_tournament.best_of);
      end if;
      for v_round in reverse 2 * (v_rounds - 1)..1 loop
        for v_position in 1..(v_size / 2 ^ ((v_round + 1) / 2 + 1))::integer loop
          insert into public.matches (tournament_id, bracket, round, position, best_of, next_match_id, next_slot)
          select p_tournament_id, 'losers', v_round, v_position, v_tournament.best_of, n.id,
                 case when v_round = 2 * (v_rounds - 1) then 2 when v_round % 2 = 1 then 1 else 2 - v_position % 2 end
          from public.matches n
          where n.tournament_id = p_tournament_id
            and case when v_round = 2 * (v_rounds - 1) then n.bracket = 'grand_final' and n.round = 1
                     else n.bracket = 'losers' and n.round = v_round + 1
                          and n.position = case when v_round % 2 = 1 then v_position else (v_position + 1) / 2 end end;
        end loop;
      end loop;
    end if;
    -- From the final back to the first round, so each match knows where its winner goes.
    for v_round in reverse v_rounds..1 loop
      for v_position in 1..(v_size / (2 ^ v_round))::integer loop
        insert into public.matches (tournament_id, bracket, round, position, best_of, next_match_id, next_slot,
                                    loser_next_match_id, loser_next_slot)
        select p_tournament_id, 'winners', v_round, v_position, v_tournament.best_of,
               coalesce(n.id, gf.id), case when n.id is null and gf.id is not null then 1 else 2 - v_position % 2 end,
               l.id, case when l.bracket = 'grand_final' or v_round > 1 then 2 else 2 - v_position % 2 end
        from (select 1) one
        left join public.matches n on n.tournament_id = p_tournament_id and n.bracket = 'winners'
          and n.round = v_round + 1 and n.position = (v_position + 1) / 2
        left join public.matches gf on v_round = v_rounds and gf.tournament_id = p_tournament_id
          and gf.bracket = 'grand_final' and gf.round = 1
        -- Losers drop to the losers bracket; from the second round on, in alternating order, so that
        -- teams that met in the winners bracket do not meet again at once.
        left join public.matches l on l.tournament_id = p_tournament_id and case
          when v_rounds = 1 then l.bracket = 'grand_final' and l.round = 1
          when v_round = 1 then l.bracket = 'losers' and l.round = 1 and l.position = (v_position + 1) / 2
          else l.bracket = 'losers' and l.round = 2 * (v_round - 1) and l.position = case
            when (v_round - 1) % 2 = 1 then (v_size / 2 ^ v_round)::integer + 1 - v_position else v_position end end;
      end loop;
    end loop;
    update public.matches m set
      team1_id = v_teams[v_order[2 * m.position - 1]],
      team2_id = case when v_order[2 * m.position] <= v_count then v_teams[v_order[2 * m.position]] end
    where m.tournament_id = p_tournament_id and m.bracket = 'winners' and m.round = 1;
    -- Byes: the top seeds face no one in the first round and move on at once.
    -- One at a time: a match is won by default only once every match feeding it has moved on.
    for v_id in
      select m.id from public.matches m
      where m.tournament_id = p_tournament_id and m.bracket = 'winners' and m.round = 1 and m.team2_id is null
      order by m.position
    loop
      update public.matches set is_bye = true, winner_id = team1_id, confirmed_at = now() where id = v_id;
      perform private.advance(v_id);
    end loop;
  else
    -- Groups of at least p_group_size (the remainder joins them), so no team is left alone in a group.
    v_groups := case when p_group_size is null then 1 else greatest(1, v_count / p_group_size) end;
    for v_group in 1..v_groups loop
      -- Seeds snake across the groups so each group gets a fair share of the top seeds.
      select array_agg(v_teams[i] order by i) into v_members
      from generate_series(1, v_count) i
      where (case when ((i - 1) / v_groups) % 2 = 0 then (i - 1) % v_groups else v_groups - 1 - (i - 1) % v_groups end) = v_group - 1;
      v_ring := v_members;
      if cardinality(v_ring) % 2 = 1 then
        v_ring := v_ring || null::uuid;
      end if;
      -- Circle method: the first team stays, the others turn one place each round.
      for v_round in 1..cardinality(v_ring) - 1 loop
        v_position := 0;
        for v_i in 1..cardinality(v_ring) / 2 loop
          if v_ring[v_i] is not null and v_ring[cardinality(v_ring) + 1 - v_i] is not null then
            v_position := v_position + 1;
            insert into public.matches (tournament_id, bracket, group_number, round, position, best_of, team1_id, team2_id)
            values (p_tournament_id, 'group', v_group, v_round, v_position, v_tournament.best_of,
                    v_ring[v_i], v_ring[cardinality(v_ring) + 1 - v_i]);
          end if;
        end loop;
        v_ring := v_ring[1:1] || v_ring[cardinality(v_ring):cardinality(v_ring)] || v_ring[2:cardinality(v_ring) - 1];
      end loop;
    end loop;
  end if;
  update public.tournaments set started_at = now() where id = p_tournament_id;
end
$$;
comment on function public.start_tournament(uuid, text, integer, boolean) is
  'Administrator: settles check-in and makes the bracket from the checked-in teams in one transaction '
  '(seeding random, checkin or manual, recorded as each team''s seed; round robin in groups of p_group_size; double '
  'elimination with or without the grand final''s bracket reset); the roster is locked after.';
revoke execute on function public.start_tournament(uuid, text, integer, boolean) from public;
grant execute on function public.start_tournament(uuid, text, integer, boolean) to authenticated, service_role;

-- ============================================================================================
-- Round robin: one champion, a total order (the seed breaks the last tie)
-- ============================================================================================

-- The return type gains the seed, so the function is made again (final_placements reads it).
drop function public.standings(uuid);
create function public.standings(p_tournament_id uuid)
returns table (team_id uuid, group_number integer, placement integer, wins integer, losses integer, game_difference integer,
              seed integer)
language sql
stable
security definer
set search_path = ''
as $$
  with played as (
    select m.*, case when m.winner_id = m.team1_id then m.team2_id else m.team1_id end as loser_id
    from public.matches m
    where m.tournament_id = p_tournament_id and m.confirmed_at is not null and not m.is_bye
  ),
  teams as (
    select distinct x.team_id, m.group_number
    from public.matches m cross join lateral (values (m.team1_id), (m.team2_id)) x (team_id)
    where m.tournament_id = p_tournament_id and x.team_id is not null
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
  order by 3, 2, r.wins desc
$$;
comment on function public.standings(uuid) is
  'Standings of a tournament: elimination by the round a team lost in (1st, 2nd, 3rd-4th, 5th-8th...); round robin '
  'per group by wins, then head-to-head wins among teams level on wins, then game difference, then the seed recorded '
  'at the start (so one team is first). seed is that recorded seed.';
revoke execute on function public.standings(uuid) from public;
grant execute on function public.standings(uuid) to anon, authenticated, service_role;

create or replace function private.final_placements(p_tournament_id uuid)
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
  'Each team''s place in a tournament; round robin groups are merged by place in group, wins, game difference, then seed.';

-- ============================================================================================
-- Corrections: everything a result caused is taken back
-- ============================================================================================

-- Takes a confirmed result's effects back: its winner out of the next match, its loser out of the
-- losers-bracket match it dropped to (double elimination), and for the grand final the reset it
-- decided (played or skipped). Each of those that had a result is reset with everything that
-- followed from it; a played one only with p_confirm_reset. A bye carried down the losers bracket
-- is not a played result: it is reset without asking, and advance() carries it again. Before, only
-- the winner's match was taken back: a dropped loser's played match kept its result with the new
-- loser written over the old one, and a corrected grand final left its reset skipped.
create or replace function private.unwind(p_match_id uuid, p_confirm_reset boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
  v_next public.matches;
  v_link record;
begin
  select * into v_match from public.matches where id = p_match_id;
  for v_link in
    select x.match_id, x.slot
    from (values (v_match.next_match_id, v_match.next_slot),
                 (v_match.loser_next_match_id, v_match.loser_next_slot),
                 -- The reset takes both grand finalists (slot null: both).
                 ((select g.id from public.matches g
                   where v_match.bracket = 'grand_final' and v_match.round = 1
                     and g.tournament_id = v_match.tournament_id and g.bracket = 'grand_final' and g.round = 2), null::smallint)
         ) x (match_id, slot)
    where x.match_id is not null
  loop
    select * into v_next from public.matches where id = v_link.match_id for update;
    if (v_next.reported_at is not null or v_next.confirmed_at is not null) and not v_next.is_bye then
      if not p_confirm_reset then
        raise exception 'Later matches were played after this result: confirm to reset them.';
      end if;
      insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
      values (v_next.id, v_next.tournament_id, (select auth.uid()), 'reset', private.result_of(v_next), null);
    end if;
    if v_next.confirmed_at is not null then
      perform private.unwind(v_next.id, p_confirm_reset);
    end if;
    update public.matches set
      team1_id = case when v_link.slot is distinct from 2 then null else team1_id end,
      team2_id = case when v_link.slot is distinct from 1 then null else team2_id end,
      is_bye = false, games = null, team1_score = null, team2_score = null, winner_id = null, result_reason = null,
      reported_by = null, reported_at = null, disputed_at = null, dispute_comment = null, confirmed_at = null
    where id = v_next.id;
  end loop;
end
$$;
comment on function private.unwind(uuid, boolean) is
  'Takes a confirmed result''s effects back (the winner''s next match, the loser''s drop, the grand final''s reset) and '
  'resets the results that followed; played ones only when p_confirm_reset.';

-- A corrected score with the same winner (and so the same loser) changes nothing downstream: the
-- matches played since keep their results. Before, it reset them without asking.
create or replace function private.settle_result(p_match public.matches, p_games jsonb, p_team1_score smallint, p_team2_score smallint,
                                                 p_winner_id uuid, p_reason text, p_confirm_reset boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_after public.matches;
begin
  if p_match.confirmed_at is not null then
    if p_match.winner_id is distinct from p_winner_id then
      perform private.unwind(p_match.id, p_confirm_reset);
    end if;
    -- Reopened and completed again by advance(), so the placements are written anew (game difference
    -- counts in round robin).
    update public.tournaments set completed_at = null where id = p_match.tournament_id;
  end if;
  update public.matches set
    games = p_games, team1_score = p_team1_score, team2_score = p_team2_score, winner_id = p_winner_id,
    result_reason = p_reason, reported_by = (select auth.uid()), reported_at = coalesce(reported_at, now()),
    disputed_at = null, confirmed_at = now()
  where id = p_match.id
  returning * into v_after;
  insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
  values (p_match.id, p_match.tournament_id, (select auth.uid()), case p_reason when 'played' then 'set' else p_reason end,
          private.result_of(p_match), private.result_of(v_after));
  if p_match.confirmed_at is null or p_match.winner_id is distinct from p_winner_id then
    perform private.advance(p_match.id);
  elsif not exists (select 1 from public.matches m where m.tournament_id = p_match.tournament_id and m.confirmed_at is null) then
    update public.tournaments set completed_at = now() where id = p_match.tournament_id;
  end if;
end
$$;
comment on function private.settle_result(public.matches, jsonb, smallint, smallint, uuid, text, boolean) is
  'An administrator''s result: a changed winner takes the old one''s effects back (asking for confirmation when later '
  'matches were played), logs, advances; a corrected score with the same winner changes only the score.';

-- ============================================================================================
-- A cancelled tournament's matches are not played on
-- ============================================================================================

-- A tournament can be cancelled while it runs; its matches then stay as they were. Before, captains
-- (and the administrator) could still report and confirm, and the last result completed the
-- cancelled tournament. One lock for both, which the captain's and the administrator's wrap.

-- Locks the match's tournament then the match (two captains, or a captain and the administrator,
-- acting at once are serialised, so a winner moves on exactly once) and checks the match can be
-- played on: it exists, its tournament is not cancelled, and both teams are known.
create function private.lock_match(p_match_id uuid)
returns public.matches
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
  v_cancelled_at timestamptz;
begin
  select t.cancelled_at into v_cancelled_at
  from public.tournaments t join public.matches m on m.tournament_id = t.id where m.id = p_match_id for update of t;
  select * into v_match from public.matches where id = p_match_id for update;
  if not found then
    raise exception 'This match no longer exists.';
  end if;
  if v_cancelled_at is not null then
    raise exception 'This tournament was cancelled.';
  end if;
  if v_match.team1_id is null or v_match.team2_id is null then
    raise exception 'This match is waiting for its opponent.';
  end if;
  return v_match;
end
$$;
comment on function private.lock_match(uuid) is
  'Locks a match and its tournament for a result, or says why the match cannot be played on.';
revoke execute on function private.lock_match(uuid) from public;

create or replace function private.lock_match_for_captain(p_match_id uuid)
returns public.matches
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
begin
  if (select auth.uid()) is null then
    raise exception 'Please sign in.';
  end if;
  v_match := private.lock_match(p_match_id);
  if not exists (select 1 from public.teams t where t.id in (v_match.team1_id, v_match.team2_id)
                 and t.registered_by = (select auth.uid())) then
    raise exception 'Only the two captains can report this match.';
  end if;
  return v_match;
end
$$;
comment on function private.lock_match_for_captain(uuid) is
  'Locks a match of a tournament still on for one of its two captains, or says why not.';

create or replace function private.lock_match_for_admin(p_match_id uuid)
returns public.matches
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can set a result.';
  end if;
  return private.lock_match(p_match_id);
end
$$;
comment on function private.lock_match_for_admin(uuid) is 'Locks a match of a tournament still on for an administrator, or says why not.';
