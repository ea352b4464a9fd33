-- "Close check-in now": an administrator ends check-in at once and its close is settled as the clock
-- settles it (a twin tournament closed by its schedule ends the same way); nobody else may; not for a
-- started, cancelled or unscheduled tournament.
begin;
\ir helpers/test-helpers.psql
select plan(16);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#QQQQQQQQ' || i))
from generate_series(1, 4) i;

-- Two twins, two slots each, check-in open since ten minutes: p1 checked in, p2 registered and a
-- no-show, p3 waitlisted and checked in, p4 waitlisted without checking in. Now: closed by the button;
-- Clock: closed by its schedule. Later: check-in not open yet. Unset: no start time.
insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, starts_at, checkin_opens_at) values
  ('00000000-0000-4000-8000-000000002501', 'Now', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/n1', '1v1',
   'single_elimination', now() + interval '1 hour', now() - interval '10 minutes'),
  ('00000000-0000-4000-8000-000000002502', 'Clock', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/n2', '1v1',
   'single_elimination', now() + interval '1 hour', now() - interval '10 minutes'),
  ('00000000-0000-4000-8000-000000002503', 'Later', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/n3', '1v1',
   'single_elimination', now() + interval '1 day', null),
  ('00000000-0000-4000-8000-000000002504', 'Unset', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/n4', '1v1',
   'single_elimination', null, null);
insert into public.teams (id, tournament_id, registered_by, status, checked_in_at, registered_at)
select ('00000000-0000-4000-8000-0000000025' || right(t::text, 1) || p)::uuid, ('00000000-0000-4000-8000-00000000250' || t)::uuid,
       tests.get_user_id('p' || p), case when p <= 2 then 'registered' else 'waitlisted' end,
       case when p in (1, 3) then now() end, now() - (10 - p) * interval '1 minute'
from generate_series(1, 3) t, generate_series(1, 4) p;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select t.id, t.tournament_id, 1, '#QQQQQQQQ' || right(t.id::text, 1), 'Q' || right(t.id::text, 1)
from public.teams t where t.tournament_id::text like '00000000-0000-4000-8000-00000000250%';

-- Nobody but an administrator.
select tests.clear_authentication();
select throws_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002501') $$,
  '42501', null, 'a visitor cannot close check-in');
select tests.authenticate_as('p1');
select throws_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002501') $$,
  'BC002', null, 'nor a player, even one in the tournament');
select tests.authenticate_as_service_role();
select is((select checkin_settled_at from public.tournaments where id = '00000000-0000-4000-8000-000000002501'), null,
  'and check-in is still open');

-- The administrator closes it now; the twin closes by its schedule (moved to the past, as time would).
select tests.authenticate_as_admin();
select lives_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002501') $$,
  'the administrator closes check-in now');
reset role;
update public.tournaments set checkin_closes_at = now() - interval '1 second', checkin_opens_at = now() - interval '10 minutes'
where id = '00000000-0000-4000-8000-000000002502';
select public.settle_check_in('00000000-0000-4000-8000-000000002502');
select tests.authenticate_as_service_role();
select ok((select public.checkin_closes(t) <= now() and t.checkin_settled_at is not null
           from public.tournaments t where t.id = '00000000-0000-4000-8000-000000002501'),
  'check-in is closed and its close settled at once');
select results_eq(
  $$ select right(registered_by::text, 12), status from public.teams where tournament_id = '00000000-0000-4000-8000-000000002501'
     order by registered_by $$,
  $$ select right(registered_by::text, 12), status from public.teams where tournament_id = '00000000-0000-4000-8000-000000002502'
     order by registered_by $$,
  'its teams end as the twin''s closed by the clock');
select results_eq(
  $$ select status from public.teams where tournament_id = '00000000-0000-4000-8000-000000002501' order by right(id::text, 1) $$,
  array['registered', 'waitlisted', 'registered', 'waitlisted'],
  'the no-show (p2) gave its slot to the checked-in waitlisted team (p3); p4 stays waitlisted');
select tests.authenticate_as('p2');
select throws_ok($$ select public.check_in('00000000-0000-4000-8000-000000002512') $$,
  'BC401', null, 'a captain can no longer check in');
select tests.authenticate_as_admin();
select lives_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002501') $$,
  'closing again changes nothing and does not fail');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-000000002501', 'checkin') $$,
  'the tournament starts at once, before its start time');
select throws_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002501') $$,
  'BC405', null, 'a started tournament''s check-in cannot be closed');

-- Not open yet: it opens and closes now; teams checked in by hand keep their slots.
select lives_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002503') $$,
  'check-in that has not opened yet can be closed now');
select ok((select public.checkin_opens(t) < public.checkin_closes(t) and public.checkin_closes(t) <= now()
                  and public.registration_closes(t) <= now() and t.checkin_settled_at is not null
           from public.tournaments t where t.id = '00000000-0000-4000-8000-000000002503'),
  'it opened and closed in order, and registration closed with it');

select throws_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002504') $$,
  'BCP01', null, 'without a start time there is no check-in to close');
select throws_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002599') $$,
  'BC003', null, 'an unknown tournament says so');
reset role;
update public.tournaments set cancelled_at = now() where id = '00000000-0000-4000-8000-000000002503';
select tests.authenticate_as_admin();
select throws_ok($$ select public.close_check_in('00000000-0000-4000-8000-000000002503') $$,
  'BC004', null, 'nor for a cancelled tournament');

select * from finish();
rollback;
