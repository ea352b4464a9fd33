-- register_team: every rule with its exact message and in its order, normalisation, the counter.
begin;
\ir helpers/test-helpers.psql
select plan(52);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
select tests.create_user('dan');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-000000000011', 'Solo Test', 'Solo.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/solo', '1v1'),
  ('00000000-0000-4000-8000-000000000022', 'Duo Test', 'Duo.', '/banners/duo-gem-grab.svg', 3, 'https://discord.gg/duo', '2v2'),
  ('00000000-0000-4000-8000-000000000033', 'Trio Test', 'Trio.', '/banners/trios-bounty.svg', 3, 'https://discord.gg/trio', '3v3');

-- Not signed in.
select tests.clear_authentication();
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}]') $$,
  'BC301', 'Please sign in to register.', 'anon is asked to sign in');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000ff', null, '[]') $$,
  'BC301', 'Please sign in to register.', 'signing in is checked before anything else');

select tests.authenticate_as('alice');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000ff', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}]') $$,
  'BC003', 'This tournament no longer exists.', 'an unknown tournament');
select throws_ok($$ select public.register_team(null, null, '[]') $$,
  'BC003', 'This tournament no longer exists.', 'a null tournament');

-- 1v1.
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[]') $$,
  'BC308', 'A 1v1 registration needs exactly 1 player.', '1v1 with no player');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null,
                    '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}, {"player_id": "AAAAAAAA2", "in_game_name": "B"}]') $$,
  'BC308', 'A 1v1 registration needs exactly 1 player.', '1v1 with two players');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '{"player_id": "AAAAAAAA1"}') $$,
  'BC308', 'A 1v1 registration needs exactly 1 player.', 'players that are not a JSON array');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, null) $$,
  'BC308', 'A 1v1 registration needs exactly 1 player.', 'null players');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "  "}]') $$,
  'BC310', 'In-game name is required for player 1.', 'a blank in-game name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAAAAAA1"}]') $$,
  'BC310', 'In-game name is required for player 1.', 'a missing in-game name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, jsonb_build_array(jsonb_build_object('player_id', 'AAAAAAAA1', 'in_game_name', repeat('n', 31)))) $$,
  'BC312', 'In-game name for player 1 must be 30 characters or fewer.', 'a 31-character in-game name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAAAAA1", "in_game_name": "A"}]') $$,
  'BC313', 'Invalid player ID format. Must be 9 characters with optional #.', 'an 8-character player ID');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "#AAAAAAAAA1", "in_game_name": "A"}]') $$,
  'BC313', 'Invalid player ID format. Must be 9 characters with optional #.', 'a 10-character player ID after the #');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAA-AAA1", "in_game_name": "A"}]') $$,
  'BC313', 'Invalid player ID format. Must be 9 characters with optional #.', 'a player ID with a dash');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"in_game_name": "A"}]') $$,
  'BC313', 'Invalid player ID format. Must be 9 characters with optional #.', 'a missing player ID');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAAAAA1", "in_game_name": ""}]') $$,
  'BC310', 'In-game name is required for player 1.', 'in-game names are checked before player IDs');

select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', 'ignored', '[{"player_id": "  aaaaaaaa1 ", "in_game_name": "  Alice  "}]') $$,
  'alice registers for the 1v1');
select results_eq($$ select t.team_name, t.registered_by, p.slot, p.player_id, p.in_game_name
                     from public.teams t join public.team_players p on p.team_id = t.id
                     where t.tournament_id = '00000000-0000-4000-8000-000000000011' $$,
  $$ values (null::text, tests.get_user_id('alice'), 1::smallint, '#AAAAAAAA1', 'Alice') $$,
  'the 1v1 team has no name, a normalised ID and a trimmed in-game name');
select is((select registered_teams from public.tournaments where name = 'Solo Test'), 1, 'registered_teams counts the registration');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "BBBBBBBB1", "in_game_name": "Again"}]') $$,
  'BC304', 'You have already registered for this tournament.', 'a second registration by the same user');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[]') $$,
  'BC304', 'You have already registered for this tournament.', 'already-registered is checked before the players');

select tests.authenticate_as('bob');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "#AAAAAAAA1", "in_game_name": "Bob"}]') $$,
  'BC315', 'Player ID #AAAAAAAA1 is already registered.', 'a player ID already in the tournament');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "aaaaaaaa1", "in_game_name": "Bob"}]') $$,
  'BC315', 'Player ID #AAAAAAAA1 is already registered.', 'the duplicate check compares normalised IDs');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "BBBBBBBB1", "in_game_name": "Bob"}]') $$,
  'bob takes the last 1v1 slot');

select tests.authenticate_as('carol');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "CCCCCCCC1", "in_game_name": "Carol"}]') $$,
  'BC316', 'The tournament is full', 'a full tournament');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "CCCCCCC", "in_game_name": "Carol"}]') $$,
  'BC313', 'Invalid player ID format. Must be 9 characters with optional #.', 'the player checks come before the full check');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000011', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "Carol"}]') $$,
  'BC315', 'Player ID #AAAAAAAA1 is already registered.', 'a taken ID is reported before the full check');
select is((select registered_teams from public.tournaments where name = 'Solo Test'), 2, 'the counter stops at the slots');

-- 2v2.
select tests.authenticate_as('alice');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', null, '[]') $$,
  'BC305', 'Team name is required.', 'a 2v2 without a team name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', '   ', '[]') $$,
  'BC305', 'Team name is required.', 'a blank team name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', repeat('t', 41), '[]') $$,
  'BC307', 'Team name must be 40 characters or fewer.', 'a 41-character team name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Duo', '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}]') $$,
  'BC309', 'A 2v2 team needs exactly 2 players.', 'a 2v2 with one player');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Duo',
                    '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}, {"player_id": "AAAAAAAA2", "in_game_name": " "}]') $$,
  'BC310', 'In-game name is required for player 2.', 'a missing in-game name for player 2');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Duo',
                    '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}, {"player_id": "AAAAAAAA", "in_game_name": "B"}]') $$,
  'BC313', 'Invalid player ID format. Must be 9 characters with optional #.', 'an invalid ID for player 2');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Duo',
                    '[{"player_id": "abc123xyz", "in_game_name": "A"}, {"player_id": "#ABC123XYZ", "in_game_name": "B"}]') $$,
  'BC314', 'Player ID #ABC123XYZ is entered more than once.', 'the same ID twice in one team');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', '  Gem Goblins  ',
                   '[{"player_id": "abc123xyz", "in_game_name": "A"}, {"player_id": "def456uvw", "in_game_name": "B"}]') $$,
  'alice registers a 2v2 team');
select results_eq($$ select t.team_name, p.slot, p.player_id from public.teams t join public.team_players p on p.team_id = t.id
                     where t.tournament_id = '00000000-0000-4000-8000-000000000022' order by p.slot $$,
  $$ values ('Gem Goblins', 1::smallint, '#ABC123XYZ'), ('Gem Goblins', 2::smallint, '#DEF456UVW') $$,
  'the team name is trimmed and players keep their slots');

select tests.authenticate_as('bob');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Rivals',
                    '[{"player_id": "XYZXYZXYZ", "in_game_name": "A"}, {"player_id": "def456uvw", "in_game_name": "B"}]') $$,
  'BC315', 'Player ID #DEF456UVW is already registered.', 'a 2v2 player already in another team');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Rivals',
                    '[{"player_id": "XYZXYZXYZ", "in_game_name": "A"}, {"player_id": "XYZXYZXYZ", "in_game_name": "B"}]') $$,
  'BC314', 'Player ID #XYZXYZXYZ is entered more than once.', 'a duplicate within the team is reported before a taken ID');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000022', 'Rivals',
                   '[{"player_id": "XYZXYZXYZ", "in_game_name": "A"}, {"player_id": "QWEQWEQWE", "in_game_name": "B"}]') $$,
  'bob registers a 2v2 team');
select is((select registered_teams from public.tournaments where name = 'Duo Test'), 2, 'two 2v2 teams are counted');

-- 3v3.
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000033', 'Trio',
                    '[{"player_id": "T1T1T1T1T", "in_game_name": "A"}, {"player_id": "T2T2T2T2T", "in_game_name": "B"}]') $$,
  'BC309', 'A 3v3 team needs exactly 3 players.', 'a 3v3 with two players');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000033', null,
                    '[{"player_id": "T1T1T1T1T", "in_game_name": "A"}, {"player_id": "T2T2T2T2T", "in_game_name": "B"}, {"player_id": "T3T3T3T3T", "in_game_name": "C"}]') $$,
  'BC305', 'Team name is required.', 'a 3v3 without a team name');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000033', 'Trio',
                    '[{"player_id": "T1T1T1T1T", "in_game_name": "A"}, {"player_id": "T2T2T2T2T", "in_game_name": "B"}, "T3T3T3T3T"]') $$,
  'BC310', 'In-game name is required for player 3.', 'a player that is not an object');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000033', 'Trio',
                    '[{"player_id": "T1T1T1T1T", "in_game_name": "A"}, {"player_id": "T2T2T2T2T", "in_game_name": "B"}, {"player_id": "t1t1t1t1t", "in_game_name": "C"}]') $$,
  'BC314', 'Player ID #T1T1T1T1T is entered more than once.', 'slot 3 repeats slot 1');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000033', 'Trio',
                   '[{"player_id": "T1T1T1T1T", "in_game_name": "A"}, {"player_id": "T2T2T2T2T", "in_game_name": "B"}, {"player_id": "T3T3T3T3T", "in_game_name": "C"}]') $$,
  'bob registers a 3v3 team');
select is((select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-000000000033'), 3,
  'three players are stored');
select is((select registered_by from public.teams where tournament_id = '00000000-0000-4000-8000-000000000033'), tests.get_user_id('bob'),
  'the team is registered by the caller');

-- The same player ID may play in different tournaments.
select tests.authenticate_as('carol');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000033', 'Other Trio',
                   '[{"player_id": "AAAAAAAA1", "in_game_name": "A"}, {"player_id": "ABC123XYZ", "in_game_name": "B"}, {"player_id": "CCCCCCCC3", "in_game_name": "C"}]') $$,
  'player IDs used in other tournaments are free here');

-- The returned row.
select tests.authenticate_as('dan');
select results_eq($$ select team_name, registered_by from public.register_team('00000000-0000-4000-8000-000000000033', 'Dan Trio',
                     '[{"player_id": "DDDDDDDD1", "in_game_name": "A"}, {"player_id": "DDDDDDDD2", "in_game_name": "B"}, {"player_id": "DDDDDDDD3", "in_game_name": "C"}]') $$,
  $$ values ('Dan Trio', tests.get_user_id('dan')) $$,
  'register_team returns the new team');
select is((select registered_teams from public.tournaments where name = 'Trio Test'), 3, 'the 3v3 counter matches its teams');

-- Players always belong to their team's tournament, whoever inserts them.
reset role;
insert into public.teams (id, tournament_id, team_name, registered_by) values
  ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-000000000022', 'Ghost', tests.get_user_id('dan'));
select throws_ok($$ insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
                    values ('00000000-0000-4000-8000-0000000000b2', '00000000-0000-4000-8000-000000000033', 1, '#GHOSTGHO1', 'G') $$,
  'BC317', 'A player must belong to the tournament of their team.', 'team_players.tournament_id must be the team''s');

select * from finish();
rollback;
