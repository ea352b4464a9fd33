-- contact_messages.answered_at: only administrators mark a message answered (or not), and nothing
-- else of a message changes; everyone else is refused or sees nothing to change.
begin;
\ir helpers/test-helpers.psql
select plan(12);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('admin', null, '{"role": "admin"}');

select tests.clear_authentication();
insert into public.contact_messages (email, subject, message) values ('visitor@example.com', 'Prize?', 'Is there a prize?');
select tests.authenticate_as('alice');
insert into public.contact_messages (email, subject, message) values ('alice@example.com', 'Bracket', 'Mine is wrong.');

create function pg_temp.answered(p_subject text) returns timestamptz language sql security definer as $$
  select answered_at from public.contact_messages where subject = p_subject $$;

-- Anon.
select tests.clear_authentication();
select throws_ok($$ update public.contact_messages set answered_at = now() $$, '42501', null,
  'anon cannot mark messages answered');

-- A player, even the sender.
select tests.authenticate_as('alice');
select is_empty($$ update public.contact_messages set answered_at = now() returning id $$,
  'the sender cannot mark their own message answered');
select is(pg_temp.answered('Bracket'), null, 'their message still waits');

-- Another player.
select tests.authenticate_as('bob');
select is_empty($$ update public.contact_messages set answered_at = now() returning id $$,
  'another player cannot mark messages answered');
select is(pg_temp.answered('Prize?'), null, 'the visitor''s message still waits');

-- Admin.
select tests.authenticate_as('admin');
select results_eq($$ select subject, answered_at from public.contact_messages order by subject $$,
  $$ values ('Bracket', null::timestamptz), ('Prize?', null::timestamptz) $$, 'an admin reads both, waiting');
select lives_ok($$ update public.contact_messages set answered_at = now() where subject = 'Prize?' $$,
  'an admin marks a message answered');
select isnt(pg_temp.answered('Prize?'), null, 'it is answered');
select is(pg_temp.answered('Bracket'), null, 'the other still waits');
select lives_ok($$ update public.contact_messages set answered_at = null where subject = 'Prize?' $$,
  'an admin marks it waiting again');
select throws_ok($$ update public.contact_messages set message = 'Rewritten.' $$, '42501', null,
  'an admin cannot change what was sent');
select throws_ok($$ delete from public.contact_messages $$, '42501', null, 'an admin cannot delete messages');

select * from finish();
rollback;
