-- A correction that keeps the winner (the score was wrong, not who won) changes nothing downstream:
-- the matches played on it keep their teams and results. Before, it reset them without asking (the
-- same winner counted as confirmed), which wiped a played final and un-completed the tournament.

create or replace function private.settle_result(p_match public.matches, p_games jsonb, p_team1_score smallint,
                                                 p_team2_score smallint, p_winner_id uuid, p_reason text,
                                                 p_confirm_reset boolean)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_after public.matches;
begin
  if p_match.confirmed_at is not null then
    -- Only a changed winner leaves the next match; the same winner stays where they are.
    if p_match.winner_id is distinct from p_winner_id then
      perform private.unwind(p_match.id, p_confirm_reset);
    end if;
    -- advance() completes it again when every match is still confirmed; the placements are recorded
    -- anew (a score changes round robin's game difference).
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
  'An administrator''s result: a changed winner unwinds the old one (asking for confirmation when later matches were '
  'played), the same winner keeps them; logs, advances.';
revoke execute on function private.settle_result(public.matches, jsonb, smallint, smallint, uuid, text, boolean) from public;
