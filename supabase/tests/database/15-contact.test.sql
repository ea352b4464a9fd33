-- contact_messages: anyone sends (as themselves or anonymously), only admins read, nobody edits.
begin;
\ir helpers/test-helpers.psql
select plan(24);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('admin', null, '{"role": "admin"}');

-- Anon.
select tests.clear_authentication();
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('  visitor@example.com ', ' Hello ', ' Is there a prize? ') $$,
  'anon sends a message');
select throws_ok($$ insert into public.contact_messages (email, subject, message, sender) values ('v@example.com', 'Hi', 'Spoof', tests.get_user_id('alice')) $$,
  '42501', 'new row violates row-level security policy for table "contact_messages"', 'anon cannot send as someone else');
select throws_ok($$ select * from public.contact_messages $$, '42501', null, 'anon cannot read messages');
select throws_ok($$ update public.contact_messages set subject = 'x' $$, '42501', null, 'anon cannot update messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'anon cannot delete messages');

-- Validation.
select throws_ok($$ insert into public.contact_messages (email, subject, message) values ('not-an-address', 'Hi', 'Body') $$,
  '23514', null, 'an e-mail without @ is refused');
select throws_ok($$ insert into public.contact_messages (email, subject, message) values (repeat('a', 250) || '@x.io', 'Hi', 'Body') $$,
  '23514', null, 'an e-mail over 254 characters is refused');
select throws_ok($$ insert into public.contact_messages (email, subject, message) values ('v@example.com', '   ', 'Body') $$,
  '23514', null, 'a blank subject is refused');
select throws_ok($$ insert into public.contact_messages (email, subject, message) values ('v@example.com', repeat('s', 201), 'Body') $$,
  '23514', null, 'a 201-character subject is refused');
select throws_ok($$ insert into public.contact_messages (email, subject, message) values ('v@example.com', 'Hi', ' ') $$,
  '23514', null, 'a blank message is refused');
select throws_ok($$ insert into public.contact_messages (email, subject, message) values ('v@example.com', 'Hi', repeat('m', 5001)) $$,
  '23514', null, 'a 5001-character message is refused');
select throws_ok($$ insert into public.contact_messages (email, subject, message) values (null, 'Hi', 'Body') $$,
  '23502', null, 'the e-mail is required');

-- A player.
select tests.authenticate_as('alice');
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('alice@example.com', 'Bug', 'The bracket is wrong.') $$,
  'a player sends a message');
select lives_ok($$ insert into public.contact_messages (email, subject, message, sender) values ('alice@example.com', 'Anon', 'No name.', null) $$,
  'a player may send without a sender');
select throws_ok($$ insert into public.contact_messages (email, subject, message, sender) values ('alice@example.com', 'Spoof', 'As bob.', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "contact_messages"', 'a player cannot send as another player');
select is_empty($$ select * from public.contact_messages $$, 'a player cannot read messages, even their own');
select throws_ok($$ update public.contact_messages set subject = 'x' $$, '42501', null, 'a player cannot update messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'a player cannot delete messages');

-- Another player.
select tests.authenticate_as('bob');
select is_empty($$ select * from public.contact_messages $$, 'another player cannot read messages');

-- Admin.
select tests.authenticate_as('admin');
select set_eq($$ select email, subject, message, sender from public.contact_messages $$,
  $$ values ('visitor@example.com', 'Hello', 'Is there a prize?', null::uuid),
            ('alice@example.com', 'Anon', 'No name.', null::uuid),
            ('alice@example.com', 'Bug', 'The bracket is wrong.', tests.get_user_id('alice')) $$,
  'an admin reads every message, trimmed, with the sender defaulting to the caller');
select throws_ok($$ update public.contact_messages set subject = 'x' $$, '42501', null, 'an admin cannot update messages');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'an admin cannot delete messages');

-- Deleting the account keeps its messages, without the sender.
reset role;
delete from auth.users where id = tests.get_user_id('alice');
select is((select count(*)::int from public.contact_messages where subject = 'Bug' and sender is null), 1,
  'a deleted sender''s message stays, unattributed');
select ok(not has_table_privilege('anon', 'public.contact_messages', 'SELECT'), 'anon holds no read privilege on messages');

select * from finish();
rollback;
