-- Results: either captain reports a match game by game, the other confirms or disputes; an
-- administrator settles a dispute, sets or corrects a result (later matches are reset once they
-- confirm) or awards a forfeit. Every confirmed or administrator-set result is kept in an audit log.

-- ============================================================================================
-- Tables
-- ============================================================================================

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

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Staff can read the result audit log of their tournaments"
  on public.match_result_changes for select to authenticated
  using ((select private.can_moderate(tournament_id)));

-- ============================================================================================
-- Locks and scores
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
comment on function private.result_of(matches) is 'The result fields of a match, for the audit log.';
revoke all on function private.result_of(matches) from public, anon, authenticated, service_role;

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
    perform private.fail('match_not_found');
  end if;
  if v_cancelled_at is not null then
    perform private.fail('tournament_cancelled');
  end if;
  if v_match.team1_id is null or v_match.team2_id is null then
    perform private.fail('match_waiting');
  end if;
  return v_match;
end
$$;
comment on function private.lock_match(uuid) is
  'Locks a match and its tournament for a result, or says why the match cannot be played on.';
revoke all on function private.lock_match(uuid) from public, anon, authenticated, service_role;

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
    perform private.fail('sign_in_required');
  end if;
  v_match := private.lock_match(p_match_id);
  if not exists (select 1 from public.teams t where t.id in (v_match.team1_id, v_match.team2_id)
                 and t.registered_by = (select auth.uid())) then
    perform private.fail('captains_only');
  end if;
  return v_match;
end
$$;
comment on function private.lock_match_for_captain(uuid) is
  'Locks a match of a tournament still on for one of its two captains, or says why not.';
revoke all on function private.lock_match_for_captain(uuid) from public, anon, authenticated, service_role;

-- Locks a match for the tournament's staff (moderators and up); both teams must be known.
create function private.lock_match_for_admin(p_match_id uuid)
returns public.matches
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.can_moderate((select m.tournament_id from public.matches m where m.id = p_match_id)) then
    perform private.fail('admin_only_result');
  end if;
  return private.lock_match(p_match_id);
end
$$;
comment on function private.lock_match_for_admin(uuid) is
  'Locks a match of a tournament still on for its staff or an administrator, or says why not.';
revoke all on function private.lock_match_for_admin(uuid) from public, anon, authenticated, service_role;

-- Checks reported games exactly (known keys, types, ranges: they are sent to every viewer of the
-- bracket) against the best-of, and returns them rebuilt in their one shape with the match score.
-- Before, only each game's winner was read: a 1.9 MB field or a score of -5 went through as sent.
create function private.score_games(p_best_of smallint, p_games jsonb, out team1_score smallint, out team2_score smallint,
                                    out games jsonb)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_game jsonb;
  v_winner jsonb;
  v_scores jsonb;
  v_needed integer := p_best_of / 2 + 1;
begin
  if p_games is null or jsonb_typeof(p_games) <> 'array' or jsonb_array_length(p_games) = 0 then
    perform private.fail('games_required');
  end if;
  -- Five games of three small numbers each fit in far less; larger is not a report.
  if octet_length(p_games::text) > 1024 then
    perform private.fail('game_invalid');
  end if;
  team1_score := 0;
  team2_score := 0;
  games := '[]';
  for v_game in select * from jsonb_array_elements(p_games) loop
    if greatest(team1_score, team2_score) >= v_needed then
      perform private.fail('best_of_score', p_best_of::text, v_needed::text);
    end if;
    v_winner := case when jsonb_typeof(v_game) = 'object' then v_game->'winner' end;
    if v_winner is null or jsonb_typeof(v_winner) = 'null' then
      perform private.fail('game_winner_required');
    end if;
    -- The winner as the number 1 or 2 (the app's form sends numbers; a string "1" is read as before).
    if not (jsonb_typeof(v_winner) in ('number', 'string') and v_winner #>> '{}' in ('1', '2')) then
      perform private.fail('game_winner_required');
    end if;
    if exists (select 1 from jsonb_object_keys(v_game) k where k not in ('winner', 'team1_score', 'team2_score'))
       or (v_game ? 'team1_score') <> (v_game ? 'team2_score') then
      perform private.fail('game_invalid');
    end if;
    v_scores := '{}';
    if v_game ? 'team1_score' then
      if jsonb_typeof(v_game->'team1_score') <> 'number' or jsonb_typeof(v_game->'team2_score') <> 'number'
         or (v_game->>'team1_score') !~ '^(0|[1-9][0-9]?|100)$' or (v_game->>'team2_score') !~ '^(0|[1-9][0-9]?|100)$'
         or ((v_game->>'team1_score')::int - (v_game->>'team2_score')::int) * (case v_winner #>> '{}' when '1' then 1 else -1 end) < 0 then
        perform private.fail('game_invalid');
      end if;
      v_scores := jsonb_build_object('team1_score', (v_game->>'team1_score')::int, 'team2_score', (v_game->>'team2_score')::int);
    end if;
    games := games || jsonb_build_array(jsonb_build_object('winner', (v_winner #>> '{}')::int) || v_scores);
    if v_winner #>> '{}' = '1' then team1_score := team1_score + 1; else team2_score := team2_score + 1; end if;
  end loop;
  if greatest(team1_score, team2_score) < v_needed then
    perform private.fail('best_of_score', p_best_of::text, v_needed::text);
  end if;
end
$$;
comment on function private.score_games(smallint, jsonb) is
  'The score of reported games and the games in their exact shape, or a message when they are not '
  'well formed or not possible for the best-of.';
revoke all on function private.score_games(smallint, jsonb) from public, anon, authenticated, service_role;

-- ============================================================================================
-- Reporting: one captain reports, the other confirms or disputes
-- ============================================================================================

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
    perform private.fail('result_confirmed');
  end if;
  -- A captain's new report would clear the other captain's dispute without anyone settling it.
  if v_match.disputed_at is not null then
    perform private.fail('result_disputed');
  end if;
  v_score := private.score_games(v_match.best_of, p_games);
  update public.matches set
    games = v_score.games, team1_score = v_score.team1_score, team2_score = v_score.team2_score,
    winner_id = case when v_score.team1_score > v_score.team2_score then team1_id else team2_id end,
    reported_by = (select auth.uid()), reported_at = now(), disputed_at = null, dispute_comment = null,
    report_version = report_version + 1
  where id = p_match_id;
end
$$;
comment on function public.report_match(uuid, jsonb) is
  'Either captain reports the games of a match (a new report_version each time); the other confirms that '
  'version or disputes. A disputed match is settled by an administrator.';
revoke all on function public.report_match(uuid, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.report_match(uuid, jsonb) to authenticated, service_role;

-- A confirmation names the report it confirms (its version, as report_match returned it and the
-- bracket shows it): before, A reported 2-0, B looked, A reported 2-1 and B's click confirmed 2-1.
create function public.confirm_match(p_match_id uuid, p_report_version integer)
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
    perform private.fail('result_disputed');
  end if;
  if v_match.reported_at is null then
    perform private.fail('nothing_to_confirm');
  end if;
  if v_match.reported_by = (select auth.uid()) then
    perform private.fail('other_captain_confirms');
  end if;
  if p_report_version is distinct from v_match.report_version then
    perform private.fail('report_changed');
  end if;
  update public.matches set confirmed_at = now(), result_reason = 'played' where id = p_match_id;
  insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
  select m.id, m.tournament_id, (select auth.uid()), 'confirmed', null, private.result_of(m) from public.matches m where m.id = p_match_id;
  perform private.advance(p_match_id);
end
$$;
comment on function public.confirm_match(uuid, integer) is
  'The other captain confirms the reported result of the version they saw; the winner moves on in the '
  'same transaction. Not a disputed one, nor a report changed since.';
revoke all on function public.confirm_match(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.confirm_match(uuid, integer) to authenticated, service_role;

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
    perform private.fail('result_confirmed');
  end if;
  if v_match.disputed_at is not null then
    perform private.fail('result_disputed');
  end if;
  if v_match.reported_at is null then
    perform private.fail('nothing_to_dispute');
  end if;
  if v_match.reported_by = (select auth.uid()) then
    perform private.fail('other_captain_disputes');
  end if;
  if p_comment is null or char_length(private.trim_space(p_comment)) = 0 or char_length(p_comment) > 500 then
    perform private.fail('dispute_comment_length');
  end if;
  update public.matches set disputed_at = now(), dispute_comment = private.trim_space(p_comment) where id = p_match_id;
end
$$;
comment on function public.dispute_match(uuid, text) is
  'The other captain disputes a reported result with a comment, once; an administrator settles it.';
revoke all on function public.dispute_match(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.dispute_match(uuid, text) to authenticated, service_role;

-- ============================================================================================
-- Administrators: set, correct, forfeit
-- ============================================================================================

-- Takes a confirmed result's effects back: its winner out of the next match, its loser out of the
-- losers-bracket match it dropped to (double elimination), and for the grand final the reset it
-- decided (played or skipped). Each of those that had a result is reset with everything that
-- followed from it; a played one only with p_confirm_reset. A bye carried down the losers bracket
-- is not a played result: it is reset without asking, and advance() carries it again. Before, only
-- the winner's match was taken back: a dropped loser's played match kept its result with the new
-- loser written over the old one, and a corrected grand final left its reset skipped.
create function private.unwind(p_match_id uuid, p_confirm_reset boolean)
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
  -- Swiss: the later rounds and the top cut were paired from this result; they go, and are paired
  -- again from the corrected one (advance()).
  if v_match.bracket = 'swiss' then
    if not p_confirm_reset and exists (
      select 1 from public.matches m where m.tournament_id = v_match.tournament_id and not m.is_bye
        and (m.round > v_match.round or m.bracket <> 'swiss') and (m.reported_at is not null or m.confirmed_at is not null)) then
      perform private.fail('reset_later_matches');
    end if;
    insert into public.match_result_changes (match_id, tournament_id, changed_by, action, before, after)
    select m.id, m.tournament_id, (select auth.uid()), 'reset', private.result_of(m), null
    from public.matches m where m.tournament_id = v_match.tournament_id and not m.is_bye
      and (m.round > v_match.round or m.bracket <> 'swiss') and (m.reported_at is not null or m.confirmed_at is not null);
    delete from public.matches m
    where m.tournament_id = v_match.tournament_id and (m.bracket <> 'swiss' or m.round > v_match.round);
    return;
  end if;
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
        perform private.fail('reset_later_matches');
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
  'Takes a confirmed result''s effects back (the winner''s next match, the loser''s drop, the grand '
  'final''s reset) and resets the results that followed; played ones only when p_confirm_reset.';
revoke all on function private.unwind(uuid, boolean) from public, anon, authenticated, service_role;

-- A corrected score with the same winner (and so the same loser) changes nothing downstream: the
-- matches played since keep their results. Before, it reset them without asking.
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
comment on function private.settle_result(matches, jsonb, smallint, smallint, uuid, text, boolean) is
  'An administrator''s result: a changed winner takes the old one''s effects back (asking for '
  'confirmation when later matches were played), logs, advances; a corrected score with the same winner '
  'changes only the score.';
revoke all on function private.settle_result(matches, jsonb, smallint, smallint, uuid, text, boolean) from public, anon, authenticated, service_role;

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
  perform private.settle_result(v_match, v_score.games, v_score.team1_score, v_score.team2_score,
    case when v_score.team1_score > v_score.team2_score then v_match.team1_id else v_match.team2_id end,
    'played', coalesce(p_confirm_reset, false));
end
$$;
comment on function public.set_match_result(uuid, jsonb, boolean) is
  'Administrator: sets or corrects a result; when later matches were played on it, p_confirm_reset resets them.';
revoke all on function public.set_match_result(uuid, jsonb, boolean) from public, anon, authenticated, service_role;
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
    perform private.fail('forfeit_reason');
  end if;
  if p_winner_team_id is null or p_winner_team_id not in (v_match.team1_id, v_match.team2_id) then
    perform private.fail('winner_not_in_match');
  end if;
  perform private.settle_result(v_match, null, null, null, p_winner_team_id, p_reason, coalesce(p_confirm_reset, false));
end
$$;
comment on function public.forfeit_match(uuid, uuid, text, boolean) is
  'Administrator: the match is won by forfeit or no-show of the other team, without games.';
revoke all on function public.forfeit_match(uuid, uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.forfeit_match(uuid, uuid, text, boolean) to authenticated, service_role;

create function public.admin_matches(p_tournament_id uuid)
returns setof public.matches
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.can_moderate(p_tournament_id) then
    perform private.fail('admin_only_matches');
  end if;
  return query
    select m.* from public.matches m where m.tournament_id = p_tournament_id
    order by (m.disputed_at is null), (m.reported_at is null), m.bracket, m.group_number, m.round, m.position;
end
$$;
comment on function public.admin_matches(uuid) is
  'Administrator: a tournament''s matches, disputed first, then awaiting confirmation.';
revoke all on function public.admin_matches(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_matches(uuid) to authenticated, service_role;

-- ============================================================================================
-- Teams removed after the start
-- ============================================================================================

-- A team removed from a started tournament (by an administrator, or with its captain's account)
-- forfeits its current match and every later one, so no match is left waiting for it. Before, its
-- slots just emptied (on delete set null): the match waited for an opponent that would never come,
-- every result function refused it, and once the other side was played the tournament could be
-- neither finished nor reset. Runs while the team's row still exists, through the path
-- forfeit_match takes; looping, since a forfeit may drop the team to the losers bracket or into the
-- grand final's reset, and a round robin team has a match against every other team.
create function private.forfeit_removed_team()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_match public.matches;
begin
  -- Not found: the tournament itself is being deleted (its teams go with it by cascade).
  select * into v_tournament from public.tournaments where id = old.tournament_id for update;
  if not found or v_tournament.started_at is null or v_tournament.completed_at is not null
     or v_tournament.cancelled_at is not null then
    return old;
  end if;
  loop
    select m.* into v_match from public.matches m
    where m.tournament_id = old.tournament_id and m.confirmed_at is null and old.id in (m.team1_id, m.team2_id)
      and m.team1_id is not null and m.team2_id is not null
    order by m.round, m.bracket = 'grand_final', m.position
    limit 1
    for update;
    exit when not found;
    perform private.settle_result(v_match, null, null, null,
      case when v_match.team1_id = old.id then v_match.team2_id else v_match.team1_id end, 'forfeit', false);
  end loop;
  return old;
end
$$;
comment on function private.forfeit_removed_team() is
  'Trigger before a team is deleted from a started tournament: it forfeits every undecided match it '
  'plays, its opponent moving on.';
revoke all on function private.forfeit_removed_team() from public, anon, authenticated, service_role;

-- What the forfeits could not decide: a match the removed team was waiting in (its opponent still to
-- come) is left with an empty slot, which advance() wins by default for the opponent when it
-- arrives; one whose other side is already known is won by default here. Also settles matches left
-- stranded before this rule existed (the migration runs it on every tournament in progress).
create function private.settle_stranded(p_tournament_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  loop
    select m.id into v_id from public.matches m
    where m.tournament_id = p_tournament_id and m.confirmed_at is null and m.bracket <> 'group'
      and (m.team1_id is null or m.team2_id is null)
      -- The grand final's reset has no feeders: the grand final fills it (advance()).
      and not (m.bracket = 'grand_final' and m.round = 2)
      and not exists (select 1 from public.matches f
                      where f.tournament_id = p_tournament_id and f.confirmed_at is null
                        and (f.next_match_id = m.id or f.loser_next_match_id = m.id))
    order by m.round, m.bracket, m.position
    limit 1;
    exit when v_id is null;
    update public.matches set is_bye = true, winner_id = coalesce(team1_id, team2_id), confirmed_at = now() where id = v_id;
    perform private.advance(v_id);
  end loop;
end
$$;
comment on function private.settle_stranded(uuid) is
  'Wins by default every undecided match of a tournament that has an empty slot no earlier match can fill.';
revoke all on function private.settle_stranded(uuid) from public, anon, authenticated, service_role;

create function private.settle_after_team_removed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.tournaments t where t.id = old.tournament_id and t.started_at is not null
             and t.completed_at is null and t.cancelled_at is null) then
    perform private.settle_stranded(old.tournament_id);
  end if;
  return null;
end
$$;
comment on function private.settle_after_team_removed() is
  'Trigger after a team is deleted from a tournament in progress: settles the matches it left stranded.';
revoke all on function private.settle_after_team_removed() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger forfeit_removed_team
  before delete on public.teams
  for each row execute function private.forfeit_removed_team();

create trigger settle_after_team_removed
  after delete on public.teams
  for each row execute function private.settle_after_team_removed();
