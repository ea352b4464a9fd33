-- The bracket: made at the start from the checked-in teams (single elimination with byes for the
-- top seeds, double elimination with a losers bracket and an optional grand-final reset, or round
-- robin by the circle method, in groups), each round's best-of and maps, and winners moving on by
-- themselves. Writes only go through the functions here and in results.sql.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.matches (
  id uuid primary key default gen_random_uuid(),
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  bracket text not null constraint matches_bracket_check check (bracket in ('winners', 'losers', 'grand_final', 'group', 'swiss')),
  group_number integer not null default 1,
  round integer not null constraint matches_round_positive check (round > 0),
  position integer not null constraint matches_position_positive check (position > 0),
  best_of smallint not null constraint matches_best_of_check check (best_of in (1, 3, 5)),
  team1_id uuid references public.teams (id) on delete set null,
  team2_id uuid references public.teams (id) on delete set null,
  is_bye boolean not null default false,
  next_match_id uuid references public.matches (id) on delete set null,
  next_slot smallint constraint matches_next_slot_check check (next_slot in (1, 2)),
  loser_next_match_id uuid references public.matches (id) on delete set null,
  loser_next_slot smallint constraint matches_loser_next_slot_check check (loser_next_slot in (1, 2)),
  games jsonb,
  team1_score smallint,
  team2_score smallint,
  winner_id uuid references public.teams (id) on delete set null,
  reported_by uuid references auth.users (id) on delete set null,
  reported_at timestamptz,
  -- Counts the reports of this match, never reset: a confirmation names the report it confirms.
  report_version integer not null default 0,
  disputed_at timestamptz,
  dispute_comment text constraint matches_dispute_comment_length check (char_length(dispute_comment) <= 500),
  confirmed_at timestamptz,
  result_reason text constraint matches_result_reason_check check (result_reason in ('played', 'forfeit', 'no_show')),
  -- A round's settings live on its matches (set_round_settings writes every match of the round at
  -- once), so results are checked against the round's best-of and a reset takes its settings with it.
  maps jsonb not null default '[]'
    constraint matches_maps_is_array check (jsonb_typeof(maps) = 'array'),
  -- report_match and set_match_result write games in their exact shape (results.sql); this bounds
  -- what any other writer could store, since the public bracket read sends it to every viewer.
  constraint matches_games_size check (games is null or octet_length(games::text) <= 1024),
  constraint matches_distinct_teams check (team1_id is null or team1_id <> team2_id),
  constraint matches_place_key unique (tournament_id, bracket, group_number, round, position)
);
comment on table public.matches is
  'One match of a tournament''s bracket (winners) or group (round robin); written only by the bracket functions.';
comment on column public.matches.is_bye is 'A first-round match with one team only: it is won at the start.';
comment on column public.matches.next_match_id is
  'Where the winner goes (slot next_slot); null for the final and group matches.';
comment on column public.matches.loser_next_match_id is
  'Double elimination: where the loser drops (slot loser_next_slot).';
comment on column public.matches.games is
  'The reported games: [{"winner": 1|2, "team1_score"?: 0..100, "team2_score"?: 0..100}, ...], at most best_of.';
comment on column public.matches.report_version is
  'How many times the match was reported; confirm_match names the version it confirms.';
comment on column public.matches.maps is
  'The round''s games as the administrator set them: [{"mode": "Gem Grab"|null, "map": "Hard Rock '
  'Mine"|null}, ...], at most best_of entries; game n is played on entry n. Written only by '
  'set_round_settings.';

create index matches_tournament_id_idx on public.matches (tournament_id);
create index matches_next_match_id_idx on public.matches (next_match_id);
create index matches_loser_next_match_id_idx on public.matches (loser_next_match_id);

alter table public.matches enable row level security;

revoke all on public.matches from public, anon, authenticated, service_role;
grant select on public.matches to anon, authenticated, service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Everyone can read the matches of a tournament"
  on public.matches for select to anon, authenticated
  using (true);

-- ============================================================================================
-- Match state and round labels (computed fields the Data API selects like columns)
-- ============================================================================================

create function public.state(m public.matches)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when m.confirmed_at is not null then 'done'
    when m.disputed_at is not null then 'disputed'
    when m.reported_at is not null then 'awaiting_confirmation'
    when m.team1_id is null or m.team2_id is null then 'waiting_for_opponent'
    else 'ready'
  end
$$;
comment on function public.state(matches) is
  'waiting_for_opponent, ready, awaiting_confirmation, disputed or done.';
revoke all on function public.state(matches) from public, anon, authenticated, service_role;
grant execute on function public.state(matches) to anon, authenticated, service_role;

-- Like every function of a row here, it reads the row again from the table by its id: an rpc's
-- argument is whatever the client wrote.
create function public.round_label(m public.matches)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  with this as (select r.* from public.matches r where r.id = m.id),
  last as (
    select max(x.round) filter (where x.bracket = this.bracket and x.group_number = this.group_number) as round,
           bool_or(x.bracket = 'grand_final') as double,
           count(distinct x.group_number) filter (where x.bracket = 'group') as groups
    from this join public.matches x on x.tournament_id = this.tournament_id
  )
  select case
    when this.bracket = 'swiss' then 'Swiss round ' || this.round
    when this.bracket = 'grand_final' then case when this.round = 1 then 'Grand final' else 'Grand final reset' end
    when this.bracket = 'group' then
      case when l.groups > 1 then 'Group ' || this.group_number || ', round ' || this.round else 'Round ' || this.round end
    when this.bracket = 'losers' then case when this.round = l.round then 'Losers final' else 'Losers round ' || this.round end
    when l.double then case when this.round = l.round then 'Winners final' else 'Winners round ' || this.round end
    when this.round = l.round then 'Final'
    when this.round = l.round - 1 then 'Semi-final'
    when this.round = l.round - 2 then 'Quarter-final'
    else 'Round ' || this.round
  end
  from this, last l
$$;
comment on function public.round_label(matches) is
  'The round as people say it: Final, Semi-final, Quarter-final, Round n; Winners/Losers round n and '
  'final, Grand final (reset) in double elimination; Round n (Group g, round n) in round robin.';
revoke all on function public.round_label(matches) from public, anon, authenticated, service_role;
grant execute on function public.round_label(matches) to anon, authenticated, service_role;

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
comment on function private.team_display_name(uuid) is
  'A team''s name, or its first player''s in-game name for a solo team.';
revoke all on function private.team_display_name(uuid) from public, anon, authenticated, service_role;

-- The round being played, for a tournament's card and page ("Live: Semi-final"): the earliest round
-- with a match that has both its teams and no confirmed result; null before the start and after the end.
create function public.current_round(t public.tournaments)
returns text
language sql
stable
set search_path = ''
as $$
  select public.round_label(m)
  from public.matches m
  join public.tournaments r on r.id = m.tournament_id
  where m.tournament_id = t.id and r.started_at is not null and r.completed_at is null and r.cancelled_at is null
    and m.confirmed_at is null and not m.is_bye and m.team1_id is not null and m.team2_id is not null
  order by m.round, m.bracket = 'grand_final', m.bracket, m.group_number, m.position
  limit 1
$$;
comment on function public.current_round(tournaments) is
  'The label of the round being played in a running tournament (its earliest unfinished match), or null.';
revoke all on function public.current_round(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.current_round(tournaments) to anon, authenticated, service_role;

-- ============================================================================================
-- Start: the bracket from the checked-in teams
-- ============================================================================================

-- Standard seeding order for a bracket of p_size (a power of two): 1 vs size, 2 vs size-1 ... placed
-- so that the top seeds meet as late as possible and, with fewer teams, get the byes.
create function private.seeding_order(p_size integer)
returns integer[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_order integer[] := array[1];
  v_next integer[];
  v_seed integer;
begin
  while cardinality(v_order) < p_size loop
    v_next := '{}';
    foreach v_seed in array v_order loop
      v_next := v_next || v_seed || (cardinality(v_order) * 2 + 1 - v_seed);
    end loop;
    v_order := v_next;
  end loop;
  return v_order;
end
$$;
comment on function private.seeding_order(integer) is
  'Seeds in bracket order for a power-of-two bracket (1, 8, 4, 5, 2, 7, 3, 6 for 8).';
revoke all on function private.seeding_order(integer) from public, anon, authenticated, service_role;

-- Where the loser of winners-bracket match p_position of round p_round (2 or later) drops: the
-- position of its match in losers round 2 * (p_round - 1), among k = p_size / 2^p_round. The orders
-- are brackets-manager.js's defaultMinorOrdering per bracket size (natural, reverse, half_shift:
-- the halves swapped, pair_flip: each pair swapped), except for 16, where the alternation BrawlCup
-- used before plays fewer rematches in all (bench/brackets). Before, every size alternated reverse
-- and natural, which from 16 teams up set a dropped team against a winners-bracket opponent again
-- at once: 3.3 such rematches per 128-team tournament against 0.4 now. Past 128 (and below 4) it
-- still alternates.
create function private.losers_drop_position(p_size integer, p_round integer, p_position integer)
returns integer
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  v_k integer := p_size / (2 ^ p_round)::integer;
  v_method text := (case p_size
    when 4 then array['reverse']
    when 8 then array['reverse', 'natural']
    when 16 then array['reverse', 'natural', 'reverse']
    when 32 then array['reverse', 'half_shift', 'natural', 'natural']
    when 64 then array['reverse', 'half_shift', 'reverse', 'natural', 'natural']
    when 128 then array['reverse', 'half_shift', 'pair_flip', 'pair_flip', 'pair_flip', 'natural']
  end)[p_round - 1];
begin
  v_method := coalesce(v_method, case when p_round % 2 = 0 then 'reverse' else 'natural' end);
  return case v_method
    when 'reverse' then v_k + 1 - p_position
    when 'half_shift' then case when p_position > v_k / 2 then p_position - v_k / 2 else p_position + v_k / 2 end
    when 'pair_flip' then case when p_position % 2 = 1 then p_position + 1 else p_position - 1 end
    else p_position
  end;
end
$$;
comment on function private.losers_drop_position(integer, integer, integer) is
  'Double elimination: the losers-bracket position the loser of a winners-bracket match (round 2 on) '
  'drops to, by bracket size (brackets-manager.js''s orders; BrawlCup''s alternation for 16).';
revoke all on function private.losers_drop_position(integer, integer, integer) from public, anon, authenticated, service_role;

-- Puts a team (or, for a bye, nobody) into a slot of a match.
create function private.place(p_match_id uuid, p_slot smallint, p_team_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  update public.matches set
    team1_id = case when p_slot = 1 then p_team_id else team1_id end,
    team2_id = case when p_slot = 2 then p_team_id else team2_id end
  where id = p_match_id
$$;
comment on function private.place(uuid, smallint, uuid) is 'Fills one slot of a match.';
revoke all on function private.place(uuid, smallint, uuid) from public, anon, authenticated, service_role;

-- Records a confirmed result's effects in the caller's transaction: the winner moves on, the loser
-- drops to the losers bracket (double elimination), a match whose feeders are all decided but that
-- has only one team (a bye carried down the losers bracket) is won at once, and the last result
-- completes the tournament.
create function private.advance(p_match_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
  v_loser uuid;
  v_target uuid;
begin
  select * into v_match from public.matches where id = p_match_id;
  v_loser := case when v_match.winner_id is null then null
                  when v_match.winner_id = v_match.team1_id then v_match.team2_id else v_match.team1_id end;
  if v_match.bracket = 'grand_final' and v_match.round = 1 then
    -- The winners bracket's champion (team 1) has lost no match yet: the bracket resets only if they
    -- lose a match both played (not when either was removed from the tournament).
    if v_match.winner_id is not distinct from v_match.team1_id or v_match.team1_id is null or v_match.team2_id is null then
      update public.matches set is_bye = true, confirmed_at = now()
      where tournament_id = v_match.tournament_id and bracket = 'grand_final' and round = 2;
    else
      update public.matches set team1_id = v_match.team1_id, team2_id = v_match.team2_id
      where tournament_id = v_match.tournament_id and bracket = 'grand_final' and round = 2;
    end if;
  end if;
  if v_match.next_match_id is not null then
    perform private.place(v_match.next_match_id, v_match.next_slot, v_match.winner_id);
  end if;
  if v_match.loser_next_match_id is not null then
    perform private.place(v_match.loser_next_match_id, v_match.loser_next_slot, v_loser);
  end if;
  -- Swiss: the round's last result pairs the next round (or makes the top cut) in this transaction.
  if v_match.bracket = 'swiss' then
    perform private.swiss_next(v_match.tournament_id);
  end if;
  foreach v_target in array array[v_match.next_match_id, v_match.loser_next_match_id] loop
    continue when v_target is null;
    if exists (select 1 from public.matches m where m.id = v_target and m.confirmed_at is null
                 and (m.team1_id is null or m.team2_id is null))
       and not exists (select 1 from public.matches f
                       where f.tournament_id = v_match.tournament_id
                         and (f.next_match_id = v_target or f.loser_next_match_id = v_target) and f.confirmed_at is null) then
      update public.matches set is_bye = true, winner_id = coalesce(team1_id, team2_id), confirmed_at = now() where id = v_target;
      perform private.advance(v_target);
    end if;
  end loop;
  if not exists (select 1 from public.matches m where m.tournament_id = v_match.tournament_id and m.confirmed_at is null) then
    update public.tournaments set completed_at = now() where id = v_match.tournament_id;
  end if;
end
$$;
comment on function private.advance(uuid) is
  'After a confirmed result: the winner moves on, the loser drops, carried byes are won, the last '
  'result completes the tournament.';
revoke all on function private.advance(uuid) from public, anon, authenticated, service_role;

-- An elimination bracket (single, or double with a losers bracket and the grand final, its reset if
-- p_reset) for p_teams in seed order (1 first): the start of an elimination tournament, and a Swiss
-- tournament's top cut.
create function private.build_elimination(p_tournament_id uuid, p_teams uuid[], p_double boolean, p_reset boolean,
                                          p_best_of smallint)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer := cardinality(p_teams);
  v_size integer;
  v_rounds integer;
  v_order integer[];
  v_round integer;
  v_position integer;
  v_id uuid;
  v_drop integer;
begin
  v_size := 1;
  while v_size < v_count loop v_size := v_size * 2; end loop;
  v_rounds := round(ln(v_size) / ln(2));
  v_order := private.seeding_order(v_size);
  if p_double then
    -- The grand final, its reset if chosen (played only if the losers bracket's champion wins the
    -- first), and the losers bracket from its last round back: odd rounds pair the survivors, even
    -- rounds meet the teams dropping from the winners bracket.
    insert into public.matches (tournament_id, bracket, round, position, best_of)
    values (p_tournament_id, 'grand_final', 1, 1, p_best_of);
    if p_reset then
      insert into public.matches (tournament_id, bracket, round, position, best_of)
      values (p_tournament_id, 'grand_final', 2, 1, p_best_of);
    end if;
    for v_round in reverse 2 * (v_rounds - 1)..1 loop
      for v_position in 1..(v_size / 2 ^ ((v_round + 1) / 2 + 1))::integer loop
        insert into public.matches (tournament_id, bracket, round, position, best_of, next_match_id, next_slot)
        select p_tournament_id, 'losers', v_round, v_position, p_best_of, n.id,
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
      -- Once per match, not per row the join below reads.
      v_drop := case when v_round > 1 then private.losers_drop_position(v_size, v_round, v_position) end;
      insert into public.matches (tournament_id, bracket, round, position, best_of, next_match_id, next_slot,
                                  loser_next_match_id, loser_next_slot)
      select p_tournament_id, 'winners', v_round, v_position, p_best_of,
             coalesce(n.id, gf.id), case when n.id is null and gf.id is not null then 1 else 2 - v_position % 2 end,
             l.id, case when l.bracket = 'grand_final' or v_round > 1 then 2 else 2 - v_position % 2 end
      from (select 1) one
      left join public.matches n on n.tournament_id = p_tournament_id and n.bracket = 'winners'
        and n.round = v_round + 1 and n.position = (v_position + 1) / 2
      left join public.matches gf on v_round = v_rounds and gf.tournament_id = p_tournament_id
        and gf.bracket = 'grand_final' and gf.round = 1
      -- Losers drop to the losers bracket, from the second round on in the order
      -- private.losers_drop_position gives, so that teams that met in the winners bracket seldom
      -- meet again at once.
      left join public.matches l on l.tournament_id = p_tournament_id and case
        when v_rounds = 1 then l.bracket = 'grand_final' and l.round = 1
        when v_round = 1 then l.bracket = 'losers' and l.round = 1 and l.position = (v_position + 1) / 2
        else l.bracket = 'losers' and l.round = 2 * (v_round - 1)
             and l.position = v_drop end;
    end loop;
  end loop;
  update public.matches m set
    team1_id = p_teams[v_order[2 * m.position - 1]],
    team2_id = case when v_order[2 * m.position] <= v_count then p_teams[v_order[2 * m.position]] end
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
end
$$;
comment on function private.build_elimination(uuid, uuid[], boolean, boolean, smallint) is
  'Makes an elimination bracket for the teams in seed order (byes for the top seeds, won at once).';
revoke all on function private.build_elimination(uuid, uuid[], boolean, boolean, smallint) from public, anon, authenticated, service_role;

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
  v_round integer;
  v_position integer;
  v_group integer;
  v_groups integer;
  v_members uuid[];
  v_ring uuid[];
  v_i integer;
begin
  if not private.can_organise(p_tournament_id) then
    perform private.fail('admin_only_start');
  end if;
  if p_seeding is null or p_seeding not in ('random', 'checkin', 'manual') then
    perform private.fail('seeding_invalid');
  end if;
  perform public.settle_check_in(p_tournament_id);
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  if v_tournament.completed_at is not null then
    perform private.fail('completed_not_restartable');
  end if;
  if v_tournament.cancelled_at is not null then
    perform private.fail('tournament_cancelled');
  end if;
  if v_tournament.started_at is not null then
    perform private.fail('already_started');
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
    perform private.fail('start_needs_two_teams');
  end if;
  if p_group_size is not null and (v_tournament.format <> 'round_robin' or p_group_size < 2) then
    perform private.fail('groups_for_round_robin');
  end if;
  if p_grand_final_reset is null or (not p_grand_final_reset and v_tournament.format <> 'double_elimination') then
    perform private.fail('reset_final_for_double');
  end if;
  if v_tournament.format = 'swiss' and v_tournament.top_cut > v_count then
    perform private.fail('swiss_cut_too_big', v_tournament.top_cut::text, v_count::text);
  end if;
  if v_tournament.format = 'swiss' and v_tournament.swiss_rounds > v_count - 1 then
    perform private.fail('swiss_too_many_rounds', v_tournament.swiss_rounds::text, v_count::text);
  end if;
  -- Every team's seed as this start uses it (1 first): round robin's last tiebreak, and what the
  -- administrator and the players can read back. Teams left out of the bracket have none.
  update public.teams t set seed = s.seed
  from unnest(v_teams) with ordinality s (team_id, seed)
  where t.id = s.team_id;
  update public.teams t set seed = null
  where t.tournament_id = p_tournament_id and t.seed is not null and t.id <> all (v_teams);

  if v_tournament.format in ('single_elimination', 'double_elimination') then
    perform private.build_elimination(p_tournament_id, v_teams, v_tournament.format = 'double_elimination',
                                      p_grand_final_reset, v_tournament.best_of);
  elsif v_tournament.format = 'round_robin' then
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
  if v_tournament.format = 'swiss' then
    perform private.swiss_next(p_tournament_id);
  end if;
end
$$;
comment on function public.start_tournament(uuid, text, integer, boolean) is
  'Administrator: settles check-in and makes the bracket from the checked-in teams in one transaction '
  '(seeding random, checkin or manual, recorded as each team''s seed; Swiss: its first round; round robin in groups of '
  'p_group_size; double elimination with or without the grand final''s bracket reset); the roster is '
  'locked after.';
revoke all on function public.start_tournament(uuid, text, integer, boolean) from public, anon, authenticated, service_role;
grant execute on function public.start_tournament(uuid, text, integer, boolean) to authenticated, service_role;

create function public.set_seed(p_team_id uuid, p_seed integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.can_organise((select t.tournament_id from public.teams t where t.id = p_team_id)) then
    perform private.fail('admin_only_seed');
  end if;
  if exists (select 1 from public.tournaments t join public.teams m on m.tournament_id = t.id
             where m.id = p_team_id and t.started_at is not null) then
    perform private.fail('already_started');
  end if;
  update public.teams set seed = p_seed where id = p_team_id;
end
$$;
comment on function public.set_seed(uuid, integer) is
  'Administrator: the seed of a team for manual seeding, before the start.';
revoke all on function public.set_seed(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.set_seed(uuid, integer) to authenticated, service_role;

create function public.reset_tournament(p_tournament_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
begin
  if not private.can_organise(p_tournament_id) then
    perform private.fail('admin_only_reset');
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  if v_tournament.completed_at is not null then
    perform private.fail('completed_not_restartable');
  end if;
  if v_tournament.started_at is null then
    perform private.fail('not_started');
  end if;
  if exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.confirmed_at is not null and not m.is_bye) then
    perform private.fail('reset_after_confirmed');
  end if;
  delete from public.matches where tournament_id = p_tournament_id;
  update public.tournaments set started_at = null where id = p_tournament_id;
end
$$;
comment on function public.reset_tournament(uuid) is
  'Administrator: removes the bracket and reopens the start, only before the first confirmed result.';
revoke all on function public.reset_tournament(uuid) from public, anon, authenticated, service_role;
grant execute on function public.reset_tournament(uuid) to authenticated, service_role;

-- ============================================================================================
-- Swiss: one round at a time, paired by score groups without rematches, then an optional top cut
-- ============================================================================================

-- The Swiss rounds of a tournament: its own number, else ceil(log2 teams) of the teams in it.
create function private.swiss_round_count(p_tournament_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(t.swiss_rounds,
                  greatest(1, ceil(log(2, greatest(2, (select count(*) from public.teams x
                                                       where x.tournament_id = t.id and x.seed is not null))::numeric)))::integer)
  from public.tournaments t where t.id = p_tournament_id
$$;
comment on function private.swiss_round_count(uuid) is
  'How many Swiss rounds a tournament plays: swiss_rounds, else ceil(log2) of the teams seeded at the start.';
revoke all on function private.swiss_round_count(uuid) from public, anon, authenticated, service_role;

-- A pairing of teams 1..p_n (ranked, best first) in which no two have met (p_played, n x n), by
-- depth-first search: the best unpaired team takes its preferred opponent (the Dutch one, p_pref),
-- else the nearest in score, then in rank. p_partner: 0 for unpaired. Null when none exists.
create function private.swiss_search(p_n integer, p_wins integer[], p_pref integer[], p_played boolean[],
                                     p_partner integer[])
returns integer[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_a integer;
  v_b integer;
  v_result integer[];
begin
  select min(i) into v_a from generate_series(1, p_n) i where p_partner[i] = 0;
  if v_a is null then
    return p_partner;
  end if;
  for v_b in
    select j from generate_series(1, p_n) j
    where j <> v_a and p_partner[j] = 0 and not p_played[(v_a - 1) * p_n + j]
    order by j is distinct from p_pref[v_a], abs(p_wins[j] - p_wins[v_a]), abs(j - coalesce(p_pref[v_a], j)), j
  loop
    p_partner[v_a] := v_b;
    p_partner[v_b] := v_a;
    v_result := private.swiss_search(p_n, p_wins, p_pref, p_played, p_partner);
    if v_result is not null then
      return v_result;
    end if;
    p_partner[v_a] := 0;
    p_partner[v_b] := 0;
  end loop;
  return null;
end
$$;
comment on function private.swiss_search(integer, integer[], integer[], boolean[], integer[]) is
  'Swiss: a pairing of ranked teams without rematches, preferring the Dutch opponent, else the nearest '
  'in score and rank; null when none exists.';
revoke all on function private.swiss_search(integer, integer[], integer[], boolean[], integer[]) from public, anon, authenticated, service_role;

-- Pairs round p_round: the teams ranked as the standings rank them (wins, Buchholz, head-to-head,
-- game difference, seed); with an odd number, the bye to the lowest-ranked team without one (the
-- next one up if that leaves no pairing); in each score group, from the top, the top half meets the
-- bottom half (Dutch), an odd group's last team floating down to the next group.
create function private.swiss_pair(p_tournament_id uuid, p_round integer)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ranked uuid[];
  v_byes integer[];
  v_all_wins integer[];
  v_teams uuid[];
  v_wins integer[];
  v_n integer;
  v_bye integer;
  v_played boolean[];
  v_pref integer[];
  v_partner integer[];
  v_group integer[];
  v_next integer[];
  v_score integer;
  v_k integer;
  v_i integer;
  v_position integer := 0;
  v_best_of smallint;
  v_met record;
begin
  select best_of into v_best_of from public.tournaments where id = p_tournament_id;
  select array_agg(s.team_id order by s.rank), array_agg(s.byes order by s.rank), array_agg(s.wins order by s.rank)
  into v_ranked, v_byes, v_all_wins
  from public.swiss_standings(p_tournament_id) s;
  -- The bye candidates, lowest-ranked first; none when the number is even.
  for v_bye in
    select i from generate_series(cardinality(v_ranked), 1, -1) i
    where cardinality(v_ranked) % 2 = 1 and v_byes[i] = 0
    union all select 0 where cardinality(v_ranked) % 2 = 0
  loop
    v_teams := '{}';
    v_wins := '{}';
    for v_i in 1..cardinality(v_ranked) loop
      continue when v_i = v_bye;
      v_teams := v_teams || v_ranked[v_i];
      v_wins := v_wins || v_all_wins[v_i];
    end loop;
    v_n := cardinality(v_teams);
    v_played := array_fill(false, array[greatest(v_n * v_n, 1)]);
    for v_met in
      select array_position(v_teams, m.team1_id) as a, array_position(v_teams, m.team2_id) as b
      from public.matches m where m.tournament_id = p_tournament_id and m.bracket = 'swiss'
    loop
      continue when v_met.a is null or v_met.b is null;
      v_played[(v_met.a - 1) * v_n + v_met.b] := true;
      v_played[(v_met.b - 1) * v_n + v_met.a] := true;
    end loop;
    -- Dutch preferences, score group by score group from the top.
    v_pref := array_fill(null::integer, array[greatest(v_n, 1)]);
    v_group := '{}';
    for v_score in select distinct w from unnest(v_wins) w order by w desc loop
      select v_group || coalesce(array_agg(i order by i), '{}') into v_group
      from generate_series(1, v_n) i where v_wins[i] = v_score;
      v_next := '{}';
      if cardinality(v_group) % 2 = 1 then
        v_next := array[v_group[cardinality(v_group)]];
        v_group := v_group[1:cardinality(v_group) - 1];
      end if;
      v_k := cardinality(v_group) / 2;
      for v_i in 1..v_k loop
        v_pref[v_group[v_i]] := v_group[v_i + v_k];
        v_pref[v_group[v_i + v_k]] := v_group[v_i];
      end loop;
      v_group := v_next;
    end loop;
    v_partner := private.swiss_search(v_n, v_wins, v_pref, v_played, array_fill(0, array[greatest(v_n, 1)]));
    exit when v_partner is not null;
  end loop;
  if v_partner is null then
    return false;
  end if;
  for v_i in 1..v_n loop
    continue when v_partner[v_i] < v_i;
    v_position := v_position + 1;
    insert into public.matches (tournament_id, bracket, round, position, best_of, team1_id, team2_id)
    values (p_tournament_id, 'swiss', p_round, v_position, v_best_of, v_teams[v_i], v_teams[v_partner[v_i]]);
  end loop;
  if v_bye > 0 then
    insert into public.matches (tournament_id, bracket, round, position, best_of, team1_id, is_bye, winner_id, confirmed_at)
    values (p_tournament_id, 'swiss', p_round, v_position + 1, v_best_of, v_ranked[v_bye], true, v_ranked[v_bye], now());
  end if;
  return true;
end
$$;
comment on function private.swiss_pair(uuid, integer) is
  'Swiss: pairs a round by score groups (Dutch, an odd group floating its last team down) without '
  'rematches, with one bye to the lowest-ranked team without a bye when the number is odd; false (and '
  'nothing paired) when every pairing would repeat a match.';
revoke all on function private.swiss_pair(uuid, integer) from public, anon, authenticated, service_role;

-- After a Swiss result (and at the start): once every match of the round is decided, the next round,
-- or after the last one the top cut, seeded by the Swiss standings. Without a cut the last result
-- completes the tournament (advance()).
create function private.swiss_next(p_tournament_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_round integer;
  v_cut uuid[];
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  if exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.bracket = 'swiss'
             and m.confirmed_at is null) then
    return;
  end if;
  select coalesce(max(m.round), 0) into v_round from public.matches m
  where m.tournament_id = p_tournament_id and m.bracket = 'swiss';
  -- A round that cannot be paired without a rematch (many rounds for few teams) ends the Swiss there,
  -- rather than refusing the result that completed the round before it.
  if v_round < private.swiss_round_count(p_tournament_id) then
    if private.swiss_pair(p_tournament_id, v_round + 1) then
      return;
    end if;
  end if;
  if v_tournament.top_cut is not null
        and not exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.bracket <> 'swiss') then
    select array_agg(s.team_id order by s.rank) into v_cut
    from public.swiss_standings(p_tournament_id) s where s.rank <= v_tournament.top_cut;
    perform private.build_elimination(p_tournament_id, v_cut, v_tournament.top_cut_format = 'double_elimination', true,
                                      v_tournament.best_of);
  end if;
end
$$;
comment on function private.swiss_next(uuid) is
  'Swiss: when the round is complete, pairs the next one, or after the last makes the top cut''s bracket '
  'seeded by the Swiss standings.';
revoke all on function private.swiss_next(uuid) from public, anon, authenticated, service_role;

-- ============================================================================================
-- Per-round settings
-- ============================================================================================

create function private.brawl_modes()
returns text[]
language sql
immutable
set search_path = ''
as $$ select array['Gem Grab', 'Brawl Ball', 'Heist', 'Bounty', 'Knockout', 'Hot Zone', 'Duels'] $$;
comment on function private.brawl_modes() is
  'The Brawl Stars modes a round can be played in (Duels for 1v1 only).';
revoke all on function private.brawl_modes() from public, anon, authenticated, service_role;

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
  if not private.can_organise(p_tournament_id) then
    perform private.fail('admin_only_round_settings');
  end if;
  if p_best_of is null or p_best_of not in (1, 3, 5) then
    perform private.fail('best_of_invalid');
  end if;
  p_maps := coalesce(p_maps, '[]');
  if jsonb_typeof(p_maps) <> 'array' then
    perform private.fail('games_list_invalid');
  end if;
  if jsonb_array_length(p_maps) > p_best_of then
    perform private.fail('too_many_maps', p_best_of::text);
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  for v_game in select * from jsonb_array_elements(p_maps) loop
    if jsonb_typeof(v_game) <> 'object' or exists (select 1 from jsonb_object_keys(v_game) k where k not in ('mode', 'map'))
       or jsonb_typeof(coalesce(v_game->'mode', 'null')) not in ('string', 'null')
       or jsonb_typeof(coalesce(v_game->'map', 'null')) not in ('string', 'null') then
      perform private.fail('games_list_invalid');
    end if;
    v_mode := nullif(private.trim_space(v_game->>'mode'), '');
    v_map := nullif(private.trim_space(v_game->>'map'), '');
    if v_mode is not null and v_mode <> all (private.brawl_modes()) then
      perform private.fail('mode_invalid');
    end if;
    if v_mode = 'Duels' and v_tournament.type <> '1v1' then
      perform private.fail('duels_solo_only', v_tournament.type);
    end if;
    if v_map is not null and (char_length(v_map) > 50 or private.has_invisible(v_map)) then
      perform private.fail('map_name_invalid');
    end if;
    v_maps := v_maps || jsonb_build_array(jsonb_build_object('mode', v_mode, 'map', v_map));
  end loop;
  if v_tournament.completed_at is not null then
    perform private.fail('rounds_completed');
  end if;
  if not exists (select 1 from public.matches m where m.tournament_id = p_tournament_id
                 and m.bracket = p_bracket and m.round = p_round) then
    perform private.fail('round_not_in_bracket');
  end if;
  if exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.bracket = p_bracket
             and m.round = p_round and not m.is_bye and (m.reported_at is not null or m.confirmed_at is not null)) then
    perform private.fail('round_has_result');
  end if;
  update public.matches set best_of = p_best_of, maps = v_maps
  where tournament_id = p_tournament_id and bracket = p_bracket and round = p_round;
end
$$;
comment on function public.set_round_settings(uuid, text, integer, integer, jsonb) is
  'Administrator: a round''s best-of (1, 3, 5) and per game an optional mode and map, until the round''s '
  'first reported result. Duels only in 1v1. Results of the round are then checked against this '
  'best-of.';
revoke all on function public.set_round_settings(uuid, text, integer, integer, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.set_round_settings(uuid, text, integer, integer, jsonb) to authenticated, service_role;
