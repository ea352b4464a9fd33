-- Notifications, preferences, push subscriptions, tournament webhooks and the outbox: who reads and
-- writes what (anon, a player, another player, an administrator, the service role), and the bad input
-- each refuses with its code, storing nothing.
begin;
\ir helpers/test-helpers.psql
select plan(70);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('admin', null, '{"role": "admin"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, type, discord_link) values
  ('00000000-0000-4000-8000-0000000000c1', 'Hooked', 'Has a webhook.', '/banners/solo-showdown.svg', 4, '1v1', 'https://discord.gg/hooked');

insert into public.notifications (id, user_id, kind, title, body, link, event_key) values
  ('00000000-0000-4000-8000-00000000aa01', tests.get_user_id('alice'), 'match_ready', 'A1', 'a', '/home', 'e1'),
  ('00000000-0000-4000-8000-00000000aa02', tests.get_user_id('alice'), 'champion', 'A2', 'a', '/home', 'e2'),
  ('00000000-0000-4000-8000-00000000bb01', tests.get_user_id('bob'), 'match_ready', 'B1', 'b', '/home', 'e1');

-- A valid subscription's parts: an FCM endpoint, a 65-byte key and a 16-byte secret in base64url.
create function pg_temp.p256dh() returns text language sql as $$ select repeat('B', 87) $$;
create function pg_temp.auth() returns text language sql as $$ select repeat('A', 22) $$;
grant execute on function pg_temp.p256dh(), pg_temp.auth() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Anon
-- ---------------------------------------------------------------------------------------------
select tests.clear_authentication();
select throws_ok($$ select * from public.notifications $$, '42501', null, 'anon cannot read notifications');
select throws_ok($$ select * from public.notification_preferences $$, '42501', null, 'anon cannot read preferences');
select throws_ok($$ select * from public.push_subscriptions $$, '42501', null, 'anon cannot read push subscriptions');
select throws_ok($$ select * from public.tournament_webhooks $$, '42501', null, 'anon cannot read webhooks');
select throws_ok($$ select * from public.outbox $$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$ select public.mark_notifications_read(null) $$, '42501', null, 'anon cannot mark notifications read');
select throws_ok($$ select public.save_push_subscription('https://fcm.googleapis.com/fcm/send/x', pg_temp.p256dh(), pg_temp.auth()) $$,
  '42501', null, 'anon cannot save a push subscription');
select throws_ok($$ select * from public.claim_outbox() $$, '42501', null, 'anon cannot claim the outbox');

-- ---------------------------------------------------------------------------------------------
-- A player
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('alice');
select results_eq($$ select title from public.notifications order by title $$, $$ values ('A1'), ('A2') $$,
  'a player reads their own notifications only');
select throws_ok($$ update public.notifications set read_at = now() $$, '42501', null, 'a player cannot update notifications directly');
select throws_ok($$ delete from public.notifications $$, '42501', null, 'a player cannot delete notifications');
select throws_ok($$ insert into public.notifications (user_id, kind, title, body, link, event_key) values (auth.uid(), 'champion', 'x', 'x', '/home', 'x') $$,
  '42501', null, 'a player cannot write notifications');
select throws_ok($$ select public.mark_notifications_read(array['00000000-0000-4000-8000-00000000bb01'::uuid]) $$,
  'BC802', 'This notification does not exist.', 'marking another player''s notification read is refused');
select throws_ok($$ select public.mark_notifications_read(array['00000000-0000-4000-8000-00000000aa01', '00000000-0000-4000-8000-00000000bb01']::uuid[]) $$,
  'BC802', 'This notification does not exist.', 'a list holding another player''s notification is refused whole');
select is((select count(*) from public.notifications where read_at is not null), 0::bigint, 'and nothing was marked');
select is(public.mark_notifications_read(array['00000000-0000-4000-8000-00000000aa01'::uuid]), 1, 'a player marks their own notification read');
select is(public.mark_notifications_read(null), 1, 'and then all of the rest');
select is((select count(*) from public.notifications where read_at is null), 0::bigint, 'nothing of theirs is unread');

select lives_ok($$ insert into public.notification_preferences (kind, push) values ('match_ready', false) $$, 'a player sets a preference');
select lives_ok($$ update public.notification_preferences set in_app = false where kind = 'match_ready' $$, 'a player changes it');
select throws_ok($$ insert into public.notification_preferences (kind, push) values ('free_gems', false) $$,
  'BC801', 'This is not a kind of notification.', 'an unknown kind is refused');
select throws_ok($$ insert into public.notification_preferences (user_id, kind) values (tests.get_user_id('bob'), 'champion') $$,
  '42501', 'new row violates row-level security policy for table "notification_preferences"', 'a player cannot set another player''s preferences');
select results_eq($$ select in_app, push from public.my_notification_preferences() where kind = 'match_ready' $$,
  $$ values (false, false) $$, 'my preferences show the choice');
select results_eq($$ select in_app, push from public.my_notification_preferences() where kind = 'result_confirmed' $$,
  $$ values (true, false) $$, 'and the defaults for the rest');
select is((select count(*) from public.my_notification_preferences() where kind in ('dispute_opened', 'no_shows')), 0::bigint,
  'a player is not offered the administrators'' kinds');

select isnt(public.save_push_subscription('https://fcm.googleapis.com/fcm/send/alice-1', pg_temp.p256dh(), pg_temp.auth()), null,
  'a player saves a push subscription of a browser''s push service');
select throws_ok($$ select public.save_push_subscription('https://evil.example.com/push/1', pg_temp.p256dh(), pg_temp.auth()) $$,
  'BC803', null, 'a foreign endpoint is refused');
select throws_ok($$ select public.save_push_subscription('http://fcm.googleapis.com/fcm/send/x', pg_temp.p256dh(), pg_temp.auth()) $$,
  'BC803', null, 'a plain-http endpoint is refused');
select throws_ok($$ select public.save_push_subscription('https://fcm.googleapis.com.evil.io/x', pg_temp.p256dh(), pg_temp.auth()) $$,
  'BC803', null, 'a look-alike host is refused');
select throws_ok($$ select public.save_push_subscription('https://fcm.googleapis.com/' || repeat('x', 1100), pg_temp.p256dh(), pg_temp.auth()) $$,
  'BC803', null, 'an oversized endpoint is refused');
select throws_ok($$ select public.save_push_subscription('https://fcm.googleapis.com/fcm/send/y', repeat('B', 5000), pg_temp.auth()) $$,
  'BC804', null, 'an oversized key is refused');
select throws_ok($$ select public.save_push_subscription('https://fcm.googleapis.com/fcm/send/y', pg_temp.p256dh(), 'short') $$,
  'BC804', null, 'a short auth secret is refused');
select throws_ok($$ insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values (auth.uid(), 'https://evil.example.com/1', pg_temp.p256dh(), pg_temp.auth()) $$,
  '42501', null, 'a player cannot insert a subscription directly');
select is((select count(*) from public.push_subscriptions), 1::bigint, 'only the valid subscription is stored');

select throws_ok($$ insert into public.tournament_webhooks (tournament_id, url) values ('00000000-0000-4000-8000-0000000000c1', 'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68)) $$,
  '42501', 'new row violates row-level security policy for table "tournament_webhooks"', 'a player cannot give a tournament a webhook');
select is_empty($$ select * from public.outbox $$, 'a player cannot read the outbox');
select throws_ok($$ select * from public.claim_outbox() $$, '42501', null, 'a player cannot claim the outbox');
select throws_ok($$ select public.finish_outbox('[]') $$, '42501', null, 'a player cannot finish outbox rows');
select throws_ok($$ select public.notify_clock() $$, '42501', null, 'a player cannot run the clock');
select isnt(public.save_push_subscription('https://updates.push.services.mozilla.com/wpush/v2/alice-2', pg_temp.p256dh(), pg_temp.auth()), null,
  'a player saves a second browser');
select results_eq($$ delete from public.push_subscriptions where endpoint like '%mozilla%' returning endpoint $$,
  $$ values ('https://updates.push.services.mozilla.com/wpush/v2/alice-2') $$, 'a player removes their own subscription');
select results_eq($$ delete from public.notification_preferences where kind = 'match_ready' returning kind $$, $$ values ('match_ready') $$,
  'a player deletes their own preference (back to the default)');
select lives_ok($$ insert into public.notification_preferences (kind, in_app, push) values ('match_ready', false, false) $$, 'and sets it again');

-- ---------------------------------------------------------------------------------------------
-- Another player
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('bob');
select results_eq($$ select title from public.notifications $$, $$ values ('B1') $$, 'another player reads only theirs');
select is_empty($$ select * from public.notification_preferences $$, 'another player does not see alice''s preferences');
select is_empty($$ select * from public.push_subscriptions $$, 'another player does not see alice''s subscriptions');
select is_empty($$ delete from public.push_subscriptions returning id $$, 'another player''s delete reaches none of alice''s subscriptions');
select is_empty($$ update public.notification_preferences set push = true returning kind $$, 'another player cannot change alice''s preferences');
select is_empty($$ delete from public.notification_preferences returning kind $$, 'another player cannot delete alice''s preferences');
select isnt(public.save_push_subscription('https://fcm.googleapis.com/fcm/send/alice-1', pg_temp.p256dh(), pg_temp.auth()), null,
  'the same browser signed in as bob takes the subscription over');
select is((select count(*) from public.push_subscriptions), 1::bigint, 'bob now holds it');
select is_empty($$ select * from public.tournament_webhooks $$, 'another player does not read webhooks');

-- ---------------------------------------------------------------------------------------------
-- An administrator
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('admin');
select is_empty($$ select * from public.notifications $$, 'an admin does not read players'' notifications');
select lives_ok($$ insert into public.tournament_webhooks (tournament_id, url) values ('00000000-0000-4000-8000-0000000000c1', ' https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68) || ' ') $$,
  'an admin gives a tournament a Discord webhook');
select is((select url from public.tournament_webhooks), 'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68),
  'an admin reads it back, trimmed');
select throws_ok($$ update public.tournament_webhooks set url = 'https://example.com/api/webhooks/123456789012345678/' || repeat('t', 68) $$,
  'BC806', null, 'a URL that is not Discord''s is refused');
select throws_ok($$ update public.tournament_webhooks set url = 'https://discord.com/api/channels/123456789012345678/messages' $$,
  'BC806', null, 'a Discord URL that is not a webhook is refused');
select throws_ok($$ update public.tournament_webhooks set url = 'https://discord.com.evil.io/api/webhooks/123456789012345678/' || repeat('t', 68) $$,
  'BC806', null, 'a look-alike host is refused');
select lives_ok($$ update public.tournament_webhooks set url = 'https://discord.com/api/v10/webhooks/123456789012345678/' || repeat('u', 68) $$,
  'a versioned webhook URL is accepted');
select is((select count(*) from public.outbox where channel = 'discord'), 1::bigint,
  'an admin reads the outbox: the webhook announced the open registration');
select tests.authenticate_as('bob');
select is_empty($$ update public.tournament_webhooks set created_at = now() returning tournament_id $$, 'a player cannot change a webhook');
select is_empty($$ delete from public.tournament_webhooks returning tournament_id $$, 'a player cannot delete a webhook');
select tests.authenticate_as('admin');
select lives_ok($$ delete from public.tournament_webhooks $$, 'an admin removes the webhook');
select is_empty($$ select * from public.push_subscriptions $$, 'an admin does not read players'' push subscriptions');
select throws_ok($$ select * from public.claim_outbox() $$, '42501', null, 'an admin cannot claim the outbox');

-- ---------------------------------------------------------------------------------------------
-- The operator's settings: DISCORD_API_URL moves the accepted base, PUSH_SERVICE_ORIGINS adds one.
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as_service_role();
reset role;
insert into private.notify_settings (key, value) values ('discord_api_url', 'http://127.0.0.1:4999/api'),
  ('push_service_origins', 'http://127.0.0.1:4998');
select ok(private.is_discord_webhook('http://127.0.0.1:4999/api/webhooks/123456789012345678/' || repeat('t', 68)),
  'with DISCORD_API_URL set, its webhooks are accepted');
select ok(not private.is_discord_webhook('https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68)),
  'and others are not');
select ok(private.is_push_endpoint('http://127.0.0.1:4998/push/abc'), 'an added push origin is accepted');
select ok(not private.is_push_endpoint('http://127.0.0.1:4997/push/abc'), 'another port is not');
select ok(not private.is_push_endpoint('http://127.0.0.1:49980/push/abc'), 'nor a longer port');

select * from finish();
rollback;
