-- The tournament itself: starting (single elimination with byes, round robin), reporting,
-- confirming and disputing results, winners moving on and the tournament completing.
begin;
\ir helpers/test-helpers.psql
select plan(45);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('u' || i, null, '{}', jsonb_build_object('username', 'u' || i, 'game_id', '#AAAAAAAA' || i)) from generate_series(1, 5) i;
select tests.create_user('outsider', null, '{}', '{"username": "outsider", "game_id": "#OOOOOOOO9"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000b1', 'Knockout', 'SE.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/se', '1v1', 'single_elimination', 3),
  ('00000000-0000-4000-8000-0000000000b2', 'League', 'RR.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/rr', '1v1', 'round_robin', 1),
  ('00000000-0000-4000-8000-0000000000b4', 'Twice', 'DE.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/de', '1v1', 'double_elimination', 1),
  ('00000000-0000-4000-8000-0000000000b3', 'Lonely', 'One.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/one', '1v1', 'single_elimination', 1);
-- Five checked-in teams in the knockout, seeded 1 to 5 by their owner's number; three in the league.
insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
select '00000000-0000-4000-8000-0000000000b1', 'T' || i, tests.get_user_id('u' || i), now(), i from generate_series(1, 5) i;
insert into public.teams (tournament_id, team_name, registered_by, checked_in_at)
select '00000000-0000-4000-8000-0000000000b2', 'R' || i, tests.get_user_id('u' || i), now() from generate_series(1, 3) i;
insert into public.teams (tournament_id, team_name, registered_by, checked_in_at, seed)
select '00000000-0000-4000-8000-0000000000b4', 'D' || i, tests.get_user_id('u' || i), now(), i from generate_series(1, 4) i;
insert into public.teams (tournament_id, team_name, registered_by, checked_in_at)
values ('00000000-0000-4000-8000-0000000000b3', 'Alone', tests.get_user_id('u1'), now());

create function pg_temp.team(p_name text) returns uuid language sql security definer as $$ select id from public.teams where team_name = p_name $$;
create function pg_temp.match(p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000b1' and round = p_round and position = p_position $$;

-- ---------------------------------------------------------------------------------------------
-- Start

select tests.clear_authentication();
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b1') $$, '42501',
  'permission denied for function start_tournament', 'the anonymous cannot start a tournament');
select tests.authenticate_as('u1');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b1') $$,
  'Only an administrator or a co-organiser of this tournament can start it.', 'a player cannot start a tournament');
select throws_ok($$ select public.set_seed(pg_temp.team('T1'), 2) $$,
  'Only an administrator or a co-organiser of this tournament can seed its teams.', 'a player cannot seed teams');
select tests.authenticate_as_admin();
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b3') $$,
  'A tournament needs at least 2 checked-in teams to start.', 'one team is not a tournament');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b1', 'alphabetical') $$,
  'Seeding is random, checkin or manual.', 'an unknown seeding is refused');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b1', 'manual', 4) $$,
  'Groups are for round robin, with at least 2 teams each.', 'groups are for round robin');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b1', 'manual') $$,
  'the administrator starts the knockout with manual seeding');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000b1') $$,
  'The tournament has already started.', 'a started tournament cannot start again');
select throws_ok($$ select public.set_seed(pg_temp.team('T1'), 2) $$,
  'The tournament has already started.', 'seeds are fixed once started');

select is((select count(*)::integer from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000b1'), 7,
  'five teams make a bracket of eight: 4 + 2 + 1 matches');
select results_eq($$ select team1_id, team2_id, is_bye from public.matches
                     where tournament_id = '00000000-0000-4000-8000-0000000000b1' and round = 1 order by position $$,
  $$ values (pg_temp.team('T1'), null::uuid, true), (pg_temp.team('T4'), pg_temp.team('T5'), false),
            (pg_temp.team('T2'), null::uuid, true), (pg_temp.team('T3'), null::uuid, true) $$,
  'the top three seeds get the byes; 4 plays 5');
select results_eq($$ select team1_id, team2_id from public.matches
                     where tournament_id = '00000000-0000-4000-8000-0000000000b1' and round = 2 order by position $$,
  $$ values (pg_temp.team('T1'), null::uuid), (pg_temp.team('T2'), pg_temp.team('T3')) $$,
  'byes move on at the start');
select is(public.state(m), 'waiting_for_opponent', 'seed 1 waits for the winner of 4 against 5')
from public.matches m where id = pg_temp.match(2, 1);

-- ---------------------------------------------------------------------------------------------
-- Reporting

select tests.authenticate_as('outsider');
select throws_ok($$ select public.report_match(pg_temp.match(1, 2), '[{"winner": 1}, {"winner": 1}]') $$,
  'Only the two captains can report this match.', 'someone else cannot report');
select tests.authenticate_as('u1');
select throws_ok($$ select public.report_match(pg_temp.match(2, 1), '[{"winner": 1}, {"winner": 1}]') $$,
  'This match is waiting for its opponent.', 'a match cannot be reported before both teams are known');
select tests.authenticate_as('u4');
select throws_ok($$ select public.report_match(pg_temp.match(1, 2), '[{"winner": 1}, {"winner": 1}, {"winner": 1}]') $$,
  'A best of 3 ends when a team wins 2 games.', 'no 3-0 in a best of 3');
select throws_ok($$ select public.report_match(pg_temp.match(1, 2), '[{"winner": 1}]') $$,
  'A best of 3 ends when a team wins 2 games.', 'no 1-0 in a best of 3');
select throws_ok($$ select public.report_match(pg_temp.match(1, 2), '[{"winner": 3}, {"winner": 1}]') $$,
  'Each game needs its winner.', 'a game is won by team 1 or team 2');
select lives_ok($$ select public.report_match(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 1}, {"winner": 1}]') $$,
  'captain 4 reports 2-1');
select throws_ok($$ select public.confirm_match(pg_temp.match(1, 2), tests.report_version(pg_temp.match(1, 2))) $$,
  'The other captain confirms the result.', 'the reporter cannot confirm');
select tests.authenticate_as('u5');
select lives_ok($$ select public.dispute_match(pg_temp.match(1, 2), 'We won game 3.') $$, 'captain 5 disputes');
select is(public.state(m), 'disputed', 'the match is disputed') from public.matches m where id = pg_temp.match(1, 2);
select tests.authenticate_as('u4');
select throws_ok($$ select public.report_match(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 1}, {"winner": 1}]') $$,
  'This result is disputed: an administrator settles it.', 'a disputed match cannot be reported again (11-brackets-iii per role)');
select tests.authenticate_as_admin();
select public.set_match_result(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 1}, {"winner": 1}]');
select public.set_match_result(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 1}, {"winner": 1}]');
select results_eq($$ select team1_id, team2_id from public.matches where id = pg_temp.match(2, 1) $$,
  $$ values (pg_temp.team('T1'), pg_temp.team('T4')) $$, 'the confirmed winner moves on once');

-- ---------------------------------------------------------------------------------------------
-- Completion and round robin

select tests.authenticate_as('u1');
select public.report_match(pg_temp.match(2, 1), '[{"winner": 1}, {"winner": 1}]');
select tests.authenticate_as('u2');
select public.report_match(pg_temp.match(2, 2), '[{"winner": 1}, {"winner": 1}]');
select tests.authenticate_as('u4');
select public.confirm_match(pg_temp.match(2, 1), tests.report_version(pg_temp.match(2, 1)));
select tests.authenticate_as('u3');
select public.confirm_match(pg_temp.match(2, 2), tests.report_version(pg_temp.match(2, 2)));
select tests.authenticate_as('u1');
select public.report_match(pg_temp.match(3, 1), '[{"winner": 2}, {"winner": 2}]');
select tests.authenticate_as('u2');
select public.confirm_match(pg_temp.match(3, 1), tests.report_version(pg_temp.match(3, 1)));
select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000b1'), null,
  'the confirmed final completes the tournament');
select is((select winner_id from public.matches where id = pg_temp.match(3, 1)), pg_temp.team('T2'), 'seed 2 is champion');

select results_eq($$ select team_id, placement from public.standings('00000000-0000-4000-8000-0000000000b1') order by placement, team_id $$,
  $$ select * from (values (pg_temp.team('T2'), 1), (pg_temp.team('T1'), 2), (pg_temp.team('T1'), 0)) v (t, p) where p > 0
     union all select t, 3 from (values (pg_temp.team('T3')), (pg_temp.team('T4'))) v (t)
     union all select pg_temp.team('T5'), 5 order by 2, 1 $$,
  'standings: champion, finalist, 3rd-4th for the semi-finalists, 5th for the first-round loser');

-- ---------------------------------------------------------------------------------------------
-- Administrator: corrections, forfeits, the audit log, reset

select tests.authenticate_as('u1');
select throws_ok($$ select public.set_match_result(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 2}]') $$,
  'Only an administrator or this tournament''s staff can set a result.', 'a captain cannot set a result');
select throws_ok($$ select public.reset_tournament('00000000-0000-4000-8000-0000000000b1') $$,
  'Only an administrator or a co-organiser of this tournament can reset it.', 'a player cannot reset a tournament');
select is((select count(*)::integer from public.match_result_changes), 0, 'players cannot read the audit log');
select tests.authenticate_as_admin();
select throws_ok($$ select public.reset_tournament('00000000-0000-4000-8000-0000000000b1') $$,
  'A completed tournament cannot be restarted.', 'a completed tournament cannot be restarted');
select throws_ok($$ select public.set_match_result(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 2}]') $$,
  'Later matches were played after this result: confirm to reset them.', 'a correction that later matches played on asks first');
select lives_ok($$ select public.set_match_result(pg_temp.match(1, 2), '[{"winner": 2}, {"winner": 2}]', true) $$,
  'with the confirmation, the correction resets what followed');
select results_eq($$ select team1_id, team2_id, public.state(m) from public.matches m where id = pg_temp.match(2, 1) $$,
  $$ values (pg_temp.team('T1'), pg_temp.team('T5'), 'ready') $$, 'the corrected winner takes the place, the match is to replay');
select is((select public.state(m) from public.matches m where id = pg_temp.match(3, 1)), 'waiting_for_opponent', 'the final waits again');
select is((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000b1'), null, 'the tournament is in progress again');
select throws_ok($$ select public.forfeit_match(pg_temp.match(2, 1), pg_temp.team('T2'), 'forfeit') $$,
  'The winner must be one of the two teams of this match.', 'a forfeit is won by one of the two teams');
select throws_ok($$ select public.forfeit_match(pg_temp.match(2, 1), pg_temp.team('T1'), 'rain') $$,
  'The reason is forfeit or no_show.', 'a forfeit has a known reason');
select lives_ok($$ select public.forfeit_match(pg_temp.match(2, 1), pg_temp.team('T1'), 'no_show') $$, 'a no-show is recorded');
select results_eq($$ select action from public.match_result_changes where tournament_id = '00000000-0000-4000-8000-0000000000b1' order by id $$,
  $$ values ('set'), ('set'), ('confirmed'), ('confirmed'), ('confirmed'), ('reset'), ('reset'), ('set'), ('no_show') $$,
  'the administrator reads every change in the audit log');
select is((select (before->>'winner_id')::uuid from public.match_result_changes
           where tournament_id = '00000000-0000-4000-8000-0000000000b1' and action = 'set' order by id desc limit 1), pg_temp.team('T4'),
  'the log keeps the result before the change');

select public.start_tournament('00000000-0000-4000-8000-0000000000b2');
select tests.clear_authentication();
select is((select count(*)::integer from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000b2'), 3,
  'anyone reads the league: three teams play three matches');
select is((select count(distinct least(team1_id, team2_id)::text || greatest(team1_id, team2_id)::text)::integer
           from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000b2'), 3, 'every pair meets once');


-- ---------------------------------------------------------------------------------------------
-- Double elimination

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000b4', 'manual');
select results_eq($$ select bracket, count(*)::integer from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000b4'
                     group by bracket order by bracket $$,
  $$ values ('grand_final', 2), ('losers', 2), ('winners', 3) $$,
  'four teams: three winners-bracket matches, two losers-bracket rounds, a grand final and its reset');
select public.set_match_result(id, '[{"winner": 1}]') from public.matches
where tournament_id = '00000000-0000-4000-8000-0000000000b4' and bracket = 'winners' and round = 1 and position = 1;
select results_eq($$ select team1_id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000b4'
                     and bracket = 'losers' and round = 1 $$,
  $$ values (pg_temp.team('D4')) $$, 'the loser of 1 against 4 drops to the losers bracket');

select * from finish();
rollback;
