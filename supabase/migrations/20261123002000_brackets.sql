-- The tournament itself: the bracket made at the start from the checked-in teams (single
-- elimination with byes for the top seeds, or round robin by the circle method), captains reporting
-- and confirming results, winners moving on by themselves, and the tournament completing when its
-- last match is confirmed. Writes only go through the functions below.

-- ============================================================================================
-- Tables
-- ============================================================================================

alter table public.teams
  add column seed integer constraint teams_seed_positive check (seed is null or seed > 0);
comment on column public.teams.seed is 'Seed set by the administrator before the start, for manual seeding (1 is the top seed).';

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
  disputed_at timestamptz,
  dispute_comment text constraint matches_dispute_comment_length check (char_length(dispute_comment) <= 500),
  confirmed_at timestamptz,
  result_reason text constraint matches_result_reason_check check (result_reason in ('played', 'forfeit', 'no_show')),
  constraint matches_distinct_teams check (team1_id is null or team1_id <> team2_id),
  constraint matches_place_key unique (tournament_id, bracket, group_number, round, position)
);
comment on table public.matches is
  'One match of a tournament''s bracket (winners) or group (round robin); written only by the bracket functions.';
comment on column public.matches.is_bye is 'A first-round match with one team only: it is won at the start.';
comment on column public.matches.next_match_id is 'Where the winner goes (slot next_slot); null for the final and group matches.';
comment on column public.matches.loser_next_match_id is 'Double elimination: where the loser drops (slot loser_next_slot).';
comment on column public.matches.games is 'The reported games: [{"winner": 1|2, "team1_score"?, "team2_score"?}, ...].';
create index matches_tournament_id_idx on public.matches (tournament_id);
create index matches_next_match_id_idx on public.matches (next_match_id);
create index matches_loser_next_match_id_idx on public.matches (loser_next_match_id);

alter table public.matches enable row level security;
revoke all on public.matches from public, anon, authenticated, service_role;
grant select on public.matches to anon, authenticated, service_role;

create policy "Everyone can read the matches of a tournament"
  on public.matches for select to anon, authenticated
  using (true);

create table public.match_result_changes (
  id bigint generated always as identity primary key,
  match_id uuid not null references public.matches (id) on delete cascade,
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  action text not null constraint match_result_changes_action_check
    check (action in ('confirmed', 'set', 'forfeit', 'no_show', 'reset')),
  before jsonb,
  after jsonb
);
comment on table public.match_result_changes is
  'Audit log of every confirmed or administrator-set result (who, when, before, after); administrators read it.';
create index match_result_changes_match_id_idx on public.match_result_changes (match_id);
create index match_result_changes_tournament_id_idx on public.match_result_changes (tournament_id);

alter table public.match_result_changes enable row level security;
revoke all on public.match_result_changes from public, anon, authenticated, service_role;
grant select on public.match_result_changes to authenticated, service_role;

create policy "Admins can read the result audit log"
  on public.match_result_changes for select to authenticated
  using ((select private.is_admin()));

-- ============================================================================================
-- Match state (a computed field the Data API selects like a column)
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
comment on function public.state(public.matches) is
  'waiting_for_opponent, ready, awaiting_confirmation, disputed or done.';
revoke execute on function public.state(public.matches) from public;
grant execute on function public.state(public.matches) to anon, authenticated, service_role;

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
comment on function private.seeding_order(integer) is 'Seeds in bracket order for a power-of-two bracket (1, 8, 4, 5, 2, 7, 3, 6 for 8).';
revoke execute on function private.seeding_order(integer) from public;

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
revoke execute on function private.place(uuid, smallint, uuid) from public;

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
    -- The winners bracket's champion (team 1) has lost no match yet: the bracket resets only if they lose.
    if v_match.winner_id = v_match.team1_id then
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
                       where (f.next_match_id = v_target or f.loser_next_match_id = v_target) and f.confirmed_at is null) then
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
  'After a confirmed result: the winner moves on, the loser drops, carried byes are won, the last result completes the tournament.';
revoke execute on function private.advance(uuid) from public;

create function public.start_tournament(p_tournament_id uuid, p_seeding text default 'random', p_group_size integer default null)
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

  if v_tournament.format in ('single_elimination', 'double_elimination') then
    v_size := 1;
    while v_size < v_count loop v_size := v_size * 2; end loop;
    v_rounds := round(ln(v_size) / ln(2));
    v_order := private.seeding_order(v_size);
    if v_tournament.format = 'double_elimination' then
      -- The grand final, its reset (played only if the losers bracket's champion wins the first), and
      -- the losers bracket from its last round back: odd rounds pair the survivors, even rounds meet
      -- the teams dropping from the winners bracket.
      insert into public.matches (tournament_id, bracket, round, position, best_of)
      values (p_tournament_id, 'grand_final', 2, 1, v_tournament.best_of), (p_tournament_id, 'grand_final', 1, 1, v_tournament.best_of);
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
comment on function public.start_tournament(uuid, text, integer) is
  'Administrator: settles check-in and makes the bracket from the checked-in teams in one transaction '
  '(seeding random, checkin or manual; round robin in groups of p_group_size); the roster is locked after.';
revoke execute on function public.start_tournament(uuid, text, integer) from public;
grant execute on function public.start_tournament(uuid, text, integer) to authenticated, service_role;

create function public.set_seed(p_team_id uuid, p_seed integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can seed teams.';
  end if;
  if exists (select 1 from public.tournaments t join public.teams m on m.tournament_id = t.id
             where m.id = p_team_id and t.started_at is not null) then
    raise exception 'The tournament has already started.';
  end if;
  update public.teams set seed = p_seed where id = p_team_id;
end
$$;
comment on function public.set_seed(uuid, integer) is 'Administrator: the seed of a team for manual seeding, before the start.';
revoke execute on function public.set_seed(uuid, integer) from public;
grant execute on function public.set_seed(uuid, integer) to authenticated, service_role;

-- ============================================================================================
-- Reporting: one captain reports, the other confirms or disputes
-- ============================================================================================

-- The result fields of a match as the audit log keeps them.
create function private.result_of(m public.matches)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('games', m.games, 'team1_score', m.team1_score, 'team2_score', m.team2_score,
                            'winner_id', m.winner_id, 'result_reason', m.result_reason, 'confirmed_at', m.confirmed_at)
$$;
comment on function private.result_of(public.matches) is 'The result fields of a match, for the audit log.';
revoke execute on function private.result_of(public.matches) from public;

-- Locks the match's tournament then the match (so two captains acting at once are serialised and the
-- winner moves on exactly once) and checks the caller is one of its two captains.
create function private.lock_match_for_captain(p_match_id uuid)
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
  perform 1 from public.tournaments t join public.matches m on m.tournament_id = t.id where m.id = p_match_id for update of t;
  select * into v_match from public.matches where id = p_match_id for update;
  if not found then
    raise exception 'This match no longer exists.';
  end if;
  if v_match.team1_id is null or v_match.team2_id is null then
    raise exception 'This match is waiting for its opponent.';
  end if;
  if not exists (select 1 from public.teams t where t.id in (v_match.team1_id, v_match.team2_id)
                 and t.registered_by = (select auth.uid())) then
    raise exception 'Only the two captains can report this match.';
  end if;
  return v_match;
end
$$;
comment on function private.lock_match_for_captain(uuid) is 'Locks a match for one of its two captains, or says why not.';
revoke execute on function private.lock_match_for_captain(uuid) from public;

-- Checks reported games against the best-of and returns them with the winner and scores.
create function private.score_games(p_best_of smallint, p_games jsonb, out team1_score smallint, out team2_score smallint)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_game jsonb;
  v_needed integer := p_best_of / 2 + 1;
begin
  if p_games is null or jsonb_typeof(p_games) <> 'array' or jsonb_array_length(p_games) = 0 then
    raise exception 'Report at least one game.';
  end if;
  team1_score := 0;
  team2_score := 0;
  for v_game in select * from jsonb_array_elements(p_games) loop
    if greatest(team1_score, team2_score) >= v_needed then
      raise exception 'A best of % ends when a team wins % games.', p_best_of, v_needed;
    end if;
    if jsonb_typeof(v_game) <> 'object' or v_game->>'winner' is null or v_game->>'winner' not in ('1', '2') then
      raise exception 'Each game needs its winner: team 1 or team 2.';
    end if;
    if v_game->>'winner' = '1' then team1_score := team1_score + 1; else team2_score := team2_score + 1; end if;
  end loop;
  if greatest(team1_score, team2_score) < v_needed then
    raise exception 'A best of % ends when a team wins % games.', p_best_of, v_needed;
  end if;
end
$$;
comment on function private.score_games(smallint, jsonb) is 'The score of reported games, or a message when it is not possible for the best-of.';
revoke execute on function private.score_games(smallint, jsonb) from public;

create function public.report_match(p_match_id uuid, p_games jsonb)
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
  v_score := private.score_games(v_match.best_of, p_games);
  update public.matches set
    games = p_games, team1_score = v_score.team1_score, team2_score = v_score.team2_score,
    winner_id = case when v_score.team1_score > v_score.team2_score then team1_id else team2_id end,
    reported_by = (select auth.uid()), reported_at = now(), disputed_at = null, dispute_comment = null
  where id = p_match_id;
end
$$;
comment on function public.report_match(uuid, jsonb) is 'Either captain reports the games of a match; the other confirms or disputes.';
revoke execute on function public.report_match(uuid, jsonb) from public;
grant execute on function public.report_match(uuid, jsonb) to authenticated, service_role;

create function public.confirm_match(p_match_id uuid)
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
  if v_match.reported_at is null then
    raise exception 'This match has no result to confirm yet.';
  end if;
  if v_match.reported_by = (select auth.uid()) then
    raise exception 'The other captain confirms the result.';
  end if;
  update public.matches set confirmed_at = now(), disputed_at = null, result_reason = 'played' where id = p_match_id;
  insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
  select m.id, m.tournament_id, (select auth.uid()), 'confirmed', null, private.result_of(m) from public.matches m where m.id = p_match_id;
  perform private.advance(p_match_id);
end
$$;
comment on function public.confirm_match(uuid) is 'The other captain confirms a reported result; the winner moves on in the same transaction.';
revoke execute on function public.confirm_match(uuid) from public;
grant execute on function public.confirm_match(uuid) to authenticated, service_role;

create function public.dispute_match(p_match_id uuid, p_comment text)
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
comment on function public.dispute_match(uuid, text) is 'The other captain disputes a reported result with a comment; an administrator settles it.';
revoke execute on function public.dispute_match(uuid, text) from public;
grant execute on function public.dispute_match(uuid, text) to authenticated, service_role;

-- ============================================================================================
-- Administrator: set or correct results, forfeits, reset
-- ============================================================================================

-- Takes a confirmed winner back out of the next match, and with it every result that followed.
-- Refuses (unless p_confirm_reset) when a later match already has a result.
create function private.unwind(p_match_id uuid, p_confirm_reset boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
  v_next public.matches;
begin
  select * into v_match from public.matches where id = p_match_id;
  if v_match.next_match_id is null then
    return;
  end if;
  select * into v_next from public.matches where id = v_match.next_match_id for update;
  if v_next.reported_at is not null or v_next.confirmed_at is not null then
    if not p_confirm_reset then
      raise exception 'Later matches were played after this result: confirm to reset them.';
    end if;
    if v_next.confirmed_at is not null then
      perform private.unwind(v_next.id, p_confirm_reset);
    end if;
    insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
    values (v_next.id, v_next.tournament_id, (select auth.uid()), 'reset', private.result_of(v_next), null);
  end if;
  update public.matches set
    team1_id = case when v_match.next_slot = 1 then null else team1_id end,
    team2_id = case when v_match.next_slot = 2 then null else team2_id end,
    games = null, team1_score = null, team2_score = null, winner_id = null, result_reason = null,
    reported_by = null, reported_at = null, disputed_at = null, dispute_comment = null, confirmed_at = null
  where id = v_next.id;
end
$$;
comment on function private.unwind(uuid, boolean) is
  'Removes a match''s winner from the next match and resets the results that depended on it (when confirmed).';
revoke execute on function private.unwind(uuid, boolean) from public;

-- Locks a match for the administrator; both teams must be known.
create function private.lock_match_for_admin(p_match_id uuid)
returns public.matches
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can set a result.';
  end if;
  perform 1 from public.tournaments t join public.matches m on m.tournament_id = t.id where m.id = p_match_id for update of t;
  select * into v_match from public.matches where id = p_match_id for update;
  if not found then
    raise exception 'This match no longer exists.';
  end if;
  if v_match.team1_id is null or v_match.team2_id is null then
    raise exception 'This match is waiting for its opponent.';
  end if;
  return v_match;
end
$$;
comment on function private.lock_match_for_admin(uuid) is 'Locks a match for an administrator, or says why not.';
revoke execute on function private.lock_match_for_admin(uuid) from public;

-- Writes a confirmed result set by an administrator, unwinding what a changed winner had caused.
create function private.settle_result(p_match public.matches, p_games jsonb, p_team1_score smallint, p_team2_score smallint,
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
    perform private.unwind(p_match.id, p_confirm_reset or p_match.winner_id = p_winner_id);
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
  perform private.advance(p_match.id);
end
$$;
comment on function private.settle_result(public.matches, jsonb, smallint, smallint, uuid, text, boolean) is
  'An administrator''s result: unwinds the old one (asking for confirmation when later matches were played), logs, advances.';
revoke execute on function private.settle_result(public.matches, jsonb, smallint, smallint, uuid, text, boolean) from public;

create function public.set_match_result(p_match_id uuid, p_games jsonb, p_confirm_reset boolean default false)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
  v_score record;
begin
  v_match := private.lock_match_for_admin(p_match_id);
  v_score := private.score_games(v_match.best_of, p_games);
  perform private.settle_result(v_match, p_games, v_score.team1_score, v_score.team2_score,
    case when v_score.team1_score > v_score.team2_score then v_match.team1_id else v_match.team2_id end,
    'played', coalesce(p_confirm_reset, false));
end
$$;
comment on function public.set_match_result(uuid, jsonb, boolean) is
  'Administrator: sets or corrects a result; when later matches were played on it, p_confirm_reset resets them.';
revoke execute on function public.set_match_result(uuid, jsonb, boolean) from public;
grant execute on function public.set_match_result(uuid, jsonb, boolean) to authenticated, service_role;

create function public.forfeit_match(p_match_id uuid, p_winner_team_id uuid, p_reason text default 'forfeit',
                                     p_confirm_reset boolean default false)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_match public.matches;
begin
  v_match := private.lock_match_for_admin(p_match_id);
  if p_reason is null or p_reason not in ('forfeit', 'no_show') then
    raise exception 'The reason is forfeit or no_show.';
  end if;
  if p_winner_team_id is null or p_winner_team_id not in (v_match.team1_id, v_match.team2_id) then
    raise exception 'The winner must be one of the two teams of this match.';
  end if;
  perform private.settle_result(v_match, null, null, null, p_winner_team_id, p_reason, coalesce(p_confirm_reset, false));
end
$$;
comment on function public.forfeit_match(uuid, uuid, text, boolean) is
  'Administrator: the match is won by forfeit or no-show of the other team, without games.';
revoke execute on function public.forfeit_match(uuid, uuid, text, boolean) from public;
grant execute on function public.forfeit_match(uuid, uuid, text, boolean) to authenticated, service_role;

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
    raise exception 'Only an administrator can reset a tournament.';
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament no longer exists.';
  end if;
  if v_tournament.completed_at is not null then
    raise exception 'A completed tournament cannot be restarted.';
  end if;
  if v_tournament.started_at is null then
    raise exception 'The tournament has not started.';
  end if;
  if exists (select 1 from public.matches m where m.tournament_id = p_tournament_id and m.confirmed_at is not null and not m.is_bye) then
    raise exception 'A result is already confirmed: correct results instead of resetting the bracket.';
  end if;
  delete from public.matches where tournament_id = p_tournament_id;
  update public.tournaments set started_at = null where id = p_tournament_id;
end
$$;
comment on function public.reset_tournament(uuid) is
  'Administrator: removes the bracket and reopens the start, only before the first confirmed result.';
revoke execute on function public.reset_tournament(uuid) from public;
grant execute on function public.reset_tournament(uuid) to authenticated, service_role;

-- ============================================================================================
-- Standings and the disputed-first listing
-- ============================================================================================

create function public.standings(p_tournament_id uuid)
returns table (team_id uuid, group_number integer, placement integer, wins integer, losses integer, game_difference integer)
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
    select t.team_id, t.group_number,
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
      (rank() over (partition by r.group_number order by r.wins desc, r.head_to_head desc, r.game_difference desc))::integer
    else
      (rank() over (partition by r.elimination order by r.team_id = r.champion_id desc nulls last, r.out_at desc nulls first))::integer
    end,
    r.wins, r.losses, r.game_difference
  from records r
  order by 3, 2, r.wins desc
$$;
comment on function public.standings(uuid) is
  'Standings of a tournament: elimination by the round a team lost in (1st, 2nd, 3rd-4th, 5th-8th...); round robin '
  'per group by wins, then head-to-head wins among teams level on wins, then game difference.';
revoke execute on function public.standings(uuid) from public;
grant execute on function public.standings(uuid) to anon, authenticated, service_role;

create function public.admin_matches(p_tournament_id uuid)
returns setof public.matches
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can list matches to settle.';
  end if;
  return query
    select m.* from public.matches m where m.tournament_id = p_tournament_id
    order by (m.disputed_at is null), (m.reported_at is null), m.bracket, m.group_number, m.round, m.position;
end
$$;
comment on function public.admin_matches(uuid) is 'Administrator: a tournament''s matches, disputed first, then awaiting confirmation.';
revoke execute on function public.admin_matches(uuid) from public;
grant execute on function public.admin_matches(uuid) to authenticated, service_role;
