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
  bracket text not null constraint matches_bracket_check check (bracket in ('winners', 'losers', 'grand_final', 'group')),
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
  v_drop integer;
begin
  if not (select private.is_admin()) then
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
        -- Once per match, not per row the join below reads.
        v_drop := case when v_round > 1 then private.losers_drop_position(v_size, v_round, v_position) end;
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
  '(seeding random, checkin or manual, recorded as each team''s seed; round robin in groups of '
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
  if not (select private.is_admin()) then
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
  if not (select private.is_admin()) then
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
  if not (select private.is_admin()) then
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
