-- Proving a player ID in the game: the verification (service role) starts a check with an icon to
-- set and completes it when the game's API shows that icon; the ID then belongs to the prover,
-- verified, and leaves the account that had squatted it. And the organiser's option to accept the
-- game's real tags instead of the seed's 9-character rule.
begin;
\ir helpers/test-helpers.psql
select plan(16);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('owner', null, '{}', '{"username": "owner", "game_id": null}');
select tests.create_user('squatter', null, '{}', '{"username": "squatter", "game_id": "#2PP8LQ9JR"}');
select tests.create_user('captain', null, '{}', '{"username": "captain", "game_id": "#CCCCCCCC1"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, player_id_rule) values
  ('00000000-0000-4000-8000-000000002301', 'Duo', 'x', '/banners/solo-showdown.svg', 8, 'https://discord.gg/du', '2v2', 'seed'),
  ('00000000-0000-4000-8000-000000002302', 'Tags', 'x', '/banners/solo-showdown.svg', 8, 'https://discord.gg/ta', '1v1', 'brawl_stars');
-- A captain entered the squatted ID: linked to the squatter, who confirmed.
select tests.authenticate_as('captain');
select public.register_team('00000000-0000-4000-8000-000000002301', 'Caps',
  '[{"player_id": "#CCCCCCCC1", "in_game_name": "C"}, {"player_id": "#2PP8LQ9JR", "in_game_name": "Owner"}]');
select tests.authenticate_as('squatter');
select public.confirm_team_place((select id from public.teams where team_name = 'Caps'));

-- ---------------------------------------------------------------------------------------------
-- The check, as the verification runs it

select tests.authenticate_as('owner');
select throws_ok($$ select public.start_player_id_claim(tests.get_user_id('owner'), '#2PP8LQ9JR', 'Owner', 28000000) $$,
  '42501', null, 'a player cannot start a check by themselves: only the verification, which asked the game, can');
select is_empty($$ select * from public.player_id_claims $$, 'and sees no check');
select tests.authenticate_as_service_role();
select isnt((public.start_player_id_claim(tests.get_user_id('owner'), '2pp8lq9jr', 'Owner', 28000000)).icon_id, 28000000,
  'the verification starts a check asking for an icon other than the current one');
select throws_ok($$ select public.start_player_id_claim(tests.get_user_id('owner'), '#AAAAAAAAA', 'X', null) $$,
  'BC103', null, 'only a real tag can be checked');
select tests.authenticate_as('owner');
select results_eq($$ select player_id, in_game_name from public.player_id_claims $$, $$ values ('#2PP8LQ9JR', 'Owner') $$,
  'the player reads their own check');
select tests.authenticate_as('squatter');
select is_empty($$ select * from public.player_id_claims $$, 'others do not');

select tests.authenticate_as_service_role();
select throws_ok($$ select public.complete_player_id_claim(tests.get_user_id('owner'), '#2PP8LQ9JR',
                      (select icon_id + 1 from public.player_id_claims where user_id = tests.get_user_id('owner'))) $$,
  'BC107', null, 'another icon in the game does not prove it');
select throws_ok($$ select public.complete_player_id_claim(tests.get_user_id('captain'), '#2PP8LQ9JR', 28000001) $$,
  'BC105', null, 'nor does an icon without a check');
select lives_ok($$ select public.complete_player_id_claim(tests.get_user_id('owner'), '#2PP8LQ9JR',
                      (select icon_id from public.player_id_claims where user_id = tests.get_user_id('owner'))) $$,
  'the icon asked for proves it');
select results_eq($$ select username, game_id, game_id_verified_at is not null from public.profiles
                     where username in ('owner', 'squatter') order by username $$,
  $$ values ('owner', '#2PP8LQ9JR', true), ('squatter', null, false) $$,
  'the ID is the owner''s, verified, and no longer the squatter''s');
select results_eq($$ select user_id, confirmed_at from public.team_players where player_id = '#2PP8LQ9JR' $$,
  $$ values (null::uuid, null::timestamptz) $$,
  'the squatter''s place on the team is no longer theirs, and not yet the owner''s: the captain did not enter them');
select is_empty($$ select * from public.player_id_claims $$, 'the check is done');

-- An expired check proves nothing.
select public.start_player_id_claim(tests.get_user_id('captain'), '#9UV', 'Cap', null);
update public.player_id_claims set expires_at = now() - interval '1 second' where user_id = tests.get_user_id('captain');
select throws_ok($$ select public.complete_player_id_claim(tests.get_user_id('captain'), '#9UV',
                      (select icon_id from public.player_id_claims where user_id = tests.get_user_id('captain'))) $$,
  'BC106', null, 'an expired check must be started again');

-- ---------------------------------------------------------------------------------------------
-- The organiser's tag rule

select tests.authenticate_as('captain');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000002302', null, '[{"player_id": "#CCCCCCCC1", "in_game_name": "C"}]') $$,
  'BC327', null, 'with the game''s tags, an ID outside their alphabet is refused');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-000000002302', null, '[{"player_id": "#2ppy", "in_game_name": "C"}]') $$,
  'a real 4-character tag is taken');
select tests.authenticate_as('owner');
select throws_ok($$ select public.register_team('00000000-0000-4000-8000-000000002301', 'Other', '[{"player_id": "#2PPY", "in_game_name": "C"}, {"player_id": "#QQQQQQQQ1", "in_game_name": "Q"}]') $$,
  'BC313', null, 'the seed''s 9-character rule stays the default');

select * from finish();
rollback;
