-- Text rules: Unicode white space is trimmed and invisible characters are refused in team names,
-- in-game names and usernames; the type is fixed while teams are registered; a banner path
-- cannot start with /\.
begin;
\ir helpers/test-helpers.psql
select plan(33);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-000000000712', 'Text Duo', 'Duo.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2'),
  ('00000000-0000-4000-8000-000000000713', 'Text Trio', 'Trio.', '/banners/trios-bounty.svg', 4, 'https://discord.gg/trio', '3v3');

-- Team names.
select tests.authenticate_as('alice');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', E'\u00a0',
                    '[{"player_id": "TXTAAAAA1", "in_game_name": "A"}, {"player_id": "TXTAAAAA2", "in_game_name": "B"}]') $$,
  'BC305', 'Team name is required.', 'a team name of one no-break space is empty');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', E'\u3000\u2003\u202f',
                    '[{"player_id": "TXTAAAAA1", "in_game_name": "A"}, {"player_id": "TXTAAAAA2", "in_game_name": "B"}]') $$,
  'BC305', 'Team name is required.', 'a team name of ideographic and em spaces is empty');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', E'\u200b',
                    '[{"player_id": "TXTAAAAA1", "in_game_name": "A"}, {"player_id": "TXTAAAAA2", "in_game_name": "B"}]') $$,
  'BC306', 'Team name cannot contain invisible characters.', 'a team name of one zero-width space is refused');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', E'Good\u202eevil',
                    '[{"player_id": "TXTAAAAA1", "in_game_name": "A"}, {"player_id": "TXTAAAAA2", "in_game_name": "B"}]') $$,
  'BC306', 'Team name cannot contain invisible characters.', 'a right-to-left override in a team name is refused');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', E'Two\nLines',
                    '[{"player_id": "TXTAAAAA1", "in_game_name": "A"}, {"player_id": "TXTAAAAA2", "in_game_name": "B"}]') $$,
  'BC306', 'Team name cannot contain invisible characters.', 'a line break inside a team name is refused');

-- In-game names.
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', 'Team',
                    jsonb_build_array(jsonb_build_object('player_id', 'TXTAAAAA1', 'in_game_name', E'\u00a0\u00a0'),
                                      jsonb_build_object('player_id', 'TXTAAAAA2', 'in_game_name', 'B'))) $$,
  'BC310', 'In-game name is required for player 1.', 'an in-game name of no-break spaces is empty');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', 'Team',
                    jsonb_build_array(jsonb_build_object('player_id', 'TXTAAAAA1', 'in_game_name', 'A'),
                                      jsonb_build_object('player_id', 'TXTAAAAA2', 'in_game_name', E'\u202e\u200b'))) $$,
  'BC311', 'In-game name for player 2 cannot contain invisible characters.', 'an in-game name of bidi and zero-width characters is refused');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', 'Team',
                    jsonb_build_array(jsonb_build_object('player_id', 'TXTAAAAA1', 'in_game_name', E'Bo\ufeffb'),
                                      jsonb_build_object('player_id', 'TXTAAAAA2', 'in_game_name', 'B'))) $$,
  'BC311', 'In-game name for player 1 cannot contain invisible characters.', 'a byte-order mark inside an in-game name is refused');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', 'Team',
                    jsonb_build_array(jsonb_build_object('player_id', 'TXTAAAAA1', 'in_game_name', E'A\U000e0041'),
                                      jsonb_build_object('player_id', 'TXTAAAAA2', 'in_game_name', 'B'))) $$,
  'BC311', 'In-game name for player 1 cannot contain invisible characters.', 'a tag character (outside the BMP) is refused');

-- Allowed: trimmed of Unicode spaces, inner spaces, accents and emoji kept.
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', E'\u00a0Les Étoiles 🌟\u3000',
                   jsonb_build_array(jsonb_build_object('player_id', 'TXTAAAAA1', 'in_game_name', E'\u2003Zoé\u00a0'),
                                     jsonb_build_object('player_id', 'TXTAAAAA2', 'in_game_name', 'Mei Ling'))) $$,
  'a team with Unicode spaces around its names registers');
select results_eq($$ select t.team_name, p.in_game_name from public.teams t join public.team_players p on p.team_id = t.id
                     where t.tournament_id = '00000000-0000-4000-8000-000000000712' order by p.slot $$,
  $$ values ('Les Étoiles 🌟', 'Zoé'), ('Les Étoiles 🌟', 'Mei Ling') $$,
  'the names are stored trimmed of Unicode spaces');

-- Lengths are characters: an emoji counts once, as in the forms.
select tests.authenticate_as('bob');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000000712', repeat('🌟', 40),
                   jsonb_build_array(jsonb_build_object('player_id', 'TXTBBBBB1', 'in_game_name', repeat('🌟', 30)),
                                     jsonb_build_object('player_id', 'TXTBBBBB2', 'in_game_name', 'B'))) $$,
  'a team name of 40 emoji and an in-game name of 30 are within the limits');

-- The table's own rules hold for writers that bypass register_team.
reset role;
select throws_ok($$ insert into public.teams (tournament_id, team_name, registered_by)
                    values ('00000000-0000-4000-8000-000000000713', E'Bad\u200bName', tests.get_user_id('bob')) $$,
  '23514', null, 'the teams table refuses an invisible character');
select throws_ok($$ insert into public.teams (tournament_id, team_name, registered_by)
                    values ('00000000-0000-4000-8000-000000000713', E'Name\u00a0', tests.get_user_id('bob')) $$,
  '23514', null, 'the teams table refuses an untrimmed name');
select throws_ok($$ update public.team_players set in_game_name = E'\u2066X' where in_game_name = 'Mei Ling' $$,
  '23514', null, 'the team_players table refuses an invisible character');
select lives_ok($$ update public.team_players set in_game_name = 'Mei' where in_game_name = 'Mei Ling' $$,
  'the team_players table takes a plain name');

-- Usernames, at sign-up and in the profile.
select throws_ok($$ select tests.create_user('rtl', 'rtl@example.com', '{}', jsonb_build_object('username', E'adm\u202enimda')) $$,
  'BC102', 'Username cannot contain invisible characters.', 'sign-up with a bidi override in the username is refused');
select lives_ok($$ select tests.create_user('spacey', 'spacey@example.com', '{}', jsonb_build_object('username', E'\u00a0Spacey\u3000')) $$,
  'sign-up trims Unicode spaces around the username');
select is((select username from public.profiles where id = tests.get_user_id('spacey')), 'Spacey',
  'the username is stored trimmed');
select tests.authenticate_as('alice');
select throws_ok($$ update public.profiles set username = E'\u00a0\u00a0' where id = tests.get_user_id('alice') $$,
  'BC101', 'Username must be between 2 and 30 characters.', 'a username of no-break spaces is too short');
select throws_ok($$ update public.profiles set username = E'Al\u200bice' where id = tests.get_user_id('alice') $$,
  'BC102', 'Username cannot contain invisible characters.', 'a zero-width space in the username is refused');
select lives_ok($$ update public.profiles set username = E'\u2003Alice Ä\u2003' where id = tests.get_user_id('alice') $$,
  'a username with Unicode spaces around it is accepted');
select is((select username from public.profiles where id = tests.get_user_id('alice')), 'Alice Ä',
  'the profile username is stored trimmed');

-- The type is fixed while teams are registered.
select tests.authenticate_as_admin();
select throws_ok($$ update public.tournaments set type = '3v3' where id = '00000000-0000-4000-8000-000000000712' $$,
  'BC202', 'The type cannot change while teams are registered.', 'the type of a tournament with teams cannot change');
select lives_ok($$ update public.tournaments set type = '2v2', description = 'Same type.' where id = '00000000-0000-4000-8000-000000000712' $$,
  'other fields of a tournament with teams can change');
select lives_ok($$ update public.tournaments set type = '1v1' where id = '00000000-0000-4000-8000-000000000713' $$,
  'the type of a tournament without teams can change');
select lives_ok($$ delete from public.teams where tournament_id = '00000000-0000-4000-8000-000000000712' $$,
  'the admin removes the teams');
select lives_ok($$ update public.tournaments set type = '3v3' where id = '00000000-0000-4000-8000-000000000712' $$,
  'once the teams are gone the type can change');

-- Banner URLs: https:// or / followed by neither / nor \.
select throws_ok($$ update public.tournaments set thumbnail_url = '/\evil.example/x.png' where id = '00000000-0000-4000-8000-000000000712' $$,
  '23514', null, 'a banner path starting with /\ is refused');
select throws_ok($$ update public.tournaments set thumbnail_url = '//evil.example/x.png' where id = '00000000-0000-4000-8000-000000000712' $$,
  '23514', null, 'a protocol-relative banner URL is refused');
select throws_ok($$ update public.tournaments set thumbnail_url = 'http://cdn.example/x.png' where id = '00000000-0000-4000-8000-000000000712' $$,
  '23514', null, 'an http:// banner URL is refused');
select lives_ok($$ update public.tournaments set thumbnail_url = '/banners/solo-showdown.svg' where id = '00000000-0000-4000-8000-000000000712' $$,
  'a site path banner is accepted');
select lives_ok($$ update public.tournaments set thumbnail_url = 'https://cdn.example.com/b.png' where id = '00000000-0000-4000-8000-000000000712' $$,
  'an https:// banner is accepted');

select * from finish();
rollback;
