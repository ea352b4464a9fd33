-- contact_messages limits: one message per statement, and at most 5 per 10 minutes per client IP,
-- read from the headers PostgREST sets (request.headers). Standalone: sets its own caller.
begin;
select plan(10);

create function pg_temp.as_anon_from(headers jsonb) returns void language sql as $$
  select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true),
         set_config('request.headers', headers::text, true);
$$;

select pg_temp.as_anon_from('{"x-forwarded-for": "203.0.113.7"}');

select throws_ok(
  $$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'One', 'First'), ('a@example.com', 'Two', 'Second') $$,
  'BC701', 'Send one message at a time.', 'two messages in one statement (an array body) are refused');

select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 1', 'Body') $$, 'first message from an IP');
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 2', 'Body') $$, 'second message');
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 3', 'Body') $$, 'third message');
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 4', 'Body') $$, 'fourth message');
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 5', 'Body') $$, 'fifth message');
select throws_ok(
  $$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 6', 'Body') $$,
  'PT429', 'You have sent too many messages. Please wait a few minutes and try again.', 'the sixth message in 10 minutes from one IP is refused');

-- The client cannot pick another IP by adding its own X-Forwarded-For entry: the proxy's is last.
select pg_temp.as_anon_from('{"x-forwarded-for": "198.51.100.1, 203.0.113.7"}');
select throws_ok(
  $$ insert into public.contact_messages (email, subject, message) values ('a@example.com', 'Hi 7', 'Body') $$,
  'PT429', null, 'a forged first X-Forwarded-For entry does not reset the limit');

-- Behind Cloudflare (hosted Supabase) the edge's CF-Connecting-IP is the client.
select pg_temp.as_anon_from('{"cf-connecting-ip": "192.0.2.50", "x-forwarded-for": "203.0.113.7"}');
select lives_ok($$ insert into public.contact_messages (email, subject, message) values ('b@example.com', 'Hello', 'Body') $$,
  'another client IP (CF-Connecting-IP) still sends');

select throws_ok($$ select * from private.contact_sends $$, '42501', null, 'the callers cannot read the send log');

select * from finish();
rollback;
