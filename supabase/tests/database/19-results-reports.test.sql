-- Reports hold exactly what a report is (known keys, types, ranges, size), and a confirmation names
-- the report it confirms: a report changed since the other captain saw it needs a new confirmation.
begin;
\ir helpers/test-helpers.psql
select plan(25);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('a', null, '{}', '{"username": "Alpha", "game_id": "#AAAAAAAA1"}');
select tests.create_user('b', null, '{}', '{"username": "Bravo", "game_id": "#BBBBBBBB1"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, best_of) values
  ('00000000-0000-4000-8000-000000001901', 'Reports', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/re', '1v1', 3);
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed) values
  ('00000000-0000-4000-8000-000000001911', '00000000-0000-4000-8000-000000001901', tests.get_user_id('a'), now(), 1),
  ('00000000-0000-4000-8000-000000001912', '00000000-0000-4000-8000-000000001901', tests.get_user_id('b'), now(), 2);
create function pg_temp.final() returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-000000001901' $$;
select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-000000001901', 'manual');

-- ---------------------------------------------------------------------------------------------
-- The games' shape (item 4)

select tests.authenticate_as('a');
select throws_ok($$ select public.report_match(pg_temp.final(), jsonb_build_array(
                      jsonb_build_object('winner', 1, 'junk', repeat('x', 100000)), '{"winner": 1}')) $$,
  'BC619', null, 'a game with an unknown field is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), jsonb_build_array(
                      jsonb_build_object('winner', 1, 'team1_score', repeat('9', 1000)), '{"winner": 1}')) $$,
  'BC619', null, 'a report over 1 KB is refused whatever it holds');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": -5, "team2_score": 0}, {"winner": 1}]') $$,
  'BC619', null, 'a negative score is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": 1000000, "team2_score": 0}, {"winner": 1}]') $$,
  'BC619', null, 'an absurd score is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": 2.5, "team2_score": 0}, {"winner": 1}]') $$,
  'BC619', null, 'a score that is not a whole number is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": "3", "team2_score": 0}, {"winner": 1}]') $$,
  'BC619', null, 'a score written as a string is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": 3}, {"winner": 1}]') $$,
  'BC619', null, 'one team''s score without the other''s is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": 0, "team2_score": 3}, {"winner": 1}]') $$,
  'BC619', null, 'a winner with the lower score is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1.0}, {"winner": 1}]') $$,
  'BC607', null, 'a winner that is not exactly 1 or 2 is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[{"winner": true}, {"winner": 1}]') $$,
  'BC607', null, 'a winner that is not a number is refused');
select throws_ok($$ select public.report_match(pg_temp.final(), '[[1], {"winner": 1}]') $$,
  'BC607', null, 'a game that is not an object is refused');
select lives_ok($$ select public.report_match(pg_temp.final(), '[{"winner": 1, "team1_score": 3, "team2_score": 1}, {"winner": "2"}, {"winner": 1}]') $$,
  'a well-formed report is taken, with scores or without');
select is(tests.report_version(pg_temp.final()), 1, 'it is the match''s report version 1');
select results_eq($$ select games, team1_score, team2_score from public.matches where id = pg_temp.final() $$,
  $$ values ('[{"winner": 1, "team1_score": 3, "team2_score": 1}, {"winner": 2}, {"winner": 1}]'::jsonb, 2::smallint, 1::smallint) $$,
  'the games are stored in their one shape (a winner written "2" is kept as the number 2)');

-- An administrator's result is held to the same shape.
select tests.authenticate_as_admin();
select throws_ok($$ select public.set_match_result(pg_temp.final(), jsonb_build_array(
                      jsonb_build_object('winner', 1, 'note', 'x'), '{"winner": 1}')) $$,
  'BC619', null, 'an administrator''s result with an unknown field is refused too');
reset role;
select throws_ok($$ update public.matches set games = jsonb_build_array(repeat('x', 2000)) where id = pg_temp.final() $$,
  '23514', null, 'the table itself refuses games over 1 KB, whoever writes them (here the owner, past every function)');

-- ---------------------------------------------------------------------------------------------
-- Confirmation names the report (item 5)

-- B saw version 1 (2-1 for A); A reports again, 2-0.
select tests.authenticate_as('a');
select public.report_match(pg_temp.final(), '[{"winner": 1}, {"winner": 1}]');
select is(tests.report_version(pg_temp.final()), 2, 'a new report is version 2');
select tests.authenticate_as('b');
select throws_ok($$ select public.confirm_match(pg_temp.final(), 1) $$,
  'BC620', null, 'confirming the report B saw (version 1) after A changed it is refused');
select throws_ok($$ select public.confirm_match(pg_temp.final(), null) $$,
  'BC620', null, 'a confirmation that names no version is refused');
select results_eq($$ select confirmed_at is null, team1_score, team2_score from public.matches where id = pg_temp.final() $$,
  $$ values (true, 2::smallint, 0::smallint) $$, 'nothing was confirmed');
select tests.authenticate_as('a');
select throws_ok($$ select public.confirm_match(pg_temp.final(), 2) $$,
  'BC610', null, 'the reporting captain still cannot confirm their own report');
select tests.authenticate_as('b');
select lives_ok($$ select public.confirm_match(pg_temp.final(), 2) $$, 'confirming the version B sees now is taken');
select results_eq($$ select public.state(m), team1_score, team2_score, report_version from public.matches m where id = pg_temp.final() $$,
  $$ values ('done', 2::smallint, 0::smallint, 2) $$, 'the result B confirmed is the one recorded');
select lives_ok($$ select public.confirm_match(pg_temp.final(), 2) $$, 'a second click on the same confirmation changes nothing');

-- A correction resets the report; an old confirmation can never match a later report.
select tests.authenticate_as_service_role();
select is((select report_version from public.matches where id = pg_temp.final()), 2, 'versions are never reset');

select * from finish();
rollback;
