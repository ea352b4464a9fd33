-- teams and team_players: players read their own registrations, admins read and delete any, nobody
-- writes them directly; the counter follows every deletion; cascades.
begin;
\ir helpers/test-helpers.psql
select plan(45);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-000000000044', 'Team Test', 'Duo.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2'),
  ('00000000-0000-4000-8000-000000000055', 'Other Test', 'Solo.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/solo', '1v1');

select tests.authenticate_as('alice');
select public.register_team('00000000-0000-4000-8000-000000000044', 'Alpha', '[{"player_id": "ALICE0001", "in_game_name": "A1"}, {"player_id": "ALICE0002", "in_game_name": "A2"}]');
select public.register_team('00000000-0000-4000-8000-000000000055', null, '[{"player_id": "ALICE0001", "in_game_name": "A1"}]');
select tests.authenticate_as('bob');
select public.register_team('00000000-0000-4000-8000-000000000044', 'Bravo', '[{"player_id": "BOBBY0001", "in_game_name": "B1"}, {"player_id": "BOBBY0002", "in_game_name": "B2"}]');

-- Anon.
select tests.clear_authentication();
select throws_ok($$ select * from public.teams $$, '42501', null, 'anon cannot read teams');
select throws_ok($$ select * from public.team_players $$, '42501', null, 'anon cannot read player IDs');
select throws_ok($$ insert into public.teams (tournament_id, registered_by) values ('00000000-0000-4000-8000-000000000044', gen_random_uuid()) $$,
  '42501', null, 'anon cannot insert a team');
select throws_ok($$ update public.teams set team_name = 'x' $$, '42501', null, 'anon cannot update teams');
select throws_ok($$ delete from public.teams $$, '42501', null, 'anon cannot delete teams');
select throws_ok($$ delete from public.team_players $$, '42501', null, 'anon cannot delete team players');

-- A player: their own registrations (My Tournaments), embedding the tournament.
select tests.authenticate_as('alice');
select set_eq($$ select t.team_name from public.teams t $$, array['Alpha', null], 'alice reads her two registrations');
select set_eq($$ select tr.name from public.teams t join public.tournaments tr on tr.id = t.tournament_id $$,
  array['Team Test', 'Other Test'], 'my tournaments: the tournaments of alice''s teams');
select set_eq($$ select player_id from public.team_players $$, array['#ALICE0001', '#ALICE0002', '#ALICE0001'],
  'alice reads the players of her own teams only');
select throws_ok($$ insert into public.teams (tournament_id, registered_by) values ('00000000-0000-4000-8000-000000000044', tests.get_user_id('alice')) $$,
  '42501', null, 'a player cannot insert a team directly');
select throws_ok($$ insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
                    select id, tournament_id, 3, '#ALICE0003', 'A3' from public.teams where team_name = 'Alpha' $$,
  '42501', null, 'a player cannot add a player directly');
select throws_ok($$ update public.teams set team_name = 'Renamed' $$, '42501', null, 'a player cannot update a team');
select throws_ok($$ update public.team_players set player_id = '#ZZZZZZZZZ' $$, '42501', null, 'a player cannot update a player');
select is_empty($$ delete from public.teams returning id $$, 'a player cannot delete their own team');
select is_empty($$ delete from public.team_players returning team_id $$, 'a player cannot delete their own players');

-- Another player sees nothing of alice's.
select tests.authenticate_as('bob');
select set_eq($$ select team_name from public.teams $$, array['Bravo'], 'bob reads only his registration');
select is_empty($$ select * from public.team_players where player_id like '#ALICE%' $$, 'bob cannot read alice''s player IDs');
select is_empty($$ select * from public.teams where registered_by = tests.get_user_id('alice') $$, 'bob cannot read alice''s teams');
select is_empty($$ delete from public.teams where registered_by = tests.get_user_id('alice') returning id $$,
  'bob cannot delete alice''s team');

-- A player without registrations.
select tests.authenticate_as('carol');
select is_empty($$ select * from public.teams $$, 'carol has no registrations to read');
select is_empty($$ select * from public.team_players $$, 'carol reads no player IDs');

-- Admin.
select tests.authenticate_as('admin');
select set_eq($$ select team_name from public.teams where tournament_id = '00000000-0000-4000-8000-000000000044' $$,
  array['Alpha', 'Bravo'], 'an admin reads every team of a tournament');
select is((select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-000000000044'), 4,
  'an admin reads every player of a tournament');
select throws_ok($$ insert into public.teams (tournament_id, registered_by) values ('00000000-0000-4000-8000-000000000044', tests.get_user_id('admin')) $$,
  '42501', null, 'an admin cannot insert a team directly either');
select throws_ok($$ update public.teams set team_name = 'Renamed' $$, '42501', null, 'an admin cannot update a team');
select throws_ok($$ update public.team_players set in_game_name = 'X' $$, '42501', null, 'an admin cannot update a player');

select is((select registered_teams from public.tournaments where name = 'Team Test'), 2, 'two teams registered');
select lives_ok($$ delete from public.teams where team_name = 'Bravo' $$, 'an admin deletes a team');
select is((select registered_teams from public.tournaments where name = 'Team Test'), 1, 'deleting a team decrements registered_teams');
select is((select count(*)::int from public.team_players where player_id like '#BOBBY%'), 0, 'the deleted team''s players are gone');
select lives_ok($$ delete from public.team_players where player_id = '#ALICE0002' $$, 'an admin deletes a single player');
select is((select registered_teams from public.tournaments where name = 'Team Test'), 1, 'deleting a player keeps the team count');

-- The freed slot and IDs can be registered again.
select tests.authenticate_as('bob');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000044', 'Bravo Again',
                   '[{"player_id": "BOBBY0001", "in_game_name": "B1"}, {"player_id": "BOBBY0002", "in_game_name": "B2"}]') $$,
  'bob registers again after his team was deleted');
select tests.authenticate_as_service_role();
select is((select registered_teams from public.tournaments where name = 'Team Test'), 2, 'the counter follows the new registration');

-- Deleting an account deletes its teams and moves the counters.
reset role;
delete from auth.users where id = tests.get_user_id('alice');
select is((select registered_teams from public.tournaments where name = 'Team Test'), 1, 'a deleted account frees its 2v2 slot');
select is((select registered_teams from public.tournaments where name = 'Other Test'), 0, 'and its 1v1 slot');
select is((select count(*)::int from public.team_players where player_id like '#ALICE%'), 0, 'and its players');

-- Deleting a tournament cascades.
select tests.authenticate_as('admin');
select lives_ok($$ delete from public.tournaments where name = 'Team Test' $$, 'an admin deletes a tournament with teams');
reset role;
select is((select count(*)::int from public.teams where tournament_id = '00000000-0000-4000-8000-000000000044'), 0, 'the tournament''s teams are gone');
select is((select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-000000000044'), 0, 'the tournament''s players are gone');

-- The counter always equals the number of teams, seed included.
select is(
  (select count(*)::int from public.tournaments tr
    where tr.registered_teams <> (select count(*) from public.teams t where t.tournament_id = tr.id)),
  0,
  'registered_teams equals the number of teams for every tournament');

-- The seed: a full tournament and a nearly full one, consistent counters.
select ok(exists (select 1 from public.tournaments where registered_teams = slots), 'the seed has a full tournament');
select ok(exists (select 1 from public.tournaments where registered_teams = slots - 1), 'the seed has a nearly full tournament');
select set_eq($$ select distinct type from public.tournaments $$, array['1v1', '2v2', '3v3'], 'the seed has every type');
select ok((select count(*) from public.tournaments where thumbnail_url like '/banners/%.svg') >= 6, 'seed banners are shipped SVGs');

select * from finish();
rollback;
