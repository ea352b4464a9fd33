-- E-mail, the third channel: when the site sends mail (notify_settings 'email' on), an event is queued
-- for the player's confirmed address as their preferences say (null: the kind's default), once per
-- event; the dispatcher claims it with the address as it is now; a player reads e-mail choices only
-- while the site sends mail.
begin;
\ir helpers/test-helpers.psql
select plan(14);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
update auth.users set email_confirmed_at = null where id = tests.get_user_id('carol');

-- A site that sends no mail queues none.
select private.notify(tests.get_user_id('alice'), 'match_ready', 'match_ready:m0', 'Your match is ready', 'Play now.', '/home');
select is_empty($$ select * from public.outbox where channel = 'email' $$, 'without mail, no e-mail is queued');
select tests.authenticate_as('alice');
select ok((select bool_and(email is null) from public.my_notification_preferences()),
  'and a player''s e-mail choices are not offered');

reset role;
insert into private.notify_settings (key, value) values ('email', 'on');
select tests.authenticate_as('alice');
select results_eq($$ select kind, email from public.my_notification_preferences() where kind in ('match_ready', 'result_confirmed') order by kind $$,
  $$ values ('match_ready', true), ('result_confirmed', false) $$, 'with mail on, each kind shows its e-mail default');
select lives_ok($$ insert into public.notification_preferences (kind, in_app, push, email) values ('champion', true, true, false) $$,
  'a player turns e-mail off for one kind');
select is((select email from public.my_notification_preferences() where kind = 'champion'), false, 'and it reads back off');

reset role;
select private.notify(tests.get_user_id('alice'), 'match_ready', 'match_ready:m1', 'Your match is ready', 'Play Bob.', '/tournaments/t?match=m1');
select private.notify(tests.get_user_id('alice'), 'match_ready', 'match_ready:m1', 'Your match is ready', 'Play Bob.', '/tournaments/t?match=m1');
select results_eq($$ select user_id, payload ->> 'title', payload ->> 'url' from public.outbox where channel = 'email' $$,
  $$ values (tests.get_user_id('alice'), 'Your match is ready', '/tournaments/t?match=m1') $$,
  'a match call is queued as one e-mail for the player, however often it is told');
select private.notify(tests.get_user_id('alice'), 'champion', 'champion:t', 'Champion', 'You won.', '/home');
select private.notify(tests.get_user_id('bob'), 'result_confirmed', 'result_confirmed:m1', 'Result confirmed', '2-0.', '/home');
select is((select count(*) from public.outbox where channel = 'email'), 1::bigint,
  'a kind turned off, or off by default, is not e-mailed');
select private.notify(tests.get_user_id('carol'), 'match_ready', 'match_ready:m2', 'Your match is ready', 'Play.', '/home');
select is_empty($$ select * from public.outbox where channel = 'email' and user_id = tests.get_user_id('carol') $$,
  'an address not confirmed gets no mail');
select is((select count(*) from public.notifications where user_id = tests.get_user_id('carol')), 1::bigint,
  'though the notification is in the app');

select throws_ok($$ insert into public.outbox (channel, idempotency_key, payload) values ('email', 'x', '{}') $$,
  '23514', null, 'an e-mail row names its recipient');

update auth.users set email = 'alice.new@example.com' where id = tests.get_user_id('alice');
select tests.authenticate_as_service_role();
create temp table claimed as select * from public.claim_outbox(10, 60, 'email');
select results_eq($$ select channel, target ->> 'email', target ->> 'username' from claimed $$,
  $$ values ('email', 'alice.new@example.com', (select username from public.profiles where id = tests.get_user_id('alice'))) $$,
  'the dispatcher claims the e-mail with the address as it is now');
select lives_ok($$ select public.finish_outbox((select jsonb_agg(jsonb_build_object('id', id, 'ok', true)) from claimed)) $$,
  'and reports it sent');

select tests.authenticate_as('alice');
select is_empty($$ select * from public.outbox $$, 'a player never reads the outbox');
select throws_ok($$ insert into public.outbox (channel, idempotency_key, user_id, payload) values ('email', 'y', auth.uid(), '{}') $$,
  '42501', null, 'nor writes to it');

select * from finish();
rollback;
