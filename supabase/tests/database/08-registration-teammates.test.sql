-- My Tournaments: a team's members (and administrators) may know its captain's username, nobody else;
-- team_players changes are published for the live page.
begin;
\ir helpers/test-helpers.psql
select plan(13);

select tests.create_user('alice', null, '{}', '{"username": "alice", "game_id": "#AAAAAAAA1"}');
select tests.create_user('bob', null, '{}', '{"username": "bob", "game_id": "#BBBBBBBB2"}');
select tests.create_user('carol', null, '{}', '{"username": "carol", "game_id": "#CCCCCCCC3"}');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, starts_at) values
  ('00000000-0000-4000-8000-0000000000b1', 'Duo Week', 'Duo.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2', now() + interval '7 days');
-- alice registered with bob's player ID.
insert into public.teams (id, tournament_id, team_name, registered_by) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', 'Duo Squad', tests.get_user_id('alice'));
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name) values
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', 1, '#AAAAAAAA1', 'Alice'),
  ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000b1', 2, '#BBBBBBBB2', 'Bob');

-- The team row as someone who cannot select it would have to forge it.
create function pg_temp.forged_team() returns public.teams language sql as $$
  select jsonb_populate_record(null::public.teams, jsonb_build_object(
    'id', '00000000-0000-4000-8000-0000000000c1', 'tournament_id', '00000000-0000-4000-8000-0000000000b1',
    'registered_by', tests.get_user_id('alice')))
$$;
grant execute on function pg_temp.forged_team() to public;

select has_function('public', 'captain_username', array['teams'], 'teams have a captain_username computed field');
select ok((select prosecdef from pg_proc where oid = 'public.captain_username(public.teams)'::regprocedure),
  'captain_username is security definer (profiles are private to their owner)');

-- ---------------------------------------------------------------------------------------------
-- Who may know the captain's username

select tests.authenticate_as('alice');
select is((select public.captain_username(t) from public.teams t where t.id = '00000000-0000-4000-8000-0000000000c1'),
  'alice', 'the captain reads their own username on their team');

select tests.authenticate_as('bob');
select is((select public.captain_username(t) from public.teams t where t.id = '00000000-0000-4000-8000-0000000000c1'),
  'alice', 'a player entered with their own player ID reads who entered them');
select is_empty($$ select 1 from public.profiles where id = tests.get_user_id('alice') $$,
  'the teammate still cannot read the captain''s profile');

select tests.authenticate_as('carol');
select is_empty($$ select 1 from public.teams where id = '00000000-0000-4000-8000-0000000000c1' $$,
  'another player cannot read the team');
select is(public.captain_username(pg_temp.forged_team()), null,
  'another player learns nothing from a forged team row');

select tests.authenticate_as_admin();
select is((select public.captain_username(t) from public.teams t where t.id = '00000000-0000-4000-8000-0000000000c1'),
  'alice', 'an administrator reads the captain''s username');

select tests.clear_authentication();
select throws_ok($$ select public.captain_username(pg_temp.forged_team()) $$,
  '42501', null, 'a visitor cannot call captain_username');

-- Once bob has left the team he is no longer told.
select tests.authenticate_as('bob');
select lives_ok($$ select public.leave_team('00000000-0000-4000-8000-0000000000c1') $$, 'bob leaves the team');
select is(public.captain_username(pg_temp.forged_team()), null, 'a player who left no longer reads the captain''s username');

-- ---------------------------------------------------------------------------------------------
-- Live updates

reset role;
select ok(exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public'
  and tablename = 'team_players'), 'realtime publishes team_players');
select function_privs_are('public', 'captain_username', array['teams'], 'authenticated', array['EXECUTE'],
  'signed-in players can call captain_username');

select * from finish();
rollback;
