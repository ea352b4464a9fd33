-- The time before the first match: schedule and phase, registration against the schedule, the
-- waitlist and its promotions, withdrawal, check-in and its settlement, teammates, the Discord link.
begin;
\ir helpers/test-helpers.psql
select plan(78);

select tests.create_user('alice', null, '{}', '{"username": "alice", "game_id": "#AAAAAAAA1"}');
select tests.create_user('bob', null, '{}', '{"username": "bob", "game_id": "#BBBBBBBB2"}');
select tests.create_user('carol', null, '{}', '{"username": "carol", "game_id": "#CCCCCCCC3"}');
select tests.create_user('dan', null, '{}', '{"username": "dan", "game_id": "#DDDDDDDD4"}');
select tests.create_user('admin', null, '{"role": "admin"}');

-- Tournaments at every point of the schedule (now() is fixed for the transaction).
insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, starts_at,
                                checkin_opens_at, checkin_closes_at) values
  ('00000000-0000-4000-8000-0000000000a1', 'To Be Announced', 'TBA.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/tba', '1v1', null, null, null),
  ('00000000-0000-4000-8000-0000000000a2', 'Next Week', 'Open.', '/banners/solo-showdown.svg', 1, 'https://discord.gg/open', '1v1', now() + interval '7 days', null, null),
  ('00000000-0000-4000-8000-0000000000a3', 'Checking In', 'Check-in.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/checkin', '1v1', now() + interval '30 minutes', null, null),
  ('00000000-0000-4000-8000-0000000000a4', 'Settling', 'Settle.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/settle', '1v1', now() + interval '10 minutes',
   now() - interval '2 hours', now() - interval '1 minute'),
  ('00000000-0000-4000-8000-0000000000a5', 'Duo Week', 'Duo.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2', now() + interval '7 days', null, null);

-- ---------------------------------------------------------------------------------------------
-- Schedule and phase

select is(public.phase(t), 'registration_open', 'a tournament without a start time is open for registration')
from public.tournaments t where name = 'To Be Announced';
select is(public.phase(t), 'registration_open', 'a tournament next week is open for registration')
from public.tournaments t where name = 'Next Week';
select is(public.phase(t), 'check_in', 'within the hour before the start, check-in is open')
from public.tournaments t where name = 'Checking In';
select is(public.phase(t), 'registration_closed', 'after check-in closes and before the start, registration is closed')
from public.tournaments t where name = 'Settling';
select results_eq(
  $$ select public.checkin_opens(t), public.checkin_closes(t), public.registration_closes(t) from public.tournaments t where name = 'Next Week' $$,
  $$ select now() + interval '7 days' - interval '60 minutes', now() + interval '7 days', now() + interval '7 days' - interval '60 minutes' $$,
  'check-in opens an hour before the start and closes at it; registration closes when check-in opens');

select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, starts_at)
  values ('Past', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/x', '1v1', now() - interval '1 minute') $$,
  'BC207', 'The start time must be in the future.', 'a start time in the past is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, starts_at, checkin_opens_at, checkin_closes_at)
  values ('Upside', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/x', '1v1', now() + interval '1 day', now() + interval '20 hours', now() + interval '19 hours') $$,
  'BC208', 'Check-in must open before it closes.', 'check-in closing before it opens is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, starts_at, checkin_closes_at)
  values ('Late', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/x', '1v1', now() + interval '1 day', now() + interval '2 days') $$,
  'BC209', 'Check-in must close by the start time.', 'check-in closing after the start is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, starts_at, registration_closes_at)
  values ('Reg', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/x', '1v1', now() + interval '1 day', now() + interval '25 hours') $$,
  'BC210', 'Registration must close by the end of check-in.', 'registration closing after check-in is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, checkin_opens_at)
  values ('No start', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/x', '1v1', now() + interval '1 day') $$,
  'BC206', 'Set a start time before the check-in and registration times.', 'check-in times need a start time');
select throws_ok($$ update public.tournaments set best_of = 2 where name = 'Next Week' $$,
  '23514', null, 'best of 2 is not a match length');

-- ---------------------------------------------------------------------------------------------
-- The waitlist (Next Week has one slot)

select tests.authenticate_as('alice');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "Alice"}]') $$,
  'alice takes the only slot');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a3', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "Alice"}]') $$,
  'BC302', 'Registration is closed.', 'registration is closed once check-in opens');

select tests.authenticate_as('bob');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "BBBBBBBB2", "in_game_name": "Bob"}]') $$,
  'BC316', 'The tournament is full', 'a full tournament still says it is full');
select is((public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "BBBBBBBB2", "in_game_name": "Bob"}]', true)).status,
  'waitlisted', 'asked to, a full tournament puts the team on the waitlist');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "BBBBBBBB9", "in_game_name": "Bob"}]', true) $$,
  'BC303', 'You are already on the waitlist.', 'a player is on the waitlist once');

select tests.authenticate_as('carol');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "BBBBBBBB2", "in_game_name": "Copy"}]', true) $$,
  'BC315', 'Player ID #BBBBBBBB2 is already registered.', 'a waitlisted player ID cannot be entered again');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "CCCCCCCC3", "in_game_name": "Carol"}]', true) $$,
  'carol joins the waitlist behind bob');
select throws_ok($$ select public.withdraw_team((select id from public.teams where team_name is null and registered_by = tests.get_user_id('bob')
  and tournament_id = '00000000-0000-4000-8000-0000000000a2')) $$,
  'BC318', 'This registration no longer exists.', 'another player''s team is invisible to carol');

reset role;
select results_eq($$ select registered_teams, waitlisted_teams from public.tournaments where name = 'Next Week' $$,
  $$ values (1, 2) $$, 'one registered, two waitlisted');
select tests.clear_authentication();
select results_eq($$ select status, waitlist_position, in_game_names from public.tournament_teams('00000000-0000-4000-8000-0000000000a2') $$,
  $$ values ('registered', null::int, array['Alice']), ('waitlisted', 1, array['Bob']), ('waitlisted', 2, array['Carol']) $$,
  'visitors read the field: names, status and waitlist order');
select tests.authenticate_as('carol');
select results_eq($$ select public.waitlist_position(t) from public.teams t where registered_by = tests.get_user_id('carol') $$,
  $$ values (2) $$, 'a waitlisted captain sees their place in line');
reset role;

select tests.authenticate_as('alice');
select lives_ok($$ select public.withdraw_team((select id from public.teams where registered_by = tests.get_user_id('alice')
  and tournament_id = '00000000-0000-4000-8000-0000000000a2')) $$, 'the captain withdraws');
reset role;
select results_eq($$ select status, promoted_at is not null from public.teams where registered_by = tests.get_user_id('bob')
  and tournament_id = '00000000-0000-4000-8000-0000000000a2' $$, $$ values ('registered', true) $$,
  'the first waitlisted team takes the freed slot in the same transaction');
select results_eq($$ select registered_teams, waitlisted_teams from public.tournaments where name = 'Next Week' $$,
  $$ values (1, 1) $$, 'the counters follow the promotion');

select tests.authenticate_as('admin');
select lives_ok($$ delete from public.teams where registered_by = tests.get_user_id('bob') and tournament_id = '00000000-0000-4000-8000-0000000000a2' $$,
  'an administrator removes a team');
reset role;
select is((select status from public.teams where registered_by = tests.get_user_id('carol') and tournament_id = '00000000-0000-4000-8000-0000000000a2'),
  'registered', 'an administrator''s removal promotes the next waitlisted team');

select tests.authenticate_as('dan');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a2', null, '[{"player_id": "DDDDDDDD4", "in_game_name": "Dan"}]', true) $$,
  'dan joins the waitlist');
select tests.authenticate_as('admin');
select lives_ok($$ update public.tournaments set slots = 2 where name = 'Next Week' $$, 'an administrator adds a slot');
reset role;
select is((select status from public.teams where registered_by = tests.get_user_id('dan') and tournament_id = '00000000-0000-4000-8000-0000000000a2'),
  'registered', 'a new slot promotes the waitlist');
select results_eq($$ select registered_teams, waitlisted_teams from public.tournaments where name = 'Next Week' $$,
  $$ values (2, 0) $$, 'counters after adding the slot');

select tests.authenticate_as('bob');
select throws_ok($$ select public.withdraw_team((select id from public.teams where registered_by = tests.get_user_id('bob') limit 1)) $$,
  'BC318', 'This registration no longer exists.', 'a removed team cannot be withdrawn');

-- ---------------------------------------------------------------------------------------------
-- Check-in (Checking In is in its window; Settling's window has closed)

reset role;
insert into public.teams (id, tournament_id, team_name, registered_by, status, registered_at) values
  ('00000000-0000-4000-8000-00000000c001', '00000000-0000-4000-8000-0000000000a3', null, tests.get_user_id('alice'), 'registered', now() - interval '3 days'),
  ('00000000-0000-4000-8000-00000000c101', '00000000-0000-4000-8000-0000000000a4', null, tests.get_user_id('alice'), 'registered', now() - interval '4 days'),
  ('00000000-0000-4000-8000-00000000c102', '00000000-0000-4000-8000-0000000000a4', null, tests.get_user_id('bob'), 'registered', now() - interval '3 days'),
  ('00000000-0000-4000-8000-00000000c103', '00000000-0000-4000-8000-0000000000a4', null, tests.get_user_id('carol'), 'waitlisted', now() - interval '2 days'),
  ('00000000-0000-4000-8000-00000000c104', '00000000-0000-4000-8000-0000000000a4', null, tests.get_user_id('dan'), 'waitlisted', now() - interval '1 day');
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name) values
  ('00000000-0000-4000-8000-00000000c001', '00000000-0000-4000-8000-0000000000a3', 1, '#AAAAAAAA1', 'Alice'),
  ('00000000-0000-4000-8000-00000000c101', '00000000-0000-4000-8000-0000000000a4', 1, '#AAAAAAAA1', 'Alice'),
  ('00000000-0000-4000-8000-00000000c102', '00000000-0000-4000-8000-0000000000a4', 1, '#BBBBBBBB2', 'Bob'),
  ('00000000-0000-4000-8000-00000000c103', '00000000-0000-4000-8000-0000000000a4', 1, '#CCCCCCCC3', 'Carol'),
  ('00000000-0000-4000-8000-00000000c104', '00000000-0000-4000-8000-0000000000a4', 1, '#DDDDDDDD4', 'Dan');
update public.teams set checked_in_at = now() - interval '30 minutes'
where id in ('00000000-0000-4000-8000-00000000c101', '00000000-0000-4000-8000-00000000c103');

select tests.authenticate_as('bob');
select throws_ok($$ select public.check_in('00000000-0000-4000-8000-00000000c001') $$,
  'BC403', 'Only the captain can check the team in.', 'only the captain checks the team in');
select tests.authenticate_as('alice');
select isnt((public.check_in('00000000-0000-4000-8000-00000000c001')).checked_in_at, null, 'the captain checks in during the window');
select throws_ok($$ select public.check_in('00000000-0000-4000-8000-00000000c101') $$,
  'BC401', 'Check-in is closed.', 'no check-in after the window');
select tests.authenticate_as('dan');
select throws_ok($$ select public.check_in((select id from public.teams where registered_by = tests.get_user_id('dan') and tournament_id = '00000000-0000-4000-8000-0000000000a2')) $$,
  'BC402', 'Check-in is not open yet.', 'no check-in before the window');
select throws_ok($$ select public.withdraw_team('00000000-0000-4000-8000-00000000c104') $$,
  'BC320', 'Withdrawals are closed.', 'no withdrawal once check-in has closed');
select throws_ok($$ select public.set_check_in('00000000-0000-4000-8000-00000000c001', false) $$,
  'BC002', 'Only an administrator can do that.', 'players cannot check teams in or out by hand');
select tests.authenticate_as('admin');
select is((public.set_check_in('00000000-0000-4000-8000-00000000c001', false)).checked_in_at, null, 'an administrator checks a team out');
select isnt((public.set_check_in('00000000-0000-4000-8000-00000000c001', true)).checked_in_at, null, 'and in again');

-- Settling: alice (checked in) keeps her slot; bob (no-show) gives his to carol (checked-in, first
-- on the waitlist); dan (not checked in) stays waitlisted.
select tests.clear_authentication();
select lives_ok($$ select public.settle_check_in('00000000-0000-4000-8000-0000000000a4') $$, 'anyone may settle a closed check-in');
reset role;
select results_eq($$ select registered_by, status from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a4' order by registered_at $$,
  $$ values (tests.get_user_id('alice'), 'registered'), (tests.get_user_id('bob'), 'waitlisted'),
            (tests.get_user_id('carol'), 'registered'), (tests.get_user_id('dan'), 'waitlisted') $$,
  'no-shows give their slots to checked-in waitlisted teams in waitlist order');
select isnt((select checkin_settled_at from public.tournaments where name = 'Settling'), null, 'the settlement is recorded');
select lives_ok($$ select public.settle_check_in('00000000-0000-4000-8000-0000000000a4') $$, 'settling again is harmless');
select results_eq($$ select count(*) filter (where status = 'registered')::int from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a4' $$,
  $$ values (2) $$, 'and changes nothing');
select tests.authenticate_as('admin');
select lives_ok($$ delete from public.teams where id = '00000000-0000-4000-8000-00000000c101' $$, 'an administrator removes a team after the settlement');
reset role;
select is((select status from public.teams where id = '00000000-0000-4000-8000-00000000c102'), 'waitlisted',
  'after the settlement a team that missed check-in is not promoted');

-- ---------------------------------------------------------------------------------------------
-- Teammates

select tests.authenticate_as('bob');
select throws_ok($$ update public.profiles set game_id = '#AAAAAAAA1' where id = tests.get_user_id('bob') $$,
  'BC104', 'That player ID belongs to another account.', 'a player ID belongs to one account');
select is(public.game_id_available('aaaaaaaa1'), false, 'another account''s player ID is not available');
select is(public.game_id_available('BBBBBBBB2'), true, 'your own player ID is');
select tests.clear_authentication();
select is(public.game_id_available('#ZZZZZZZZ9'), true, 'an unclaimed player ID is available, also to visitors');

select tests.authenticate_as('alice');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a5', 'Duo', '[{"player_id": "AAAAAAAA1", "in_game_name": "Alice"}, {"player_id": "BBBBBBBB2", "in_game_name": "Bob"}]') $$,
  'alice registers a duo with bob''s player ID');
reset role;
select results_eq($$ select slot::int, user_id, confirmed_at is not null from public.team_players tp join public.teams t on t.id = tp.team_id
  where t.team_name = 'Duo' order by slot $$,
  $$ values (1, tests.get_user_id('alice'), true), (2, tests.get_user_id('bob'), false) $$,
  'each player ID is linked to its account; the captain''s own place is confirmed');

select tests.authenticate_as('bob');
select results_eq($$ select team_name from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a5' $$,
  $$ values ('Duo') $$, 'the teammate sees the team');
select results_eq($$ select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-0000000000a5' $$,
  $$ values (1) $$, 'but, invited and not yet confirmed, only its own place');
select is(public.discord_link('00000000-0000-4000-8000-0000000000a5'), null, 'and not the Discord link');
select lives_ok($$ select public.confirm_team_place((select id from public.teams where team_name = 'Duo')) $$, 'the teammate confirms');
select isnt((select confirmed_at from public.team_players where player_id = '#BBBBBBBB2' and tournament_id = '00000000-0000-4000-8000-0000000000a5'),
  null, 'the place is confirmed');
select results_eq($$ select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-0000000000a5' $$,
  $$ values (1) $$, 'until the captain accepts the account, still only its own place');
select tests.authenticate_as('alice');
select is((select public.linked_username(tp) from public.team_players tp where tp.player_id = '#BBBBBBBB2'
           and tp.tournament_id = '00000000-0000-4000-8000-0000000000a5'), 'bob', 'the captain sees who claims the place');
select lives_ok($$ select public.accept_team_player((select id from public.teams where team_name = 'Duo'), 2, true) $$,
  'the captain accepts the account');
select tests.authenticate_as('bob');
select results_eq($$ select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-0000000000a5' $$,
  $$ values (2) $$, 'now on the team, the teammate reads its players');
select is(public.discord_link('00000000-0000-4000-8000-0000000000a5'), 'https://discord.gg/duo', 'and the Discord link');

select tests.authenticate_as('carol');
select is_empty($$ select id from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a5' $$, 'others do not see the team');
select is(public.discord_link('00000000-0000-4000-8000-0000000000a5'), null, 'nor the Discord link');
select throws_ok($$ select public.confirm_team_place('00000000-0000-4000-8000-00000000c001') $$,
  'BC321', 'You are not on this team.', 'only its players confirm a place');

select tests.authenticate_as('alice');
select throws_ok($$ select public.leave_team((select id from public.teams where team_name = 'Duo')) $$,
  'BC322', 'Captains withdraw the team instead.', 'the captain cannot leave');
select tests.authenticate_as('bob');
select lives_ok($$ select public.leave_team((select id from public.teams where team_name = 'Duo')) $$, 'the teammate leaves');
select is_empty($$ select id from public.teams where team_name = 'Duo' $$, 'and no longer sees the team');

select tests.authenticate_as('alice');
select throws_ok($$ select public.fill_team_place((select id from public.teams where team_name = 'Duo'), 1, 'CCCCCCCC3', 'Carol') $$,
  'BC325', 'That place is already taken.', 'a taken place cannot be filled');
select lives_ok($$ select public.fill_team_place((select id from public.teams where team_name = 'Duo'), 2, 'CCCCCCCC3', 'Carol') $$,
  'the captain names someone else');
select tests.authenticate_as('carol');
select results_eq($$ select team_name from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a5' $$,
  $$ values ('Duo') $$, 'the new teammate sees the team');

select tests.clear_authentication();
select is(public.discord_link('00000000-0000-4000-8000-0000000000a5'), null, 'visitors do not read the Discord link');
select tests.authenticate_as('admin');
select is(public.discord_link('00000000-0000-4000-8000-0000000000a5'), 'https://discord.gg/duo', 'administrators do');

-- ---------------------------------------------------------------------------------------------
-- Cancellation

select lives_ok($$ update public.tournaments set cancelled_at = now() where name = 'To Be Announced' $$, 'an administrator cancels a tournament');
select tests.authenticate_as('dan');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a1', null, '[{"player_id": "DDDDDDDD4", "in_game_name": "Dan"}]') $$,
  'BC004', 'This tournament was cancelled.', 'a cancelled tournament takes no registrations');
reset role;
select is(public.phase(t), 'cancelled', 'its phase is cancelled') from public.tournaments t where name = 'To Be Announced';
select throws_ok($$ update public.tournaments set cancelled_at = null where name = 'To Be Announced' $$,
  'BC204', 'A cancelled tournament stays cancelled.', 'a cancellation is final');

select * from finish();
rollback;
