-- Profiles: created from sign-up metadata, email kept in sync, owner reads and edits username and
-- game_id only, admins read all, nobody inserts or deletes through the API.
begin;
\ir helpers/test-helpers.psql
select plan(33);

select tests.create_user('alice', 'alice@example.com', '{}', '{"username": "  Alice  ", "game_id": " abc123xyz "}');
select tests.create_user('bob', 'bob.builder@example.com', '{}', '{}');
select tests.create_user('cy', 'c@example.com', '{}', '{"username": "   "}');
select tests.create_user('admin', 'admin@example.com', '{"role": "admin"}');

-- Sign-up trigger.
select results_eq(
  $$ select email, username, game_id from public.profiles where id = tests.get_user_id('alice') $$,
  $$ values ('alice@example.com', 'Alice', '#ABC123XYZ') $$,
  'sign-up creates the profile with a trimmed username and a normalised game ID');
select results_eq(
  $$ select username, game_id from public.profiles where id = tests.get_user_id('bob') $$,
  $$ values ('bob.builder', null::text) $$,
  'without a username the e-mail''s local part is used, and no game ID gives null');
select matches(
  (select username from public.profiles where id = tests.get_user_id('cy')),
  '^player-[0-9a-f]{8}$',
  'a blank username and a one-letter local part fall back to player-<id>');
select throws_ok(
  $$ select tests.create_user('dave', 'dave@example.com', '{}', '{"username": "Dave", "game_id": "12345"}') $$,
  'BC103', 'Invalid game ID format. Must be 9 characters with optional #.',
  'sign-up with an invalid game ID is refused with the form''s message');
select throws_ok(
  $$ select tests.create_user('x', 'x@example.com', '{}', '{"username": "x"}') $$,
  'BC101', 'Username must be between 2 and 30 characters.',
  'sign-up with a one-letter username is refused');

update auth.users set email = 'alice.new@example.com' where id = tests.get_user_id('alice');
select is((select email from public.profiles where id = tests.get_user_id('alice')), 'alice.new@example.com',
  'a changed auth e-mail is copied to the profile');

-- Anon: no access at all.
select tests.clear_authentication();
select throws_ok($$ select * from public.profiles $$, '42501', null, 'anon cannot read profiles');
select throws_ok($$ update public.profiles set username = 'anon' $$, '42501', null, 'anon cannot update profiles');
select throws_ok($$ insert into public.profiles (id, email, username) values (gen_random_uuid(), 'a@b.co', 'anon') $$,
  '42501', null, 'anon cannot insert profiles');
select throws_ok($$ delete from public.profiles $$, '42501', null, 'anon cannot delete profiles');

-- The owner.
select tests.authenticate_as('alice');
select results_eq($$ select id from public.profiles $$, $$ values (tests.get_user_id('alice')) $$,
  'a player reads only their own profile');
select lives_ok($$ update public.profiles set username = ' Alice B ', game_id = 'xyz987abc' where id = tests.get_user_id('alice') $$,
  'a player updates their username and game ID');
select results_eq($$ select username, game_id from public.profiles $$, $$ values ('Alice B', '#XYZ987ABC') $$,
  'the update is trimmed and normalised');
select lives_ok($$ update public.profiles set game_id = '' where id = tests.get_user_id('alice') $$,
  'a blank game ID clears it');
select is((select game_id from public.profiles), null, 'the cleared game ID is null');
select throws_ok($$ update public.profiles set username = ' a ' where id = tests.get_user_id('alice') $$,
  'BC101', 'Username must be between 2 and 30 characters.', 'a one-letter username is refused');
select throws_ok($$ update public.profiles set username = repeat('a', 31) where id = tests.get_user_id('alice') $$,
  'BC101', 'Username must be between 2 and 30 characters.', 'a 31-character username is refused');
select throws_ok($$ update public.profiles set game_id = '#ABC' where id = tests.get_user_id('alice') $$,
  'BC103', 'Invalid game ID format. Must be 9 characters with optional #.', 'a short game ID is refused');
select throws_ok($$ update public.profiles set game_id = 'ABC-23XYZ' where id = tests.get_user_id('alice') $$,
  'BC103', 'Invalid game ID format. Must be 9 characters with optional #.', 'a game ID with a dash is refused');
select throws_ok($$ update public.profiles set email = 'x@example.com' where id = tests.get_user_id('alice') $$,
  '42501', null, 'a player cannot change the e-mail on their profile');
select throws_ok($$ update public.profiles set id = gen_random_uuid() where id = tests.get_user_id('alice') $$,
  '42501', null, 'a player cannot change their profile id');
select throws_ok($$ insert into public.profiles (id, email, username) values (gen_random_uuid(), 'a@b.co', 'new') $$,
  '42501', null, 'a player cannot insert a profile');
select throws_ok($$ delete from public.profiles where id = tests.get_user_id('alice') $$,
  '42501', null, 'a player cannot delete their profile');

-- Another player.
select tests.authenticate_as('bob');
select is_empty($$ select * from public.profiles where id = tests.get_user_id('alice') $$,
  'another player cannot read alice''s profile');
select is_empty($$ update public.profiles set username = 'Hacked' where id = tests.get_user_id('alice') returning id $$,
  'another player cannot update alice''s profile');

-- Admin.
select tests.authenticate_as('admin');
select results_eq(
  $$ select count(*)::int from public.profiles where id in (tests.get_user_id('alice'), tests.get_user_id('bob'), tests.get_user_id('cy')) $$,
  $$ values (3) $$,
  'an admin reads every profile');
select is_empty($$ update public.profiles set username = 'Admin Edit' where id = tests.get_user_id('alice') returning id $$,
  'an admin cannot update someone else''s profile');
select throws_ok($$ delete from public.profiles where id = tests.get_user_id('alice') $$,
  '42501', null, 'an admin cannot delete profiles through the API');
select throws_ok($$ insert into public.profiles (id, email, username) values (gen_random_uuid(), 'a@b.co', 'new') $$,
  '42501', null, 'an admin cannot insert profiles through the API');

-- Back as the database owner: the denied writes left alice's profile alone.
select tests.authenticate_as_service_role();
select results_eq($$ select username, email from public.profiles where id = tests.get_user_id('alice') $$,
  $$ values ('Alice B', 'alice.new@example.com') $$,
  'alice''s profile kept her own edits only');

-- Deleting the account deletes the profile.
reset role;
delete from auth.users where id = tests.get_user_id('bob');
select is((select count(*)::int from public.profiles where email = 'bob.builder@example.com'), 0,
  'deleting the account deletes its profile');
select is((select count(*)::int from public.profiles p join auth.users u using (id) where p.email <> coalesce(u.email, '')), 0,
  'every profile e-mail matches its account');
select ok(not has_table_privilege('anon', 'public.profiles', 'SELECT'), 'anon holds no privilege on profiles');

select * from finish();
rollback;
