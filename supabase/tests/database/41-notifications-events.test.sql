-- Notifications as data: each event is written by the transaction that caused it (registration,
-- waitlist, a captain adding a player, the bracket's start, a match ready, reported, disputed,
-- confirmed or settled, a team out with its place, the champion, no-shows), the clock's events once
-- each, the Discord channel's posts with their mentions, and each player's preferences.
begin;
\ir helpers/test-helpers.psql
select plan(46);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 6) i;
-- p1 linked Discord.
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
values ('111111111111111111', tests.get_user_id('p1'), '{"sub": "111111111111111111"}', 'discord', now(), now());

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000d1', 'Knock', 'SE 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/k', '1v1', 'single_elimination', 3),
  ('00000000-0000-4000-8000-0000000000d2', 'Tiny', 'Full.', '/banners/solo-showdown.svg', 1, 'https://discord.gg/t', '1v1', 'single_elimination', 1),
  ('00000000-0000-4000-8000-0000000000d3', 'Duo', '2v2.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/d', '2v2', 'single_elimination', 1);
insert into public.tournament_webhooks (tournament_id, url)
values ('00000000-0000-4000-8000-0000000000d1', 'https://discord.com/api/webhooks/123456789012345678/' || repeat('t', 68));

-- p5 silences match_ready in-app but keeps push; p6 turns push off for it; p1 has a browser.
insert into public.notification_preferences (user_id, kind, in_app, push) values
  (tests.get_user_id('p5'), 'registration_confirmed', false, false);
insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
values (tests.get_user_id('p1'), 'https://fcm.googleapis.com/fcm/send/p1', repeat('B', 87), repeat('A', 22));
insert into public.notification_preferences (user_id, kind, in_app, push) values
  (tests.get_user_id('p1'), 'registration_confirmed', true, true);

-- ---------------------------------------------------------------------------------------------
-- Registration, the waitlist, promotion, a captain adding a player
-- ---------------------------------------------------------------------------------------------
select tests.authenticate_as('p1');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000d2', null, '[{"player_id": "#PPPPPPPP1", "in_game_name": "P1"}]') $$,
  'p1 registers for Tiny');
select results_eq($$ select kind, title, link from public.notifications $$,
  $$ values ('registration_confirmed', 'Registered for Tiny', '/tournaments/00000000-0000-4000-8000-0000000000d2') $$,
  'p1 is told their place is confirmed, in the same transaction');
select tests.authenticate_as('p2');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000d2', null, '[{"player_id": "#PPPPPPPP2", "in_game_name": "P2"}]', true) $$,
  'p2 joins the waitlist');
select results_eq($$ select kind from public.notifications $$, $$ values ('registration_waitlisted') $$, 'p2 is told they are waitlisted');
select tests.authenticate_as('admin');
select lives_ok($$ delete from public.teams where registered_by = tests.get_user_id('p1') and tournament_id = '00000000-0000-4000-8000-0000000000d2' $$,
  'an admin removes p1''s team');
select tests.authenticate_as('p2');
select results_eq($$ select kind from public.notifications order by created_at, kind $$,
  $$ values ('promoted'), ('registration_waitlisted') $$, 'p2 is told they moved from the waitlist into the tournament');
select tests.authenticate_as('p5');
select lives_ok($$ select public.register_team('00000000-0000-4000-8000-0000000000d3', 'Fives', '[{"player_id": "#PPPPPPPP5", "in_game_name": "P5"}, {"player_id": "#PPPPPPPP6", "in_game_name": "P6"}]') $$,
  'p5 registers a 2v2 team naming p6');
select is_empty($$ select * from public.notifications $$, 'p5 turned that kind off: no notification');
select tests.authenticate_as('p6');
select results_eq($$ select kind, title from public.notifications $$, $$ values ('added_to_team', 'Added to Fives') $$,
  'p6 is told their captain added them');

-- ---------------------------------------------------------------------------------------------
-- The bracket: p1..p4 checked in, seeded 1..4 (semi-finals p1-p4 and p2-p3)
-- ---------------------------------------------------------------------------------------------
reset role;
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000d10' || i)::uuid, '00000000-0000-4000-8000-0000000000d1', tests.get_user_id('p' || i), now(), i
from generate_series(1, 4) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select ('00000000-0000-4000-8000-00000000d10' || i)::uuid, '00000000-0000-4000-8000-0000000000d1', 1, '#PPPPPPPP' || i, 'Player' || i
from generate_series(1, 4) i;
update public.notification_preferences set push = false where user_id = tests.get_user_id('p1');
insert into public.notification_preferences (user_id, kind, in_app, push) values (tests.get_user_id('p1'), 'bracket_started', true, false);
delete from public.outbox;
select tests.authenticate_as('admin');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000d1', 'manual') $$, 'the admin starts Knock');
select tests.authenticate_as('p1');
select results_eq($$ select kind from public.notifications where tournament_id = '00000000-0000-4000-8000-0000000000d1' order by kind $$,
  $$ values ('bracket_started'), ('match_ready'), ('registration_confirmed') $$, 'p1 is told the bracket started and their match is ready');
select results_eq($$ select title, body, data ->> 'opponent', data ->> 'round', (data ->> 'best_of')::int from public.notifications where kind = 'match_ready' $$,
  $$ values ('Your match is ready: Semi-final', 'vs Player4 · best of 3 · Knock', 'Player4', 'Semi-final', 3) $$,
  'the match call names the opponent, the round and the best-of');
select ok((select link ~ '^/tournaments/00000000-0000-4000-8000-0000000000d1\?match=[0-9a-f-]{36}$' from public.notifications where kind = 'match_ready'),
  'and links to the match on the tournament page');
select is((select match_id from public.notifications where kind = 'match_ready'),
  (select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000d1' and round = 1 and position = 1),
  'the right match');
select tests.authenticate_as('p3');
select results_eq($$ select data ->> 'opponent' from public.notifications where kind = 'match_ready' $$, $$ values ('Player2') $$,
  'p3 is told they play p2');

reset role;
create temp table semi_links as
  select position, '/tournaments/00000000-0000-4000-8000-0000000000d1?match=' || id as link
  from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000d1' and round = 1;
grant select on semi_links to authenticated;
select tests.authenticate_as('admin');
select set_eq($$ select payload ->> 'line' as line, batch_key is not null as batched from public.outbox where channel = 'discord' $$,
  $$ values (':crossed_swords: **Knock** has started: the bracket is out. {site}/tournaments/00000000-0000-4000-8000-0000000000d1', false),
            ('Semi-final: **Player1** (<@111111111111111111>) vs **Player4** · Bo3 · <{site}' || (select link from semi_links where position = 1) || '>', true),
            ('Semi-final: **Player2** vs **Player3** · Bo3 · <{site}' || (select link from semi_links where position = 2) || '>', true) $$,
  'the channel gets the start and one match call per match, p1 mentioned, the others named');
select is((select count(distinct batch_key) from public.outbox where channel = 'discord' and batch_key is not null), 1::bigint,
  'both calls of the round share a batch');
select results_eq($$ select payload -> 'mentions' from public.outbox where channel = 'discord' and payload ->> 'line' like '%Player1%' $$,
  $$ values ('["111111111111111111"]'::jsonb) $$, 'the call may ping only p1');
select results_eq($$ select payload ->> 'kind', payload ->> 'url' like '/tournaments/%?match=%', subscription_id is not null from public.outbox where channel = 'push' $$,
  $$ values ('match_ready', true, true) $$, 'p1''s browser gets a push of the match call, not of the start they turned off');

-- ---------------------------------------------------------------------------------------------
-- Report, dispute, settle; report, confirm; the final
-- ---------------------------------------------------------------------------------------------
create temp table semi as select id, position from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000d1' and round = 1;
grant select on semi to authenticated;
select tests.authenticate_as('p1');
select lives_ok($$ select public.report_match((select id from semi where position = 1), '[{"winner": 1}, {"winner": 1}]') $$, 'p1 reports 2-0');
select is((select count(*) from public.notifications where kind = 'opponent_reported'), 0::bigint, 'the reporter is not told');
select tests.authenticate_as('p4');
select results_eq($$ select title, body from public.notifications where kind = 'opponent_reported' $$,
  $$ values ('Result reported: confirm or dispute', 'Player1 reported 2-0 in Semi-final.') $$, 'p4 is asked to confirm or dispute');
select lives_ok($$ select public.dispute_match((select id from semi where position = 1), 'We won game two') $$, 'p4 disputes');
select tests.authenticate_as('admin');
select results_eq($$ select kind, link from public.notifications $$, $$ values ('dispute_opened', '/admindashboard') $$,
  'the administrator is told of the dispute');
select is((select count(*) from public.outbox where channel = 'discord' and payload ->> 'line' like ':warning: Staff:%'), 1::bigint,
  'and the staff in the channel');
select lives_ok($$ select public.set_match_result((select id from semi where position = 1), '[{"winner": 1}, {"winner": 1}]') $$,
  'the admin settles it for p1');
select tests.authenticate_as('p4');
select results_eq($$ select kind, data ->> 'place' from public.notifications where kind in ('dispute_settled', 'eliminated') order by kind $$,
  $$ values ('dispute_settled', null), ('eliminated', '3') $$, 'p4 is told the dispute was settled and that they finished third');
select tests.authenticate_as('p1');
select is((select count(*) from public.notifications where kind = 'dispute_settled'), 1::bigint, 'p1 too is told of the settlement');
select is((select count(*) from public.notifications where kind = 'match_ready'), 1::bigint, 'the final is not ready yet');

select tests.authenticate_as('p2');
select lives_ok($$ select public.report_match((select id from semi where position = 2), '[{"winner": 1}, {"winner": 1}]') $$, 'p2 reports');
select tests.authenticate_as('p3');
select lives_ok($$ select public.confirm_match(m.id, m.report_version) from public.matches m where m.id = (select id from semi where position = 2) $$, 'p3 confirms');
select results_eq($$ select kind from public.notifications where kind in ('result_confirmed', 'eliminated') order by kind $$,
  $$ values ('eliminated'), ('result_confirmed') $$, 'p3 is told the result and that they are out');
select tests.authenticate_as('p1');
select results_eq($$ select data ->> 'opponent' from public.notifications where kind = 'match_ready' and data ->> 'round' = 'Final' $$,
  $$ values ('Player2') $$, 'p1 is told the final against p2 is ready');
select tests.authenticate_as('admin');
select is((select count(distinct batch_key) from public.outbox where channel = 'discord' and batch_key is not null), 2::bigint,
  'the final''s call is a batch of its own');

select tests.authenticate_as('p2');
select lives_ok($$ select public.report_match((select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000d1' and round = 2), '[{"winner": 2}, {"winner": 2}]') $$,
  'p2 reports winning the final');
select tests.authenticate_as('p1');
select lives_ok($$ select public.confirm_match(m.id, m.report_version) from public.matches m where m.tournament_id = '00000000-0000-4000-8000-0000000000d1' and m.round = 2 $$,
  'p1 confirms');
select results_eq($$ select data ->> 'place' from public.notifications where kind = 'eliminated' $$, $$ values ('2') $$, 'p1 finished second');
select tests.authenticate_as('p2');
select results_eq($$ select title from public.notifications where kind = 'champion' $$, $$ values ('Champion of Knock') $$, 'p2 is the champion');
select tests.authenticate_as('admin');
select results_eq($$ select payload ->> 'line' from public.outbox where channel = 'discord' and idempotency_key like 'completed:%' $$,
  $$ values (E'**Knock** is over!\n:trophy: Player2\n:second_place: Player1\n:third_place: Player3\n:third_place: Player4') $$,
  'the channel gets the champion and the top places');

-- ---------------------------------------------------------------------------------------------
-- The clock: check-in open, closing in 15 minutes, no-shows; each once
-- ---------------------------------------------------------------------------------------------
reset role;
insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, starts_at) values
  ('00000000-0000-4000-8000-0000000000d4', 'Soon', 'Starts soon.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/s', '1v1', now() + interval '2 hours');
insert into public.teams (id, tournament_id, registered_by, checked_in_at)
select ('00000000-0000-4000-8000-00000000d40' || i)::uuid, '00000000-0000-4000-8000-0000000000d4', tests.get_user_id('p' || i), case when i = 1 then now() end
from generate_series(1, 2) i;
update public.tournaments set starts_at = now() + interval '40 minutes' where id = '00000000-0000-4000-8000-0000000000d4';
select tests.authenticate_as_service_role();
select is(public.notify_clock(), 2, 'the clock tells both registered players check-in is open');
select is(public.notify_clock(), 2, 'a second tick writes nothing new');
select is((select count(*) from public.notifications where kind = 'checkin_open' and tournament_id = '00000000-0000-4000-8000-0000000000d4'), 2::bigint,
  'each player has it once');
reset role;
update public.tournaments set checkin_closes_at = now() + interval '10 minutes' where id = '00000000-0000-4000-8000-0000000000d4';
select tests.authenticate_as_service_role();
select lives_ok($$ select public.notify_clock() $$, 'fifteen minutes before the close');
select results_eq($$ select user_id from public.notifications where kind = 'checkin_closing' $$,
  $$ values (tests.get_user_id('p2')) $$, 'only the player not yet checked in is told check-in is closing');
reset role;
update public.tournaments set checkin_opens_at = now() - interval '1 hour', checkin_closes_at = now() - interval '1 second' where id = '00000000-0000-4000-8000-0000000000d4';
select tests.authenticate_as_service_role();
select lives_ok($$ select public.notify_clock() $$, 'after the close');
select results_eq($$ select title from public.notifications where kind = 'no_shows' and user_id = tests.get_user_id('admin') $$,
  $$ values ('1 no-show in Soon') $$, 'the clock settles check-in and the administrators get the no-shows');

select * from finish();
rollback;
