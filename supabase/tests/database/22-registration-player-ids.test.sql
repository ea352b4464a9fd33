-- Player IDs go on a team only with their owner's consent: a solo place is the registering player's
-- own, a teammate's ID is an invitation that gives no rights until confirmed, and a player who finds
-- their ID taken takes it back by registering (places entered before it was theirs once verified).
begin;
\ir helpers/test-helpers.psql
select plan(16);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('victim', null, '{}', '{"username": "victim", "game_id": "#VVVVVVVV1"}');
select tests.create_user('squatter', null, '{}', '{"username": "squatter", "game_id": "#SSSSSSSS1"}');
select tests.create_user('captain', null, '{}', '{"username": "captain", "game_id": "#CCCCCCCC1"}');
select tests.create_user('friend', null, '{}', '{"username": "friend", "game_id": null}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-000000002201', 'Solo', 'x', '/banners/solo-showdown.svg', 8, 'https://discord.gg/so', '1v1'),
  ('00000000-0000-4000-8000-000000002202', 'Duo', 'x', '/banners/solo-showdown.svg', 8, 'https://discord.gg/du', '2v2'),
  ('00000000-0000-4000-8000-000000002203', 'Early', 'x', '/banners/solo-showdown.svg', 8, 'https://discord.gg/ea', '1v1');
create function pg_temp.places(p_tournament text) returns setof text language sql security definer as $$
  select t.team_name || ':' || tp.slot || ':' || tp.player_id from public.team_players tp join public.teams t on t.id = tp.team_id
  where tp.tournament_id = ('00000000-0000-4000-8000-00000000220' || p_tournament)::uuid order by 1 $$;
create function pg_temp.checked_in(p_team_name text) returns boolean language sql security definer as $$
  select checked_in_at is not null from public.teams where team_name = p_team_name $$;

-- ---------------------------------------------------------------------------------------------
-- A solo place is one's own

select tests.authenticate_as('squatter');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000002201', null, '[{"player_id": "#VVVVVVVV1", "in_game_name": "V"}]') $$,
  'BC326', null, 'registering another account''s player ID in a 1v1 is refused');
select tests.authenticate_as('victim');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000002201', null, '[{"player_id": "#VVVVVVVV1", "in_game_name": "V"}]') $$,
  'its owner registers with it');

-- ---------------------------------------------------------------------------------------------
-- A teammate's ID is an invitation

select tests.authenticate_as('captain');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000002202', 'Caps', '[{"player_id": "#CCCCCCCC1", "in_game_name": "C"}, {"player_id": "#VVVVVVVV1", "in_game_name": "V"}]') $$,
  'a captain enters another account''s player ID in a team');
select tests.authenticate_as_admin();
select public.set_check_in((select id from public.teams where team_name = 'Caps'), true);
select tests.authenticate_as('victim');
select results_eq($$ select player_id from public.team_players where tournament_id = '00000000-0000-4000-8000-000000002202' $$,
  $$ values ('#VVVVVVVV1') $$, 'the invited player reads their own place, not the others'' player IDs');
select is(public.discord_link('00000000-0000-4000-8000-000000002202'), null, 'nor the Discord link');
select lives_ok($$ select public.leave_team((select id from public.teams where team_name = 'Caps')) $$, 'they decline');
select ok(pg_temp.checked_in('Caps'), 'declining an invitation never confirmed leaves the team checked in');

-- Invited again, the player registers a team of their own with their ID instead: the invitation is declined.
select tests.authenticate_as('captain');
select public.fill_team_place((select id from public.teams where team_name = 'Caps'), 2, '#VVVVVVVV1', 'V');
select tests.authenticate_as('victim');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000002202', 'Mine', '[{"player_id": "#VVVVVVVV1", "in_game_name": "V"}, {"player_id": "#FFFFFFFF1", "in_game_name": "F"}]') $$,
  'the invited player registers their own team with their ID: it is theirs back');
select results_eq($$ select * from pg_temp.places('2') $$,
  $$ values ('Caps:1:#CCCCCCCC1'), ('Mine:1:#VVVVVVVV1'), ('Mine:2:#FFFFFFFF1') $$, 'the unconfirmed invitation is gone');
select ok(not pg_temp.checked_in('Caps'), 'and the captain''s team, with an empty place, checks in again once it is filled');

-- A confirmed place stays: the player agreed to it.
select tests.authenticate_as('captain');
select public.fill_team_place((select id from public.teams where team_name = 'Caps'), 2, '#SSSSSSSS1', 'S');
select tests.authenticate_as('squatter');
select public.confirm_team_place((select id from public.teams where team_name = 'Caps'));
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000002202', 'Other', '[{"player_id": "#SSSSSSSS1", "in_game_name": "S"}, {"player_id": "#EEEEEEEE1", "in_game_name": "E"}]') $$,
  'BC315', null, 'a place its owner confirmed is not taken back');

-- ---------------------------------------------------------------------------------------------
-- An ID entered before it had an owner: taken back once the owner proves it is theirs

-- The squatter registers a solo place with #FRIEND001, which no account owns yet.
select tests.authenticate_as('squatter');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000002203', null, '[{"player_id": "#FRIEND001", "in_game_name": "F"}]') $$,
  'a player ID no account owns can be registered by anyone');
-- Its owner signs up (sets it on their profile), unverified.
select tests.authenticate_as('friend');
update public.profiles set game_id = '#FRIEND001' where id = tests.get_user_id('friend');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000002203', null, '[{"player_id": "#FRIEND001", "in_game_name": "F"}]') $$,
  'BC315', null, 'an unverified owner cannot take it from a team: anyone could have put it on their profile');
-- Verified in the game (as the claim does), the owner registers and the squatter's solo team is gone.
reset role;
update public.profiles set game_id_verified_at = now() where id = tests.get_user_id('friend');
select tests.authenticate_as('friend');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000002203', null, '[{"player_id": "#FRIEND001", "in_game_name": "F"}]') $$,
  'the verified owner registers with their player ID');
select tests.authenticate_as_service_role();
select results_eq($$ select registered_by from public.teams where tournament_id = '00000000-0000-4000-8000-000000002203' $$,
  $$ values (tests.get_user_id('friend')) $$, 'the squatter''s solo registration, left with no player, is withdrawn');
select is((select registered_teams from public.tournaments where id = '00000000-0000-4000-8000-000000002203'), 1,
  'and its slot is free');

select * from finish();
rollback;
