-- Once a tournament has started (an administrator may start it before check-in closes), its roster
-- and format are the bracket's: the close of check-in swaps nobody, and the format stays.
begin;
\ir helpers/test-helpers.psql
select plan(8);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 4) i;

-- Early: starts in two hours, check-in in the hour before. Two slots: p1 and p2 checked in, p3
-- registered but not checked in (a no-show), p4 waitlisted and checked in.
insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, starts_at) values
  ('00000000-0000-4000-8000-000000002001', 'Early', 'x', '/banners/solo-showdown.svg', 3, 'https://discord.gg/ea', '1v1',
   'single_elimination', now() + interval '2 hours'),
  ('00000000-0000-4000-8000-000000002002', 'Circle', 'x', '/banners/solo-showdown.svg', 3, 'https://discord.gg/ci', '1v1',
   'round_robin', null);
insert into public.teams (id, tournament_id, registered_by, status, checked_in_at) values
  ('00000000-0000-4000-8000-000000002011', '00000000-0000-4000-8000-000000002001', tests.get_user_id('p1'), 'registered', now()),
  ('00000000-0000-4000-8000-000000002012', '00000000-0000-4000-8000-000000002001', tests.get_user_id('p2'), 'registered', now()),
  ('00000000-0000-4000-8000-000000002013', '00000000-0000-4000-8000-000000002001', tests.get_user_id('p3'), 'registered', null),
  ('00000000-0000-4000-8000-000000002014', '00000000-0000-4000-8000-000000002001', tests.get_user_id('p4'), 'waitlisted', now()),
  ('00000000-0000-4000-8000-000000002021', '00000000-0000-4000-8000-000000002002', tests.get_user_id('p1'), 'registered', now()),
  ('00000000-0000-4000-8000-000000002022', '00000000-0000-4000-8000-000000002002', tests.get_user_id('p2'), 'registered', now()),
  ('00000000-0000-4000-8000-000000002023', '00000000-0000-4000-8000-000000002002', tests.get_user_id('p3'), 'registered', now());
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select t.id, t.tournament_id, 1, '#PPPPPPPP' || right(t.id::text, 1), 'P' || right(t.id::text, 1)
from public.teams t where t.tournament_id in ('00000000-0000-4000-8000-000000002001', '00000000-0000-4000-8000-000000002002');

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-000000002001', 'random');
select public.start_tournament('00000000-0000-4000-8000-000000002002', 'manual');

-- Check-in closes (the schedule moved to the past, as time would).
reset role;
update public.tournaments set checkin_opens_at = now() - interval '2 hours', checkin_closes_at = now() - interval '1 minute'
where id = '00000000-0000-4000-8000-000000002001';

select tests.clear_authentication();
select lives_ok($$ select public.settle_check_in('00000000-0000-4000-8000-000000002001') $$,
  'anyone may still ask to settle the close of check-in');
select tests.authenticate_as_service_role();
select results_eq($$ select registered_by, status from public.teams where tournament_id = '00000000-0000-4000-8000-000000002001'
                     order by registered_by $$,
  $$ select registered_by, status from (values (tests.get_user_id('p1'), 'registered'), (tests.get_user_id('p2'), 'registered'),
                                               (tests.get_user_id('p3'), 'registered'), (tests.get_user_id('p4'), 'waitlisted')) v (registered_by, status)
     order by registered_by $$,
  'after the start nobody is swapped: the no-show keeps its place, the waitlisted team stays waitlisted');
select is((select checkin_settled_at from public.tournaments where id = '00000000-0000-4000-8000-000000002001'), null,
  'and the close of check-in is left unsettled');
select tests.authenticate_as('p4');
select is(public.discord_link('00000000-0000-4000-8000-000000002001'), null,
  'the waitlisted team that is not in the bracket does not get the invite');

-- The format is the bracket's.
select tests.authenticate_as_admin();
select throws_ok($$ update public.tournaments set format = 'single_elimination' where id = '00000000-0000-4000-8000-000000002002' $$,
  'BC211', null, 'a started round robin cannot become an elimination bracket');
select throws_ok($$ update public.tournaments set format = 'round_robin' where id = '00000000-0000-4000-8000-000000002001' $$,
  'BC211', null, 'nor a started elimination bracket a round robin');
select lives_ok($$ update public.tournaments set format = 'round_robin', description = 'y' where id = '00000000-0000-4000-8000-000000002002' $$,
  'an edit that keeps the format is taken');
select public.reset_tournament('00000000-0000-4000-8000-000000002002');
select lives_ok($$ update public.tournaments set format = 'double_elimination' where id = '00000000-0000-4000-8000-000000002002' $$,
  'after a reset (before any result) the format can change again');

select * from finish();
rollback;
