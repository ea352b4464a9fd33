-- The outbox: the dispatcher (service role) claims due rows with a lease, records what happened
-- (sent, retried with backoff or the service's retry_after, failed after 8 attempts and kept for the
-- administrators, a push subscription gone), and an event is queued once per channel.
begin;
\ir helpers/test-helpers.psql
select plan(20);

select tests.create_user('alice');
select tests.create_user('admin', null, '{"role": "admin"}');
insert into public.tournaments (id, name, description, thumbnail_url, slots, type, discord_link) values
  ('00000000-0000-4000-8000-0000000000e1', 'Hooked', 'Has a webhook.', '/banners/solo-showdown.svg', 4, '1v1', 'https://discord.gg/h');
insert into public.tournament_webhooks (tournament_id, url)
values ('00000000-0000-4000-8000-0000000000e1', 'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68));
insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth) values
  ('00000000-0000-4000-8000-00000000e501', tests.get_user_id('alice'), 'https://fcm.googleapis.com/fcm/send/a1', repeat('B', 87), repeat('A', 22)),
  ('00000000-0000-4000-8000-00000000e502', tests.get_user_id('alice'), 'https://updates.push.services.mozilla.com/wpush/v2/a2', repeat('C', 87), repeat('D', 22));

select private.notify(tests.get_user_id('alice'), 'champion', 'champion:x', 'Champion', 'You won.', '/home');
select private.notify(tests.get_user_id('alice'), 'champion', 'champion:x', 'Champion', 'You won.', '/home');
select is((select count(*) from public.notifications where user_id = tests.get_user_id('alice')), 1::bigint, 'an event told twice is stored once');
select is((select count(*) from public.outbox where channel = 'push'), 2::bigint, 'and pushed once to each browser');
select private.discord_post('00000000-0000-4000-8000-0000000000e1', 'post:1', 'Hello');
select private.discord_post('00000000-0000-4000-8000-0000000000e1', 'post:1', 'Hello');
select is((select count(*) from public.outbox where channel = 'discord'), 2::bigint,
  'a Discord post queued twice is one row (beside the registration announcement)');
select throws_ok($$ select private.notify(tests.get_user_id('alice'), 'free_gems', 'k', 't', 'b', '/home') $$,
  'BC801', 'This is not a kind of notification.', 'an unknown kind is refused');

select tests.authenticate_as_service_role();
create temp table claimed as select * from public.claim_outbox(10, 60);
select is((select count(*) from claimed), 4::bigint, 'the dispatcher claims every due row');
select results_eq($$ select target ->> 'endpoint' from claimed where channel = 'push' order by target ->> 'endpoint' $$,
  $$ values ('https://fcm.googleapis.com/fcm/send/a1'), ('https://updates.push.services.mozilla.com/wpush/v2/a2') $$,
  'push rows come with their subscription');
select is((select target ->> 'url' from claimed where channel = 'discord' limit 1),
  'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68), 'Discord rows come with their webhook');
select is_empty($$ select * from public.claim_outbox(10, 60) $$, 'claimed rows are not claimed again while their lease runs');

-- A dispatcher killed mid-batch: its lease passes and the rows are due again.
update public.outbox set claimed_until = now() - interval '1 second' where channel = 'discord';
select is((select count(*) from public.claim_outbox(10, 60)), 2::bigint, 'rows of a dead dispatcher are claimed again after the lease');

select lives_ok($$ select public.finish_outbox(jsonb_build_array(
    jsonb_build_object('id', (select id from claimed where target ->> 'endpoint' like '%fcm%'), 'ok', true),
    jsonb_build_object('id', (select id from claimed where target ->> 'endpoint' like '%mozilla%'), 'gone', true, 'error', '410 Gone'))) $$,
  'the dispatcher reports a push sent and a subscription gone');
select is((select count(*) from public.outbox where sent_at is not null), 1::bigint, 'the sent row is marked sent');
select results_eq($$ select id from public.push_subscriptions $$, $$ values ('00000000-0000-4000-8000-00000000e501'::uuid) $$,
  'the gone subscription is dropped, with its rows');
update public.outbox set claimed_until = null where sent_at is null;
select is_empty($$ select * from public.claim_outbox(10, 60) where channel = 'push' $$, 'a sent row is never claimed again');

select lives_ok($$ select public.finish_outbox((select jsonb_agg(jsonb_build_object('id', id, 'error', 'HTTP 500')) from public.outbox where channel = 'discord')) $$,
  'a failure is reported');
select ok((select bool_and(next_attempt_at = now() + interval '20 seconds' and claimed_until is null and failed_at is null)
           from public.outbox where channel = 'discord'),
  'it is retried with backoff (its third attempt failed: in 20 s)');
select lives_ok($$ select public.finish_outbox((select jsonb_agg(jsonb_build_object('id', id, 'error', 'rate limited', 'retry_after', 1.5)) from public.outbox where channel = 'discord')) $$,
  'a rate limit is reported');
select ok((select bool_and(next_attempt_at = now() + interval '1.5 seconds') from public.outbox where channel = 'discord'),
  'the row waits for the service''s retry_after');
update public.outbox set attempts = 8 where channel = 'discord';
select lives_ok($$ select public.finish_outbox((select jsonb_agg(jsonb_build_object('id', id, 'error', 'HTTP 500: down')) from public.outbox where channel = 'discord')) $$,
  'the eighth failure is reported');

select tests.authenticate_as('admin');
select results_eq($$ select last_error, failed_at is not null from public.outbox where channel = 'discord' $$,
  $$ values ('HTTP 500: down', true), ('HTTP 500: down', true) $$, 'the dispatcher gives up, and administrators read the failure');
select tests.authenticate_as('alice');
select is_empty($$ select * from public.outbox $$, 'players do not');

select * from finish();
rollback;
