-- The tournament page's privacy: anyone reads a tournament, but never its Discord invite, which
-- comes from discord_invite/discord_link for the registered players and administrators only.
begin;
\ir helpers/test-helpers.psql
select plan(32);

select tests.create_user('alice', null, '{}', '{"username": "alice", "game_id": "#AAAAAAAA1"}');
select tests.create_user('bob', null, '{}', '{"username": "bob", "game_id": "#BBBBBBBB2"}');
select tests.create_user('carol', null, '{}', '{"username": "carol", "game_id": "#CCCCCCCC3"}');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, starts_at) values
  ('00000000-0000-4000-8000-0000000000b1', 'Page Cup', 'A page.', '/banners/solo-showdown.svg', 1, 'https://discord.gg/page', '1v1',
   now() + interval '7 days');

select is((select discord_link from public.tournament_invites where tournament_id = '00000000-0000-4000-8000-0000000000b1'),
  'https://discord.gg/page', 'the invite written with the tournament is kept in tournament_invites');
select is((select discord_link from public.tournaments where id = '00000000-0000-4000-8000-0000000000b1'), null,
  'and the tournaments column stays null');

-- alice holds the only slot, bob waits for one.
select tests.authenticate_as('alice');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000b1', null, '[{"player_id": "AAAAAAAA1", "in_game_name": "Alice"}]') $$,
  'alice registers');
select tests.authenticate_as('bob');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000b1', null, '[{"player_id": "BBBBBBBB2", "in_game_name": "Bob"}]', true) $$,
  'bob joins the waitlist');

-- ---------------------------------------------------------------------------------------------
-- Anon

select tests.clear_authentication();
select results_eq($$ select name, discord_link, public.phase(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000b1' $$,
  $$ values ('Page Cup'::text, null::text, 'registration_open'::text) $$, 'anon reads the tournament (and its computed fields) without the invite');
select throws_ok($$ select * from public.tournament_invites $$, '42501', null, 'anon cannot read the invites');
select is((select public.discord_invite(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000b1'), null,
  'anon gets no invite from the computed field');
select is(public.discord_link('00000000-0000-4000-8000-0000000000b1'), null, 'anon gets no invite from discord_link()');

-- ---------------------------------------------------------------------------------------------
-- A registered player

select tests.authenticate_as('alice');
select throws_ok($$ select * from public.tournament_invites $$, '42501', null, 'a registered player cannot read the invites table');
select is((select discord_link from public.tournaments where id = '00000000-0000-4000-8000-0000000000b1'), null,
  'a registered player reads a null column');
select is((select public.discord_invite(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000b1'),
  'https://discord.gg/page', 'a registered player gets the invite from the computed field');
select is(public.discord_link('00000000-0000-4000-8000-0000000000b1'), 'https://discord.gg/page', 'and from discord_link()');
select throws_ok($$ insert into public.tournament_invites values ('00000000-0000-4000-8000-0000000000b1', 'https://evil.example') $$,
  '42501', null, 'a player cannot write an invite');

-- ---------------------------------------------------------------------------------------------
-- A waitlisted player, and another player

select tests.authenticate_as('bob');
select is((select public.discord_invite(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000b1'), null,
  'a waitlisted player gets no invite');

select tests.authenticate_as('carol');
select throws_ok($$ select * from public.tournament_invites $$, '42501', null, 'another player cannot read the invites');
select is((select discord_link from public.tournaments where id = '00000000-0000-4000-8000-0000000000b1'), null,
  'another player reads a null column');
select is((select public.discord_invite(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000b1'), null,
  'another player gets no invite');
select is_empty($$ update public.tournaments set discord_link = 'https://discord.gg/hijack' where id = '00000000-0000-4000-8000-0000000000b1' returning id $$,
  'another player cannot change the invite');

-- ---------------------------------------------------------------------------------------------
-- An administrator: writes the link as before, reads it through the function

select tests.authenticate_as('admin');
select throws_ok($$ select * from public.tournament_invites $$, '42501', null, 'an admin does not read the table directly either');
select is((select public.discord_invite(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000b1'),
  'https://discord.gg/page', 'an admin gets the invite from the computed field');
select results_eq($$ update public.tournaments set discord_link = 'https://discord.gg/moved' where id = '00000000-0000-4000-8000-0000000000b1'
  returning discord_link, updated_at = now() $$,
  $$ values (null::text, true) $$,
  'an admin changes the invite: the column stays null and the edit is stamped');
select is((select public.discord_invite(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000b1'),
  'https://discord.gg/moved', 'the computed field has the new invite');
select throws_ok($$ update public.tournaments set discord_link = 'discord.gg/nope' where id = '00000000-0000-4000-8000-0000000000b1' $$,
  '23514', null, 'an invite that is not an https URL is refused');
select throws_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, type) values ('No Link', 'x', '/banners/solo-showdown.svg', 2, '1v1') $$,
  '23502', null, 'a new tournament needs an invite');
select lives_ok($$ insert into public.tournaments (name, description, thumbnail_url, slots, discord_link, type)
  values ('Second Page', 'x', '/banners/solo-showdown.svg', 2, 'https://discord.gg/second', '1v1') $$,
  'an admin creates a tournament with its invite');
select is(public.discord_link((select id from public.tournaments where name = 'Second Page')), 'https://discord.gg/second',
  'whose invite the admin reads back');
create temporary table second_page as select id from public.tournaments where name = 'Second Page';
select lives_ok($$ delete from public.tournaments where name = 'Second Page' $$, 'an admin deletes it');

-- When bob is promoted (alice withdraws), the invite is his.
select tests.authenticate_as('alice');
select lives_ok($$ select public.withdraw_team((select id from public.teams where registered_by = tests.get_user_id('alice'))) $$,
  'alice withdraws');
select is(public.discord_link('00000000-0000-4000-8000-0000000000b1'), null, 'a withdrawn player no longer gets the invite');
select tests.authenticate_as('bob');
select is(public.discord_link('00000000-0000-4000-8000-0000000000b1'), 'https://discord.gg/moved', 'the promoted player gets it');

-- ---------------------------------------------------------------------------------------------
-- Privileges and data

select tests.clear_authentication();
reset role;
select is((select count(*)::int from public.tournament_invites where tournament_id = (select id from second_page)), 0,
  'a deleted tournament''s invite goes with it');
select ok(not has_table_privilege('anon', 'public.tournament_invites', 'SELECT')
  and not has_table_privilege('authenticated', 'public.tournament_invites', 'SELECT')
  and has_table_privilege('service_role', 'public.tournament_invites', 'SELECT'),
  'only service_role reads the invites');

select * from finish();
rollback;
