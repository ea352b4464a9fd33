-- Tournament staff: who may do what on one tournament, per role, as the other matrices test it:
-- anon, a player (a captain in it), a moderator and a co-organiser of it, a co-organiser of another
-- tournament, and the administrator. Co-organisers run it but cannot delete it; moderators check in
-- and settle results; staff of another tournament get nothing here.
begin;
\ir helpers/test-helpers.psql
select plan(66);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('co', null, '{}', '{"username": "CoOrg"}');
select tests.create_user('co2', null, '{}', '{"username": "CoOrg2"}');
select tests.create_user('mod', null, '{}', '{"username": "Mod"}');
select tests.create_user('helper', null, '{}', '{"username": "Helper"}');
select tests.create_user('twin1', null, '{}', '{"username": "Twin"}');
select tests.create_user('twin2', null, '{}', '{"username": "twin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 4) i;

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-0000000000a1', 'Staffed', 'Run by its staff.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/st', '1v1'),
  ('00000000-0000-4000-8000-0000000000a2', 'Other', 'Another cup.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/ot', '1v1');
insert into public.tournament_staff (tournament_id, user_id, role) values
  ('00000000-0000-4000-8000-0000000000a1', tests.get_user_id('co'), 'co_organiser'),
  ('00000000-0000-4000-8000-0000000000a1', tests.get_user_id('mod'), 'moderator'),
  ('00000000-0000-4000-8000-0000000000a2', tests.get_user_id('co2'), 'co_organiser');
insert into public.teams (id, tournament_id, registered_by, seed)
select ('00000000-0000-4000-8000-00000000a10' || i)::uuid, '00000000-0000-4000-8000-0000000000a1', tests.get_user_id('p' || i), i
from generate_series(1, 4) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id)
select ('00000000-0000-4000-8000-00000000a10' || i)::uuid, '00000000-0000-4000-8000-0000000000a1', 1, '#PPPPPPPP' || i, 'P' || i,
       tests.get_user_id('p' || i)
from generate_series(1, 4) i;

-- Reading the staff.
select tests.clear_authentication();
select throws_ok($$ select * from public.tournament_staff $$, '42501', null, 'anon cannot read the staff');
select tests.authenticate_as('p1');
select is_empty($$ select * from public.tournament_staff $$, 'a player reads no staff');
select is_empty($$ select * from public.staff_members('00000000-0000-4000-8000-0000000000a1') $$, 'a player lists no staff');
select tests.authenticate_as('co2');
select results_eq($$ select count(*)::int from public.tournament_staff $$, $$ values (1) $$,
  'a co-organiser of another tournament reads only that tournament''s staff');
select tests.authenticate_as('mod');
select results_eq($$ select username, role from public.staff_members('00000000-0000-4000-8000-0000000000a1') $$,
  $$ values ('CoOrg', 'co_organiser'), ('Mod', 'moderator') $$, 'a moderator lists the staff with usernames');

-- Adding and removing staff.
select throws_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'Helper', 'moderator') $$,
  'BCS01', 'Only an administrator or a co-organiser of this tournament can change its staff.', 'a moderator cannot add staff');
select is_empty($$ delete from public.tournament_staff where role = 'co_organiser' returning user_id $$,
  'a moderator cannot remove staff');
select tests.authenticate_as('p1');
select throws_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'p1', 'co_organiser') $$,
  'BCS01', null, 'a player cannot make themselves staff');
select throws_ok($$ insert into public.tournament_staff (tournament_id, user_id, role)
                    values ('00000000-0000-4000-8000-0000000000a1', tests.get_user_id('p1'), 'co_organiser') $$,
  '42501', null, 'a player cannot insert a staff row');
select tests.authenticate_as('co2');
select throws_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'Helper', 'moderator') $$,
  'BCS01', null, 'a co-organiser of another tournament cannot add staff here');
select is_empty($$ delete from public.tournament_staff where tournament_id = '00000000-0000-4000-8000-0000000000a1' returning user_id $$,
  'a co-organiser of another tournament cannot remove staff here');
select tests.authenticate_as('co');
select results_eq($$ select role from public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', ' helper ', 'moderator') $$,
  $$ values ('moderator') $$, 'a co-organiser adds a moderator by username (case and spaces aside)');
select results_eq($$ select role, added_by from public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'Helper', 'co_organiser') $$,
  $$ values ('co_organiser', tests.get_user_id('co')) $$, 'adding them again changes their role');
select throws_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'Nobody', 'moderator') $$,
  'BCS03', 'No player has the username Nobody.', 'an unknown username is refused');
select throws_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'twin', 'moderator') $$,
  'BCS04', null, 'a username two players share is refused');
select throws_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a1', 'Helper', 'owner') $$,
  'BCS02', 'A staff member is a co-organiser or a moderator.', 'an unknown role is refused');
select throws_ok($$ update public.tournament_staff set role = 'moderator' $$, '42501', null, 'staff rows are not updated directly');
select isnt_empty($$ delete from public.tournament_staff where user_id = tests.get_user_id('helper') returning user_id $$,
  'a co-organiser removes a staff member');
select tests.authenticate_as('admin');
select lives_ok($$ select public.add_tournament_staff('00000000-0000-4000-8000-0000000000a2', 'Helper', 'moderator') $$,
  'the administrator adds staff to any tournament');
select isnt_empty($$ delete from public.tournament_staff where user_id = tests.get_user_id('helper') returning user_id $$,
  'the administrator removes staff from any tournament');

-- Editing, creating and deleting tournaments.
select tests.authenticate_as('mod');
select is_empty($$ update public.tournaments set description = 'Mod edit.' where id = '00000000-0000-4000-8000-0000000000a1' returning id $$,
  'a moderator cannot edit the tournament');
select tests.authenticate_as('co2');
select is_empty($$ update public.tournaments set description = 'Wrong edit.' where id = '00000000-0000-4000-8000-0000000000a1' returning id $$,
  'a co-organiser of another tournament cannot edit it');
select tests.authenticate_as('co');
select results_eq($$ update public.tournaments set description = 'Co edit.' where id = '00000000-0000-4000-8000-0000000000a1' returning description $$,
  $$ values ('Co edit.') $$, 'a co-organiser edits the tournament');
select is_empty($$ update public.tournaments set description = 'Co edit.' where id = '00000000-0000-4000-8000-0000000000a2' returning id $$,
  'a co-organiser cannot edit another tournament');
select is_empty($$ delete from public.tournaments where id = '00000000-0000-4000-8000-0000000000a1' returning id $$,
  'a co-organiser cannot delete the tournament');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Co Cup', 'd', '/banners/solo-showdown.svg', 4, 'https://discord.gg/x', '1v1') $$,
  '42501', null, 'a co-organiser cannot create tournaments');
select is(public.discord_link('00000000-0000-4000-8000-0000000000a1'), 'https://discord.gg/st', 'a co-organiser reads the Discord link');
select lives_ok($$ insert into public.tournament_webhooks (tournament_id, url) values ('00000000-0000-4000-8000-0000000000a1',
                   'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68)) $$,
  'a co-organiser gives the tournament a Discord channel webhook');
select throws_ok($$ insert into public.tournament_webhooks (tournament_id, url) values ('00000000-0000-4000-8000-0000000000a2',
                    'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68)) $$,
  '42501', null, 'but not another tournament');
select tests.authenticate_as('mod');
select is_empty($$ select * from public.tournament_webhooks $$, 'a moderator does not read the webhook');
select tests.authenticate_as('co');

-- The roster and check-in.
select tests.authenticate_as('p1');
select results_eq($$ select count(*)::int from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a1' $$,
  $$ values (1) $$, 'a player reads only their own team');
select throws_ok($$ select public.set_check_in('00000000-0000-4000-8000-00000000a101', true) $$, 'BC002', null,
  'a player cannot check teams in by hand');
select tests.authenticate_as('co2');
select is_empty($$ select * from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a1' $$,
  'a co-organiser of another tournament reads none of its teams');
select throws_ok($$ select public.set_check_in('00000000-0000-4000-8000-00000000a101', true) $$, 'BC002', null,
  'a co-organiser of another tournament cannot check its teams in');
select tests.authenticate_as('mod');
select results_eq($$ select count(*)::int from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a1' $$,
  $$ values (4) $$, 'a moderator reads the roster');
select results_eq($$ select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-0000000000a1' $$,
  $$ values (4) $$, 'a moderator reads the players');
select lives_ok($$ select public.set_check_in(id, true) from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a1' $$,
  'a moderator checks teams in');
select is_empty($$ delete from public.teams where id = '00000000-0000-4000-8000-00000000a104' returning id $$,
  'a moderator cannot remove a team');
select throws_ok($$ select public.set_seed('00000000-0000-4000-8000-00000000a101', 2) $$, 'BC508', null, 'a moderator cannot seed');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a1', 'manual') $$, 'BC501', null,
  'a moderator cannot start the tournament');
select tests.authenticate_as('co2');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a1', 'manual') $$, 'BC501', null,
  'a co-organiser of another tournament cannot start it');
select tests.authenticate_as('co');
select lives_ok($$ select public.set_seed('00000000-0000-4000-8000-00000000a101', 1) $$, 'a co-organiser seeds');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a1', 'manual') $$, 'a co-organiser starts the tournament');
select lives_ok($$ select public.reset_tournament('00000000-0000-4000-8000-0000000000a1') $$, 'a co-organiser resets it before any result');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a1', 'manual') $$, 'and starts it again');
select lives_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000a1', 'winners', 2, 3) $$,
  'a co-organiser sets a round''s best-of');
select tests.authenticate_as('mod');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000a1', 'winners', 1, 3) $$, 'BC509', null,
  'a moderator cannot change round settings');
select throws_ok($$ select public.reset_tournament('00000000-0000-4000-8000-0000000000a1') $$, 'BC519', null,
  'a moderator cannot reset the bracket');

-- Results, disputes and the audit log.
create function pg_temp.match(p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a1' and round = p_round and position = p_position
$$;
select tests.authenticate_as('p1');
select throws_ok(format($$ select public.set_match_result(%L, '[{"winner": 1}]') $$, pg_temp.match(1, 2)), 'BC614', null,
  'a player cannot set a result');
select throws_ok($$ select * from public.admin_matches('00000000-0000-4000-8000-0000000000a1') $$, 'BC618', null,
  'a player cannot list matches to settle');
select lives_ok(format($$ select public.report_match(%L, '[{"winner": 1}]') $$, pg_temp.match(1, 1)), 'p1 reports their match');
select tests.authenticate_as('p4');
select lives_ok(format($$ select public.dispute_match(%L, 'Wrong winner') $$, pg_temp.match(1, 1)), 'p4 disputes it');
select tests.authenticate_as('co2');
select throws_ok(format($$ select public.set_match_result(%L, '[{"winner": 2}]') $$, pg_temp.match(1, 1)), 'BC614', null,
  'a co-organiser of another tournament cannot settle the dispute');
select throws_ok($$ select * from public.admin_matches('00000000-0000-4000-8000-0000000000a1') $$, 'BC618', null,
  'nor list its matches');
select tests.authenticate_as('mod');
select results_eq($$ select public.state(m) from public.admin_matches('00000000-0000-4000-8000-0000000000a1') m limit 1 $$,
  $$ values ('disputed') $$, 'a moderator lists the matches, the dispute first');
select lives_ok(format($$ select public.set_match_result(%L, '[{"winner": 2}]') $$, pg_temp.match(1, 1)), 'a moderator settles the dispute');
select lives_ok(format($$ select public.forfeit_match(%L, '00000000-0000-4000-8000-00000000a103', 'no_show') $$, pg_temp.match(1, 2)),
  'a moderator awards a no-show');
select results_eq($$ select count(*)::int from public.match_result_changes where tournament_id = '00000000-0000-4000-8000-0000000000a1' $$,
  $$ values (2) $$, 'a moderator reads the result history');
select tests.authenticate_as('co2');
select is_empty($$ select * from public.match_result_changes $$, 'a co-organiser of another tournament reads none of it');
select tests.authenticate_as('p1');
select is_empty($$ select * from public.match_result_changes $$, 'a player reads no result history');
select tests.authenticate_as('co');
select lives_ok(format($$ select public.set_match_result(%L, '[{"winner": 1}, {"winner": 1}]') $$, pg_temp.match(2, 1)),
  'a co-organiser sets the final''s result');
select isnt(completed_at, null, 'the tournament completes') from public.tournaments where id = '00000000-0000-4000-8000-0000000000a1';

-- Staff leave with their account or their tournament; the administrator still deletes.
select tests.authenticate_as('admin');
select results_eq($$ delete from public.tournaments where id = '00000000-0000-4000-8000-0000000000a2' returning name $$,
  $$ values ('Other') $$, 'the administrator deletes a tournament');
select tests.authenticate_as_service_role();
select results_eq($$ select count(*)::int from public.tournament_staff where tournament_id = '00000000-0000-4000-8000-0000000000a2' $$,
  $$ values (0) $$, 'its staff go with it');
select tests.clear_authentication();
select is(private.can_moderate('00000000-0000-4000-8000-0000000000a1'), false, 'anon moderates nothing');
select is(private.can_organise('00000000-0000-4000-8000-0000000000a1'), false, 'anon organises nothing');

select * from finish();
rollback;
