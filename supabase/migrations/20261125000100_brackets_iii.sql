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
