-- The administrator's cancellation: before, during and after a tournament, and never once it is
-- completed; players and visitors cannot cancel at all.
begin;
\ir helpers/test-helpers.psql
select plan(8);

select tests.create_user('alice', null, '{}', '{"username": "alice", "game_id": "#AAAAAAAA1"}');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, starts_at, started_at, completed_at) values
  ('00000000-0000-4000-8000-0000000000c1', 'Upcoming', 'Open.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/up', '1v1', now() + interval '7 days', null, null),
  ('00000000-0000-4000-8000-0000000000c2', 'Running', 'Live.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/run', '1v1', now() + interval '1 hour', now(), null),
  ('00000000-0000-4000-8000-0000000000c3', 'Finished', 'Done.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/done', '1v1', now() + interval '1 hour', now(), now());

-- A player's update is filtered by RLS (no row changes), a visitor has no update grant.
select tests.authenticate_as('alice');
select is_empty($$ update public.tournaments set cancelled_at = now() where name = 'Upcoming' returning id $$,
  'a player cannot cancel a tournament');
select tests.clear_authentication();
set local role anon;
select throws_ok($$ update public.tournaments set cancelled_at = now() where name = 'Upcoming' $$,
  '42501', null, 'a visitor cannot cancel a tournament');
reset role;
select is((select cancelled_at from public.tournaments where name = 'Upcoming'), null, 'so it is not cancelled');

select tests.authenticate_as_admin();
select isnt_empty($$ update public.tournaments set cancelled_at = now() where name = 'Upcoming' returning id $$,
  'an administrator cancels an upcoming tournament');
select isnt_empty($$ update public.tournaments set cancelled_at = now() where name = 'Running' returning id $$,
  'an administrator cancels a tournament in progress');
select throws_ok($$ update public.tournaments set cancelled_at = now() where name = 'Finished' $$,
  'BC205', 'A completed tournament cannot be cancelled.', 'a completed tournament cannot be cancelled');
select lives_ok($$ update public.tournaments set prize = 'Rs500' where name = 'Finished' $$,
  'a completed tournament can still be edited');
select throws_ok($$ update public.tournaments set cancelled_at = now() + interval '1 minute' where name = 'Upcoming' $$,
  'BC204', 'A cancelled tournament stays cancelled.', 'a cancellation stays as it was');

select * from finish();
rollback;
