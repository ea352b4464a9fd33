-- Tournaments: everyone reads, only admins write; the name is fixed; slots never drop below the
-- registered teams; registered_teams is the database's; URL and length rules.
begin;
\ir helpers/test-helpers.psql
select plan(41);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-0000000000a1', 'Test Cup', 'A cup for tests.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/test', '1v1');

-- Anon.
select tests.clear_authentication();
select isnt_empty($$ select * from public.tournaments where name = 'Test Cup' $$, 'anon reads tournaments');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Anon Cup', 'd', 'https://x.io/a.png', 4, 'https://discord.gg/x', '1v1') $$,
  '42501', null, 'anon cannot create a tournament');
select throws_ok($$ update public.tournaments set description = 'anon' $$, '42501', null, 'anon cannot update tournaments');
select throws_ok($$ delete from public.tournaments $$, '42501', null, 'anon cannot delete tournaments');

-- A player.
select tests.authenticate_as('alice');
select isnt_empty($$ select * from public.tournaments where name = 'Test Cup' $$, 'a player reads tournaments');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Player Cup', 'd', 'https://x.io/a.png', 4, 'https://discord.gg/x', '1v1') $$,
  '42501', 'new row violates row-level security policy for table "tournaments"', 'a player cannot create a tournament');
select is_empty($$ update public.tournaments set description = 'hacked' where name = 'Test Cup' returning id $$,
  'a player cannot update a tournament');
select is_empty($$ delete from public.tournaments where name = 'Test Cup' returning id $$,
  'a player cannot delete a tournament');
select throws_ok($$ update public.tournaments set registered_teams = 0 $$, '42501', null,
  'a player cannot write registered_teams');

-- Another player sees the same public list.
select tests.authenticate_as('bob');
select isnt_empty($$ select * from public.tournaments where name = 'Test Cup' $$, 'another player reads tournaments');
select is_empty($$ update public.tournaments set slots = 1 where name = 'Test Cup' returning id $$,
  'another player cannot update a tournament');

-- Admin.
select tests.authenticate_as('admin');
select isnt_empty($$ select * from public.tournaments where name = 'Test Cup' $$, 'an admin reads tournaments');
select lives_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                   values ('Admin Cup', 'Made by the admin.', 'https://cdn.example.com/banner.png', 8, 'https://discord.gg/admin', '3v3') $$,
  'an admin creates a tournament');
select results_eq($$ select registered_teams, slots, type from public.tournaments where name = 'Admin Cup' $$,
  $$ values (0, 8, '3v3') $$, 'a new tournament starts with no registered teams');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type, registered_teams)
                    values ('Cheat Cup', 'd', 'https://x.io/a.png', 8, 'https://discord.gg/x', '1v1', 5) $$,
  '42501', null, 'an admin cannot set registered_teams on create');
select throws_ok($$ update public.tournaments set registered_teams = 1 where name = 'Admin Cup' $$,
  '42501', null, 'an admin cannot write registered_teams');
select lives_ok($$ update public.tournaments set description = 'Edited.', slots = 10, discord_link = 'https://discord.gg/edited',
                   thumbnail_url = '/banners/trios-bounty.svg', type = '2v2', name = 'Admin Cup' where name = 'Admin Cup' $$,
  'an admin edits a tournament (sending the unchanged name along)');
select results_eq($$ select description, slots, type from public.tournaments where name = 'Admin Cup' $$,
  $$ values ('Edited.', 10, '2v2') $$, 'the edit is saved');
select throws_ok($$ update public.tournaments set name = 'Renamed Cup' where name = 'Admin Cup' $$,
  'BC201', 'Tournament name cannot be changed.', 'the name cannot change');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Admin Cup', 'd', 'https://x.io/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23505', null, 'tournament names are unique');

-- Field rules.
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Http Cup', 'd', 'http://x.io/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'an http:// thumbnail is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Proto Cup', 'd', '//evil.example.com/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'a protocol-relative thumbnail is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Js Cup', 'd', 'javascript:alert(1)', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'a javascript: thumbnail is refused');
select lives_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                   values ('Relative Cup', 'd', '/banners/heist-duo.svg', 8, 'https://discord.gg/x', '2v2') $$,
  'a site-relative /banners/ thumbnail is accepted');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Discord Cup', 'd', 'https://x.io/a.png', 8, 'http://discord.gg/x', '1v1') $$,
  '23514', null, 'an http:// Discord link is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Discord Rel Cup', 'd', 'https://x.io/a.png', 8, '/discord', '1v1') $$,
  '23514', null, 'a relative Discord link is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Zero Cup', 'd', 'https://x.io/a.png', 0, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'zero slots are refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Four Cup', 'd', 'https://x.io/a.png', 8, 'https://discord.gg/x', '4v4') $$,
  '23514', null, 'a type other than 1v1, 2v2, 3v3 is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('  Spaced Cup ', 'd', 'https://x.io/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'an untrimmed name is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values (repeat('n', 81), 'd', 'https://x.io/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'an 81-character name is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Long Cup', repeat('d', 1001), 'https://x.io/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'a 1001-character description is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
                    values ('Blank Cup', '   ', 'https://x.io/a.png', 8, 'https://discord.gg/x', '1v1') $$,
  '23514', null, 'a blank description is refused');

-- Slots never below the registered teams.
select tests.authenticate_as('alice');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a1', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "Alice"}]') $$,
  'alice registers');
select tests.authenticate_as('bob');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000a1', null, '[{"player_id": "BBBBBBBB2", "in_game_name": "Bob"}]') $$,
  'bob registers');
select tests.authenticate_as('admin');
select throws_ok($$ update public.tournaments set slots = 1 where name = 'Test Cup' $$,
  'BC203', 'Slots cannot be fewer than the teams already registered.', 'slots cannot drop below the registered teams');
select lives_ok($$ update public.tournaments set slots = 2 where name = 'Test Cup' $$, 'slots may equal the registered teams');
select lives_ok($$ update public.tournaments set slots = 5 where name = 'Test Cup' $$, 'slots may grow');

-- Deleting a tournament deletes its teams and players.
select lives_ok($$ delete from public.tournaments where name = 'Test Cup' $$, 'an admin deletes a tournament');
select tests.authenticate_as_service_role();
select is((select count(*)::int from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a1'), 0,
  'its teams are gone');
select is((select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-0000000000a1'), 0,
  'its players are gone');
select is((select count(*)::int from public.tournaments where name = 'Admin Cup'), 1, 'other tournaments stay');

select * from finish();
rollback;
