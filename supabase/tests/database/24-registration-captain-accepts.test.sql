-- A claimed player ID is no seat on a team: the account that owns the ID a captain typed is invited,
-- confirms, and is a member only once the captain accepts it (a verified ID at once). Turned away, the
-- place keeps its ID without the account; only the captain decides, until check-in closes.
begin;
\ir helpers/test-helpers.psql
select plan(17);

select tests.create_user('cap');
select tests.create_user('squatter');
select tests.create_user('owner');
select tests.create_user('other');
-- The squatter claims an ID that belongs to a player without an account; the owner verified theirs.
update public.profiles set game_id = '#SQUAT0001' where id = tests.get_user_id('squatter');
update public.profiles set game_id = '#OWNED0001', game_id_verified_at = now() where id = tests.get_user_id('owner');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, starts_at)
values ('00000000-0000-4000-8000-0000000000e1', 'Accept Cup', 'x', '/banners/brawlcup.svg', 4,
        'https://discord.gg/accept', '3v3', now() + interval '3 days');

select tests.authenticate_as('cap');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000e1', 'Caps',
  '[{"player_id": "CAPCAP001", "in_game_name": "Cap"}, {"player_id": "SQUAT0001", "in_game_name": "Real Player"},
    {"player_id": "OWNED0001", "in_game_name": "Owner"}]') $$, 'the captain enters three player IDs');
reset role;
select results_eq($$ select slot::int, accepted_at is not null from public.team_players
  where tournament_id = '00000000-0000-4000-8000-0000000000e1' and user_id is not null order by slot $$,
  $$ values (2, false), (3, true) $$, 'a claimed ID waits for the captain; a verified one is accepted at once');

-- The squatter confirms: still invited only.
select tests.authenticate_as('squatter');
select lives_ok($$ select public.confirm_team_place((select id from public.teams where team_name = 'Caps')) $$,
  'the account that claims the ID confirms');
select results_eq($$ select count(*)::int from public.team_players where tournament_id = '00000000-0000-4000-8000-0000000000e1' $$,
  $$ values (1) $$, 'not accepted, it reads only its own place (no other player IDs)');
select is(public.discord_link('00000000-0000-4000-8000-0000000000e1'), null, 'nor the Discord link');
select is(private.is_team_member((select id from public.teams where team_name = 'Caps')), false, 'it is not a member');
select throws_ok($$ select public.accept_team_player((select id from public.teams where team_name = 'Caps'), 2, true) $$,
  'BC323', 'Only the captain can change the team.', 'it cannot accept itself');

-- The verified owner confirms and is a member at once.
select tests.authenticate_as('owner');
select lives_ok($$ select public.confirm_team_place((select id from public.teams where team_name = 'Caps')) $$, 'the verified owner confirms');
select is(public.discord_link('00000000-0000-4000-8000-0000000000e1'), 'https://discord.gg/accept', 'and is a member at once');

-- Only the captain sees who claims a place.
select tests.authenticate_as('other');
select is_empty($$ select public.linked_username(tp) from public.team_players tp where tp.player_id = '#SQUAT0001' $$,
  'another player reads neither the place nor who claims it');
select is(public.linked_username(jsonb_populate_record(null::public.team_players,
  jsonb_build_object('team_id', (select id from public.teams where team_name = 'Caps'), 'slot', 2,
                     'user_id', tests.get_user_id('squatter')))), null, 'a made-up row reveals no username');

-- The captain turns the squatter away: the place stays, unlinked.
select tests.authenticate_as('cap');
select is((select public.linked_username(tp) from public.team_players tp where tp.player_id = '#SQUAT0001'), 'squatter',
  'the captain sees the claiming account');
select throws_ok($$ select public.accept_team_player((select id from public.teams where team_name = 'Caps'), 1, true) $$,
  'BC328', 'No account claims that place.', 'the captain''s own place needs no acceptance');
select lives_ok($$ select public.accept_team_player((select id from public.teams where team_name = 'Caps'), 2, false) $$,
  'the captain turns the account away');
reset role;
select results_eq($$ select player_id, in_game_name, user_id, confirmed_at, accepted_at from public.team_players where slot = 2
  and tournament_id = '00000000-0000-4000-8000-0000000000e1' $$,
  $$ values ('#SQUAT0001'::text, 'Real Player'::text, null::uuid, null::timestamptz, null::timestamptz) $$,
  'the place keeps its ID and name, without the account');
select tests.authenticate_as('squatter');
select is_empty($$ select id from public.teams where team_name = 'Caps' $$, 'the squatter no longer sees the team');

-- After check-in has closed, acceptance is closed too.
reset role;
update public.tournaments set starts_at = now() + interval '1 second', checkin_opens_at = null, checkin_closes_at = null
where id = '00000000-0000-4000-8000-0000000000e1';
update public.tournaments set started_at = now() where id = '00000000-0000-4000-8000-0000000000e1';
select tests.authenticate_as('cap');
select throws_ok($$ select public.accept_team_player((select id from public.teams where team_name = 'Caps'), 3, true) $$,
  'BC401', 'Check-in is closed.', 'the roster is fixed once check-in closes');

select * from finish();
rollback;
