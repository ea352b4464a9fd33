-- Brackets III: a disputed match is settled by an administrator only; the place a team keeps once
-- out of a double elimination bracket; one champion and a total order in round robin (seed last);
-- double elimination with and without the grand final's bracket reset.
begin;
\ir helpers/test-helpers.psql
select plan(65);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 8) i;
select tests.create_user('outsider', null, '{}', '{"username": "outsider", "game_id": "#OOOOOOOO9"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000a1', 'Duo', 'SE 2v2.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2', 'single_elimination', 1),
  ('00000000-0000-4000-8000-0000000000a2', 'Five', 'DE 1v1.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/de', '1v1', 'double_elimination', 1),
  ('00000000-0000-4000-8000-0000000000a3', 'Circle', 'RR 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/rr', '1v1', 'round_robin', 1),
  ('00000000-0000-4000-8000-0000000000a4', 'Groups', 'RR 1v1.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/gr', '1v1', 'round_robin', 1),
  ('00000000-0000-4000-8000-0000000000a5', 'No reset', 'DE 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/nr', '1v1', 'double_elimination', 1),
  ('00000000-0000-4000-8000-0000000000a6', 'Knock', 'SE 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/se', '1v1', 'single_elimination', 1),
  ('00000000-0000-4000-8000-0000000000a7', 'Fix', 'DE 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/fx', '1v1', 'double_elimination', 3),
  ('00000000-0000-4000-8000-0000000000a8', 'Final', 'DE 1v1.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/fi', '1v1', 'double_elimination', 1),
  ('00000000-0000-4000-8000-0000000000a9', 'Called off', 'SE 1v1.', '/banners/solo-showdown.svg', 2, 'https://discord.gg/co', '1v1', 'single_elimination', 1);

-- Duo: Alpha (p1 captain, p2), Bravo (p3, p4), Charlie (p5, p6), Delta (p7, p8), seeded in that order.
insert into public.teams (id, tournament_id, team_name, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000a10' || i)::uuid, '00000000-0000-4000-8000-0000000000a1',
       (array['Alpha', 'Bravo', 'Charlie', 'Delta'])[i], tests.get_user_id('p' || (2 * i - 1)), now(), i
from generate_series(1, 4) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id)
select ('00000000-0000-4000-8000-00000000a10' || ((i + 1) / 2))::uuid, '00000000-0000-4000-8000-0000000000a1',
       2 - i % 2, '#PPPPPPPP' || i, 'P' || i, tests.get_user_id('p' || i)
from generate_series(1, 8) i;

-- Five (1v1, double elimination): p1 to p5, seeded in that order.
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000a20' || i)::uuid, '00000000-0000-4000-8000-0000000000a2', tests.get_user_id('p' || i), now(), i
from generate_series(1, 5) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id)
select ('00000000-0000-4000-8000-00000000a20' || i)::uuid, '00000000-0000-4000-8000-0000000000a2', 1, '#PPPPPPPP' || i, 'P' || i,
       tests.get_user_id('p' || i)
from generate_series(1, 5) i;

-- Circle (p1 to p3, seeded in that order), Groups (p1 to p4 checked in, p5 registered with a seed
-- but not checked in), No reset (p1 to p4, seeded in that order), Knock (p1, p2).
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000a' || t || '0' || i)::uuid, ('00000000-0000-4000-8000-0000000000a' || t)::uuid,
       tests.get_user_id('p' || i), case when t <> 4 or i < 5 then now() end, case when t <> 4 then i else 6 - i end
from (values (3, 3), (4, 5), (5, 4), (6, 2), (7, 4), (8, 2), (9, 2)) n (t, teams) cross join lateral generate_series(1, n.teams) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id)
select t.id, t.tournament_id, 1, p.game_id, upper(p.username), p.id
from public.teams t join public.profiles p on p.id = t.registered_by
where t.tournament_id in ('00000000-0000-4000-8000-0000000000a3', '00000000-0000-4000-8000-0000000000a4',
                          '00000000-0000-4000-8000-0000000000a5', '00000000-0000-4000-8000-0000000000a6',
                          '00000000-0000-4000-8000-0000000000a7', '00000000-0000-4000-8000-0000000000a8',
                          '00000000-0000-4000-8000-0000000000a9');
-- Teammates have confirmed the places their captains entered them in.
update public.team_players set confirmed_at = now(), accepted_at = now() where user_id is not null and confirmed_at is null;

create function pg_temp.five(p_bracket text, p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a2'
    and bracket = p_bracket and round = p_round and position = p_position $$;
create function pg_temp.seed(p_team_id uuid) returns integer language sql security definer as $$
  select seed from public.teams where id = p_team_id $$;
create function pg_temp.fix(p_tournament text, p_bracket text, p_round integer, p_position integer) returns uuid
language sql security definer as $$
  select id from public.matches where tournament_id = ('00000000-0000-4000-8000-0000000000' || p_tournament)::uuid
    and bracket = p_bracket and round = p_round and position = p_position $$;
create function pg_temp.no_reset(p_bracket text, p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a5'
    and bracket = p_bracket and round = p_round and position = p_position $$;
create function pg_temp.duo(p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a1' and round = p_round and position = p_position $$;

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000a1', 'manual');

-- ---------------------------------------------------------------------------------------------
-- A disputed match: only an administrator settles it

select tests.authenticate_as('p1');
select public.report_match(pg_temp.duo(1, 1), '[{"winner": 1}]');
select tests.authenticate_as('p7');
select lives_ok($$ select public.dispute_match(pg_temp.duo(1, 1), 'Game 1 was ours.') $$, 'the other captain disputes Alpha''s report');

-- Asked as each role: the same three actions on the disputed semi-final.
create function pg_temp.try_all() returns setof text language plpgsql as $$
declare v_call text;
begin
  foreach v_call in array array[
    $c$select public.report_match(pg_temp.duo(1, 1), '[{"winner": 2}]')$c$,
    $c$select public.confirm_match(pg_temp.duo(1, 1), tests.report_version(pg_temp.duo(1, 1)))$c$,
    $c$select public.dispute_match(pg_temp.duo(1, 1), 'Again.')$c$] loop
    begin
      execute v_call;
      return next 'done';
    exception when others then
      return next sqlerrm;
    end;
  end loop;
end $$;

select tests.clear_authentication();
select results_eq($$ select * from pg_temp.try_all() $$,
  $$ values ('permission denied for function report_match'), ('permission denied for function confirm_match'),
            ('permission denied for function dispute_match') $$,
  'the anonymous can neither report, confirm nor dispute it');
select tests.authenticate_as('p1');
select results_eq($$ select * from pg_temp.try_all() $$,
  $$ values ('This result is disputed: an administrator settles it.'), ('This result is disputed: an administrator settles it.'),
            ('This result is disputed: an administrator settles it.') $$,
  'the reporting captain cannot report again (which cleared the dispute before), confirm or dispute');
select tests.authenticate_as('p7');
select results_eq($$ select * from pg_temp.try_all() $$,
  $$ values ('This result is disputed: an administrator settles it.'), ('This result is disputed: an administrator settles it.'),
            ('This result is disputed: an administrator settles it.') $$,
  'nor can the disputing captain report their own result, confirm or dispute twice');
select tests.authenticate_as('p2');
select results_eq($$ select * from pg_temp.try_all() $$,
  $$ values ('Only the two captains can report this match.'), ('Only the two captains can report this match.'),
            ('Only the two captains can report this match.') $$,
  'a player of the match who is not its captain cannot act on it');
select tests.authenticate_as('p3');
select results_eq($$ select * from pg_temp.try_all() $$,
  $$ values ('Only the two captains can report this match.'), ('Only the two captains can report this match.'),
            ('Only the two captains can report this match.') $$,
  'another tournament captain cannot either');
select tests.authenticate_as_service_role();
select results_eq($$ select public.state(m), games, dispute_comment, reported_by = tests.get_user_id('p1')
                     from public.matches m where id = pg_temp.duo(1, 1) $$,
  $$ values ('disputed', '[{"winner": 1}]'::jsonb, 'Game 1 was ours.', true) $$,
  'the dispute and the reported result are kept as they were');

-- What the players see of it.
select tests.authenticate_as('p1');
select results_eq($$ select status, state, can_report, can_confirm, dispute_comment from public.my_next_match() $$,
  $$ values ('match', 'disputed', false, false, 'Game 1 was ours.') $$,
  'the reporting captain''s next match is disputed, with its comment, and nothing to report or confirm');
select tests.authenticate_as('p7');
select results_eq($$ select state, can_report, can_confirm, dispute_comment from public.my_next_match() $$,
  $$ values ('disputed', false, false, 'Game 1 was ours.') $$, 'the same for the disputing captain');
select tests.authenticate_as('p8');
select results_eq($$ select state, can_report, can_confirm, dispute_comment from public.my_next_match() $$,
  $$ values ('disputed', false, false, 'Game 1 was ours.') $$, 'and for their teammates');
select tests.authenticate_as('p3');
select results_eq($$ select state, can_report, dispute_comment from public.my_next_match() $$,
  $$ values ('ready', true, null::text) $$, 'another match''s captain may still report theirs, and sees no dispute');

-- The administrator settles it: the match is done, the winner moves on, the log keeps the report.
select tests.authenticate_as_admin();
select lives_ok($$ select public.set_match_result(pg_temp.duo(1, 1), '[{"winner": 2}]') $$, 'the administrator settles the dispute');
select results_eq($$ select public.state(m), winner_id, disputed_at, dispute_comment from public.matches m where id = pg_temp.duo(1, 1) $$,
  $$ values ('done', '00000000-0000-4000-8000-00000000a104'::uuid, null::timestamptz, 'Game 1 was ours.') $$,
  'settled: done, Delta won, the comment stays for the record');
select is((select team1_id from public.matches where id = pg_temp.duo(2, 1)), '00000000-0000-4000-8000-00000000a104'::uuid,
  'Delta moves on to the final');
select results_eq($$ select action, before->>'winner_id', after->>'winner_id' from public.match_result_changes where match_id = pg_temp.duo(1, 1) $$,
  $$ values ('set', '00000000-0000-4000-8000-00000000a101', '00000000-0000-4000-8000-00000000a104') $$,
  'the audit log keeps the disputed report as the result before');

-- ---------------------------------------------------------------------------------------------
-- Double elimination: the place a team keeps once it is out

-- Five teams in a bracket of eight: seeds 1, 2 and 3 have byes, so the second losers round has a
-- match that will be a bye (its losers-round-1 side was all byes): nobody shares 5th place.
select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000a2', 'manual');
select public.set_match_result(pg_temp.five('winners', 1, 2), '[{"winner": 1}]');  -- 4 beats 5; 5 waits in losers round 2
select public.set_match_result(pg_temp.five('winners', 2, 2), '[{"winner": 1}]');  -- 2 beats 3; 3 drops to meet 5
select results_eq($$ select team1_id, team2_id from public.matches where id = pg_temp.five('losers', 2, 1) $$,
  $$ values ('00000000-0000-4000-8000-00000000a205'::uuid, '00000000-0000-4000-8000-00000000a203'::uuid) $$,
  '5 (a bye in losers round 1) meets 3, dropped from the winners bracket');
select public.set_match_result(pg_temp.five('losers', 2, 1), '[{"winner": 2}]');  -- 3 beats 5: 5 is out
select tests.authenticate_as('p5');
select results_eq($$ select status, placement from public.my_next_match('00000000-0000-4000-8000-0000000000a2') $$,
  $$ values ('eliminated', 5) $$,
  'out in losers round 2 while the other match of that round waits for its bye: 5th, not 4th');
select tests.authenticate_as('p4');
select results_eq($$ select status, state, placement from public.my_next_match('00000000-0000-4000-8000-0000000000a2') $$,
  $$ values ('match', 'ready', null::integer) $$, 'a team still in has a match and no place yet');
select tests.authenticate_as_admin();
select public.set_match_result(pg_temp.five('winners', 2, 1), '[{"winner": 1}]');  -- 1 beats 4, whose losers match is a bye
select results_eq($$ select is_bye, winner_id from public.matches where id = pg_temp.five('losers', 2, 2) $$,
  $$ values (true, '00000000-0000-4000-8000-00000000a204'::uuid) $$, 'that match was the bye to come: 4 moves on alone');
select tests.authenticate_as('p5');
select is((select placement from public.my_next_match('00000000-0000-4000-8000-0000000000a2')), 5, '5 still finishes 5th');
select tests.authenticate_as_admin();
select public.set_match_result(m.id, '[{"winner": 1}]') from public.matches m
where m.tournament_id = '00000000-0000-4000-8000-0000000000a2' and m.bracket = 'losers' and m.round = 3;  -- 3 beats 4
select tests.authenticate_as('p4');
select results_eq($$ select status, placement from public.my_next_match('00000000-0000-4000-8000-0000000000a2') $$,
  $$ values ('eliminated', 4) $$, 'out alone in losers round 3: 4th');
select tests.authenticate_as_admin();
select public.set_match_result(pg_temp.five('winners', 3, 1), '[{"winner": 1}]');   -- 1 beats 2
select public.set_match_result(pg_temp.five('losers', 4, 1), '[{"winner": 2}]');    -- 2 beats 3 in the losers final
select public.set_match_result(pg_temp.five('grand_final', 1, 1), '[{"winner": 1}]');
select tests.clear_authentication();
select results_eq($$ select team_id, placement from public.placements where tournament_id = '00000000-0000-4000-8000-0000000000a2'
                     order by placement $$,
  $$ values ('00000000-0000-4000-8000-00000000a201'::uuid, 1), ('00000000-0000-4000-8000-00000000a202'::uuid, 2),
            ('00000000-0000-4000-8000-00000000a203'::uuid, 3), ('00000000-0000-4000-8000-00000000a204'::uuid, 4),
            ('00000000-0000-4000-8000-00000000a205'::uuid, 5) $$,
  'the final places are the ones the teams were told when they went out');

-- ---------------------------------------------------------------------------------------------
-- Round robin: one champion, every team in its own place, the seed breaking the last tie

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000a3', 'manual');
-- A circle: 1 beats 2, 2 beats 3, 3 beats 1, each 1-0. Level on wins, head-to-head and games.
select public.set_match_result(m.id, case when (pg_temp.seed(m.team1_id), pg_temp.seed(m.team2_id)) in ((1, 2), (2, 3), (3, 1))
                                          then '[{"winner": 1}]'::jsonb else '[{"winner": 2}]'::jsonb end)
from public.matches m
where m.tournament_id = '00000000-0000-4000-8000-0000000000a3';
select tests.clear_authentication();
select results_eq($$ select seed, placement, wins, game_difference from public.standings('00000000-0000-4000-8000-0000000000a3') $$,
  $$ values (1, 1, 1, 0), (2, 2, 1, 0), (3, 3, 1, 0) $$,
  'the anonymous reads standings level on everything but the seed: 1st, 2nd, 3rd by seed, each seed shown');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a3'), 'P1',
  'so the circle has a champion: seed 1');
select tests.authenticate_as('p3');
select results_eq($$ select status, placement from public.my_next_match('00000000-0000-4000-8000-0000000000a3') $$,
  $$ values ('completed', 3) $$, 'the player seeded 3rd sees 3rd, not a shared 1st');

-- Groups, random seeding: the draw is recorded as seeds 1 to 4; the team that missed check-in loses its seed.
select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000a4', 'random', 2);
select tests.authenticate_as_service_role();
select results_eq($$ select array_agg(seed order by seed) filter (where checked_in_at is not null),
                            bool_and(seed is null) filter (where checked_in_at is null)
                     from public.teams where tournament_id = '00000000-0000-4000-8000-0000000000a4' $$,
  $$ values (array[1, 2, 3, 4], true) $$, 'start records the random draw as seeds 1 to 4, and no seed for a team left out');
select is((select count(distinct group_number)::integer from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a4'), 2,
  'two groups of two');
select tests.authenticate_as_admin();
select public.set_match_result(m.id, '[{"winner": 1}]') from public.matches m where m.tournament_id = '00000000-0000-4000-8000-0000000000a4';
select tests.clear_authentication();
select results_eq($$ select p.placement, pg_temp.seed(p.team_id) from public.placements p
                     where p.tournament_id = '00000000-0000-4000-8000-0000000000a4' and p.placement <= 2 order by 1 $$,
  $$ select 1, min(pg_temp.seed(m.winner_id)) from public.matches m where m.tournament_id = '00000000-0000-4000-8000-0000000000a4'
     union all select 2, max(pg_temp.seed(m.winner_id)) from public.matches m where m.tournament_id = '00000000-0000-4000-8000-0000000000a4' $$,
  'the two group winners, level on wins and games, are 1st and 2nd by seed');
select results_eq($$ select array_agg(placement order by placement) from public.placements
                     where tournament_id = '00000000-0000-4000-8000-0000000000a4' $$,
  $$ values (array[1, 2, 3, 4]) $$, 'every team has a place of its own');
select isnt((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a4'), null,
  'and there is a champion');

-- ---------------------------------------------------------------------------------------------
-- Double elimination without the grand final's bracket reset

select tests.clear_authentication();
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a5', 'manual', null, false) $$, '42501',
  'permission denied for function start_tournament', 'the anonymous cannot start a tournament, reset or not');
select tests.authenticate_as('p1');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a5', 'manual', null, false) $$,
  'Only an administrator or a co-organiser of this tournament can start it.', 'nor can a captain of it');
select tests.authenticate_as('outsider');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a5', 'manual', null, false) $$,
  'Only an administrator or a co-organiser of this tournament can start it.', 'nor another player');
select tests.authenticate_as_admin();
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a6', 'manual', null, false) $$,
  'The grand final reset is for double elimination: leave it on for other formats.', 'single elimination has no reset to leave out');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a6', 'manual', null, null) $$,
  'The grand final reset is for double elimination: leave it on for other formats.', 'the reset is on or off, not unknown');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a6', 'manual', null, true) $$,
  'left on (the default), it is no matter for single elimination');
select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a5', 'manual', null, false) $$,
  'the administrator starts a double elimination without the reset');
select results_eq($$ select bracket, round, public.round_label(m), next_match_id from public.matches m
                     where tournament_id = '00000000-0000-4000-8000-0000000000a5' and bracket = 'grand_final' $$,
  $$ values ('grand_final', 1, 'Grand final', null::uuid) $$, 'one grand final, no reset match');
-- The losers bracket's champion (seed 2) takes the grand final: it decides.
select public.set_match_result(pg_temp.no_reset('winners', 1, 1), '[{"winner": 1}]');  -- 1 beats 4
select public.set_match_result(pg_temp.no_reset('winners', 1, 2), '[{"winner": 1}]');  -- 2 beats 3
select public.set_match_result(pg_temp.no_reset('winners', 2, 1), '[{"winner": 1}]');  -- 1 beats 2
select public.set_match_result(pg_temp.no_reset('losers', 1, 1), '[{"winner": 1}]');   -- 4 beats 3
select public.set_match_result(pg_temp.no_reset('losers', 2, 1), '[{"winner": 2}]');   -- 2 beats 4
select is((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000a5'), null,
  'the grand final is still to play');
select tests.authenticate_as('p2');
select public.report_match(pg_temp.no_reset('grand_final', 1, 1), '[{"winner": 2}]');
select tests.authenticate_as('p1');
select lives_ok($$ select public.confirm_match(pg_temp.no_reset('grand_final', 1, 1), tests.report_version(pg_temp.no_reset('grand_final', 1, 1))) $$, 'the unbeaten seed 1 confirms losing the grand final');
select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000a5'), null,
  'the grand final decides: the tournament is complete');
select results_eq($$ select status, placement from public.my_next_match('00000000-0000-4000-8000-0000000000a5') $$,
  $$ values ('completed', 2) $$, 'seed 1, beaten once, is 2nd');
select tests.clear_authentication();
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a5'), 'P2',
  'the losers bracket''s champion is champion');
select results_eq($$ select placement from public.placements where tournament_id = '00000000-0000-4000-8000-0000000000a5' order by team_id $$,
  $$ values (2), (1), (4), (3) $$, 'places 1 to 4: seed 4 went out last in the losers bracket, 3rd');

-- ---------------------------------------------------------------------------------------------
-- Corrections in double elimination: the loser's drop and the grand final's reset follow

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000a7', 'manual');
select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 1), '[{"winner": 1}, {"winner": 1}]');  -- 1 beats 4
select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 2), '[{"winner": 1}, {"winner": 1}]');  -- 2 beats 3
select tests.authenticate_as('p4');
select public.report_match(pg_temp.fix('a7', 'losers', 1, 1), '[{"winner": 1}, {"winner": 1}]');        -- 4 beats 3 ...
select tests.authenticate_as('p3');
select public.confirm_match(pg_temp.fix('a7', 'losers', 1, 1), tests.report_version(pg_temp.fix('a7', 'losers', 1, 1)));                                          -- ... confirmed
select tests.clear_authentication();
select throws_ok($$ select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 1), '[{"winner": 2}, {"winner": 2}]', true) $$,
  '42501', 'permission denied for function set_match_result', 'the anonymous cannot correct a result');
select tests.authenticate_as('p4');
select throws_ok($$ select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 1), '[{"winner": 2}, {"winner": 2}]', true) $$,
  'Only an administrator or this tournament''s staff can set a result.', 'nor can the captain it would favour');
select tests.authenticate_as_admin();
select throws_ok($$ select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 1), '[{"winner": 2}, {"winner": 2}]') $$,
  'Later matches were played after this result: confirm to reset them.',
  'a correction whose loser already played in the losers bracket asks first');
select lives_ok($$ select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 1), '[{"winner": 2}, {"winner": 2}]', true) $$,
  'confirmed: 4 beat 1 after all');
select results_eq($$ select team1_id, team2_id, public.state(m) from public.matches m where id = pg_temp.fix('a7', 'losers', 1, 1) $$,
  $$ values ('00000000-0000-4000-8000-00000000a701'::uuid, '00000000-0000-4000-8000-00000000a703'::uuid, 'ready') $$,
  'the losers-bracket match is to replay, with 1 dropped in place of 4');
select results_eq($$ select team1_id, public.state(m) from public.matches m where id = pg_temp.fix('a7', 'winners', 2, 1) $$,
  $$ values ('00000000-0000-4000-8000-00000000a704'::uuid, 'ready') $$, '4 moves on in the winners bracket');
select is((select count(*)::integer from public.match_result_changes where match_id = pg_temp.fix('a7', 'losers', 1, 1) and action = 'reset'), 1,
  'the reset losers-bracket result is in the audit log');

-- A corrected score with the same winner leaves the matches played after it alone.
select public.set_match_result(pg_temp.fix('a7', 'winners', 2, 1), '[{"winner": 1}, {"winner": 1}]');  -- 4 beats 2
select lives_ok($$ select public.set_match_result(pg_temp.fix('a7', 'winners', 1, 1), '[{"winner": 2}, {"winner": 1}, {"winner": 2}]') $$,
  'the administrator corrects 4''s first win to 2-1, without a confirmation: the winner is the same');
select results_eq($$ select team1_score, team2_score from public.matches where id = pg_temp.fix('a7', 'winners', 1, 1) $$,
  $$ values (1::smallint, 2::smallint) $$, 'the score is corrected');
select results_eq($$ select public.state(m), winner_id from public.matches m where id = pg_temp.fix('a7', 'winners', 2, 1) $$,
  $$ values ('done', '00000000-0000-4000-8000-00000000a704'::uuid) $$, 'and the winners final played since keeps its result');

-- Two teams: the grand final won by the unbeaten team ends it; corrected, the reset is played after all.
select public.start_tournament('00000000-0000-4000-8000-0000000000a8', 'manual');
select public.set_match_result(pg_temp.fix('a8', 'winners', 1, 1), '[{"winner": 1}]');
select public.set_match_result(pg_temp.fix('a8', 'grand_final', 1, 1), '[{"winner": 1}]');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a8'), 'P1',
  'the unbeaten team wins the grand final: champion, no reset');
select lives_ok($$ select public.set_match_result(pg_temp.fix('a8', 'grand_final', 1, 1), '[{"winner": 2}]') $$,
  'the administrator corrects the grand final: the losers bracket''s champion won it');
select results_eq($$ select team1_id, team2_id, public.state(m), is_bye from public.matches m where id = pg_temp.fix('a8', 'grand_final', 2, 1) $$,
  $$ values ('00000000-0000-4000-8000-00000000a801'::uuid, '00000000-0000-4000-8000-00000000a802'::uuid, 'ready', false) $$,
  'so the bracket reset is to play');
select results_eq($$ select completed_at, public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a8' $$,
  $$ values (null::timestamptz, null::text) $$, 'and the tournament is in progress again, without a champion');
select public.set_match_result(pg_temp.fix('a8', 'grand_final', 2, 1), '[{"winner": 2}]');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a8'), 'P2',
  'the reset decides');

-- ---------------------------------------------------------------------------------------------
-- A cancelled tournament's matches are not played on

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000a9', 'manual');
select tests.authenticate_as('p1');
select public.report_match(pg_temp.fix('a9', 'winners', 1, 1), '[{"winner": 1}]');
select tests.authenticate_as_admin();
update public.tournaments set cancelled_at = now() where id = '00000000-0000-4000-8000-0000000000a9';
select tests.authenticate_as('p2');
select throws_ok($$ select public.confirm_match(pg_temp.fix('a9', 'winners', 1, 1), tests.report_version(pg_temp.fix('a9', 'winners', 1, 1))) $$,
  'This tournament was cancelled.', 'the other captain cannot confirm a result once the tournament is cancelled');
select throws_ok($$ select public.dispute_match(pg_temp.fix('a9', 'winners', 1, 1), 'No.') $$,
  'This tournament was cancelled.', 'nor dispute it');
select tests.authenticate_as('p1');
select throws_ok($$ select public.report_match(pg_temp.fix('a9', 'winners', 1, 1), '[{"winner": 2}]') $$,
  'This tournament was cancelled.', 'the reporting captain cannot report again');
select tests.authenticate_as('outsider');
select throws_ok($$ select public.confirm_match(pg_temp.fix('a9', 'winners', 1, 1), tests.report_version(pg_temp.fix('a9', 'winners', 1, 1))) $$,
  'This tournament was cancelled.', 'another player is told the same');
select tests.authenticate_as_admin();
select throws_ok($$ select public.set_match_result(pg_temp.fix('a9', 'winners', 1, 1), '[{"winner": 1}]') $$,
  'This tournament was cancelled.', 'nor does the administrator set results in it');
select results_eq($$ select completed_at, public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000a9' $$,
  $$ values (null::timestamptz, null::text) $$, 'so a cancelled tournament never completes with a champion');

select * from finish();
rollback;
