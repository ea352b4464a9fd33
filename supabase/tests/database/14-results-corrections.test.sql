-- An administrator corrects a result's score without changing its winner: the matches played on it
-- keep their results (nothing to reset, nothing to ask), the audit log keeps the change, and a
-- completed tournament stays completed. A changed winner still asks before resetting them.
begin;
\ir helpers/test-helpers.psql
select plan(9);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('c' || i, null, '{}', jsonb_build_object('username', 'c' || i, 'game_id', '#CCCCCCCC' || i)) from generate_series(1, 4) i;

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000c1', 'Corrections', 'SE.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/fix', '1v1', 'single_elimination', 3);
insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
select '00000000-0000-4000-8000-0000000000c1', 'C' || i, tests.get_user_id('c' || i), now(), i from generate_series(1, 4) i;

create function pg_temp.team(p_name text) returns uuid language sql security definer as $$ select id from public.teams where team_name = p_name $$;
create function pg_temp.match(p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000c1' and round = p_round and position = p_position $$;

-- Seeds 1 v 4 and 2 v 3; C1 and C2 win their semi-finals 2-0, C1 wins the final.
select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000c1', 'manual');
select public.set_match_result(pg_temp.match(1, 1), '[{"winner": 1}, {"winner": 1}]');
select public.set_match_result(pg_temp.match(1, 2), '[{"winner": 1}, {"winner": 1}]');
select public.set_match_result(pg_temp.match(2, 1), '[{"winner": 1}, {"winner": 2}, {"winner": 1}]');
select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000c1'), null,
  'the final completes the tournament');

-- The first semi-final was 2-1, not 2-0: C1 still won it.
select lives_ok($$ select public.set_match_result(pg_temp.match(1, 1), '[{"winner": 1}, {"winner": 2}, {"winner": 1}]') $$,
  'a correction that keeps the winner needs no confirmation');
select results_eq($$ select team1_score, team2_score, winner_id from public.matches where id = pg_temp.match(1, 1) $$,
  $$ values (2::smallint, 1::smallint, pg_temp.team('C1')) $$, 'the corrected score is kept');
select results_eq($$ select team1_id, team2_id, winner_id, public.state(m) from public.matches m where id = pg_temp.match(2, 1) $$,
  $$ values (pg_temp.team('C1'), pg_temp.team('C2'), pg_temp.team('C1'), 'done') $$,
  'the final played on it keeps its teams and result');
select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000c1'), null,
  'the tournament is still completed');
select is((select placement from public.placements where team_id = pg_temp.team('C1')), 1, 'the champion keeps first place');
select results_eq($$ select action from public.match_result_changes where tournament_id = '00000000-0000-4000-8000-0000000000c1' order by id $$,
  $$ values ('set'), ('set'), ('set'), ('set') $$, 'the audit log has the correction and no reset');

-- A correction that changes the winner still asks first.
select throws_ok($$ select public.set_match_result(pg_temp.match(1, 1), '[{"winner": 2}, {"winner": 2}]') $$,
  'Later matches were played after this result: confirm to reset them.', 'a changed winner asks before resetting the final');
select is((select public.state(m) from public.matches m where id = pg_temp.match(2, 1)), 'done', 'and without the confirmation nothing moved');

select * from finish();
rollback;
