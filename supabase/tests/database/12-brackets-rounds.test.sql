-- Brackets II: per-round settings (best-of, modes and maps), the player's next match, completion and
-- the champion, recent champions and the leaderboard.
begin;
\ir helpers/test-helpers.psql
select plan(62);

-- Only this file's tournaments (the sample data would score on the leaderboard too).
delete from public.tournaments;

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 8) i;
select tests.create_user('outsider', null, '{}', '{"username": "outsider", "game_id": "#OOOOOOOO9"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000c1', 'Duo', 'SE 2v2.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2', 'single_elimination', 1),
  ('00000000-0000-4000-8000-0000000000c2', 'Twice', 'DE 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/de', '1v1', 'double_elimination', 1),
  ('00000000-0000-4000-8000-0000000000c3', 'League', 'RR 1v1.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/rr', '1v1', 'round_robin', 1);

-- Duo: Alpha (p1 captain, p2), Bravo (p3, p4), Charlie (p5, p6), Delta (p7, p8), seeded in that order.
insert into public.teams (id, tournament_id, team_name, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000d00' || i)::uuid, '00000000-0000-4000-8000-0000000000c1',
       (array['Alpha', 'Bravo', 'Charlie', 'Delta'])[i], tests.get_user_id('p' || (2 * i - 1)), now(), i
from generate_series(1, 4) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select ('00000000-0000-4000-8000-00000000d00' || ((i + 1) / 2))::uuid, '00000000-0000-4000-8000-0000000000c1',
       2 - i % 2, '#PPPPPPPP' || i, 'P' || i
from generate_series(1, 8) i;
-- Twice (1v1): p1 to p4, seeded in that order; League (1v1): p5 to p7.
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000e00' || i)::uuid, '00000000-0000-4000-8000-0000000000c2', tests.get_user_id('p' || i), now(), i
from generate_series(1, 4) i;
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000f00' || i)::uuid, '00000000-0000-4000-8000-0000000000c3', tests.get_user_id('p' || (i + 4)), now(), i
from generate_series(1, 3) i;
-- p8 registered for League but never checked in: not in its bracket.
insert into public.teams (tournament_id, registered_by) values ('00000000-0000-4000-8000-0000000000c3', tests.get_user_id('p8'));
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select t.id, t.tournament_id, 1, p.game_id, upper(p.username)
from public.teams t join public.profiles p on p.id = t.registered_by
where t.tournament_id in ('00000000-0000-4000-8000-0000000000c2', '00000000-0000-4000-8000-0000000000c3');
-- Teammates have confirmed the places their captains entered them in.
update public.team_players set confirmed_at = now(), accepted_at = now() where user_id is not null and confirmed_at is null;

create function pg_temp.duo(p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000c1' and round = p_round and position = p_position $$;
create function pg_temp.next() returns setof record language sql as $$
  select status, round_label, opponent_team_name, opponent_in_game_names, best_of, state, can_report, can_confirm, placement
  from public.my_next_match('00000000-0000-4000-8000-0000000000c1') $$;
-- Plays every ready match of a tournament, team 1 winning, until none is left (as the administrator).
create function pg_temp.play_out(p_tournament_id uuid) returns void language plpgsql as $$
declare v_id uuid;
begin
  loop
    select m.id into v_id from public.matches m
    where m.tournament_id = p_tournament_id and public.state(m) = 'ready' order by m.bracket, m.round, m.position limit 1;
    exit when v_id is null;
    perform public.set_match_result(v_id, '[{"winner": 1}]');
  end loop;
end $$;

-- ---------------------------------------------------------------------------------------------
-- Round settings: who may set them

select tests.clear_authentication();
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 1, 3) $$, '42501',
  'permission denied for function set_round_settings', 'the anonymous cannot set a round''s settings');
select tests.authenticate_as('p1');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 1, 3) $$,
  'Only an administrator or a co-organiser of this tournament can change a round''s settings.', 'a captain cannot set a round''s settings');
select tests.authenticate_as_admin();
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 1, 3) $$,
  'This round is not in the bracket (rounds exist once the tournament has started).', 'rounds exist once started');
select public.start_tournament('00000000-0000-4000-8000-0000000000c1', 'manual');

-- ---------------------------------------------------------------------------------------------
-- Round settings: the rules

select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3,
                      '[{"mode": "Duels", "map": "Shrouding Serpent"}]') $$,
  'Duels is a 1v1 mode: choose another mode for a 2v2 tournament.', 'Duels is refused in 2v2');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3, '[{"mode": "Showdown"}]') $$,
  'The mode is one of Gem Grab, Brawl Ball, Heist, Bounty, Knockout, Hot Zone or Duels.', 'an unknown mode is refused');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 2) $$,
  'A match is a best of 1, 3 or 5.', 'a best of 2 is refused');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, null) $$,
  'A match is a best of 1, 3 or 5.', 'a missing best-of is refused');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 1, '[{}, {}]') $$,
  'A best of 1 has at most 1 games: remove the extra maps.', 'no more maps than games');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3, '[1]') $$,
  'The games are a list of a mode and a map each.', 'a game is an object');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3, '[{"brawler": "Shelly"}]') $$,
  'The games are a list of a mode and a map each.', 'a game has a mode and a map only');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3,
                      jsonb_build_array(jsonb_build_object('map', repeat('m', 51)))) $$,
  'A map name has at most 50 characters, without invisible ones.', 'a map name is short');
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'losers', 1, 3) $$,
  'This round is not in the bracket (rounds exist once the tournament has started).', 'single elimination has no losers bracket');
select lives_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3,
                     '[{"mode": "Gem Grab", "map": "  Hard Rock Mine "}, {"mode": "Brawl Ball", "map": "Backyard Bowl"}, {}]') $$,
  'the administrator makes the final a best of 3 with modes and maps');
select lives_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 1, 3, '[{"mode": "Heist"}]') $$,
  'and the semi-finals a best of 3 in Heist');
select results_eq($$ select round, best_of, maps from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000c1' order by round, position $$,
  $$ values (1, 3::smallint, '[{"mode": "Heist", "map": null}]'::jsonb), (1, 3::smallint, '[{"mode": "Heist", "map": null}]'::jsonb),
            (2, 3::smallint, '[{"mode": "Gem Grab", "map": "Hard Rock Mine"}, {"mode": "Brawl Ball", "map": "Backyard Bowl"}, {"mode": null, "map": null}]'::jsonb) $$,
  'every match of a round gets its settings, names trimmed');
select results_eq($$ select public.round_label(m) from public.matches m where tournament_id = '00000000-0000-4000-8000-0000000000c1' order by round, position $$,
  $$ values ('Semi-final'), ('Semi-final'), ('Final') $$, 'rounds are labelled as people say them');

-- ---------------------------------------------------------------------------------------------
-- The player's next match

select tests.clear_authentication();
select throws_ok($$ select * from public.my_next_match() $$, '42501', 'permission denied for function my_next_match',
  'the anonymous has no next match');
select tests.authenticate_as('outsider');
select is((select count(*)::integer from public.my_next_match()), 0, 'someone in no tournament has none');
select tests.authenticate_as('p1');
select results_eq($$ select * from pg_temp.next() as (status text, round_label text, opponent text, names text[], best_of smallint,
                                                     state text, can_report boolean, can_confirm boolean, placement integer) $$,
  $$ values ('match', 'Semi-final', 'Delta', array['P7', 'P8'], 3::smallint, 'ready', true, false, null::integer) $$,
  'the captain sees the semi-final against Delta, its players, best of 3, and may report');
select is((select maps from public.my_next_match('00000000-0000-4000-8000-0000000000c1')), '[{"mode": "Heist", "map": null}]'::jsonb,
  'with the round''s modes and maps');
select tests.authenticate_as('p2');
select results_eq($$ select status, can_report, can_confirm from public.my_next_match() $$,
  $$ values ('match', false, false) $$, 'a teammate sees the match but the captain reports it');

select tests.authenticate_as('p1');
select throws_ok($$ select public.report_match(pg_temp.duo(1, 1), '[{"winner": 1}]') $$,
  'A best of 3 ends when a team wins 2 games.', 'a result is checked against the round''s best-of, not the tournament''s');
select lives_ok($$ select public.report_match(pg_temp.duo(1, 1), '[{"winner": 1}, {"winner": 1}]') $$, 'captain 1 reports 2-0');
select results_eq($$ select state, can_report, can_confirm from public.my_next_match() $$,
  $$ values ('awaiting_confirmation', false, false) $$, 'the reporter waits for the other captain');
select tests.authenticate_as('p7');
select results_eq($$ select state, can_report, can_confirm from public.my_next_match() $$,
  $$ values ('awaiting_confirmation', false, true) $$, 'the other captain may confirm');
select tests.authenticate_as_admin();
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 1, 5) $$,
  'This round has a result already: its settings can no longer change.', 'a round with a result keeps its settings');
select lives_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 5,
                     '[{"mode": "Hot Zone", "map": "Ring of Fire"}]') $$, 'the final can still change: best of 5');
select tests.authenticate_as('p7');
select public.confirm_match(pg_temp.duo(1, 1), tests.report_version(pg_temp.duo(1, 1)));
select results_eq($$ select * from pg_temp.next() as (status text, round_label text, opponent text, names text[], best_of smallint,
                                                     state text, can_report boolean, can_confirm boolean, placement integer) $$,
  $$ values ('eliminated', null, null, null::text[], null::smallint, null, false, false, 3) $$,
  'the semi-final loser is out, in 3rd place (3rd-4th)');
select tests.authenticate_as('p1');
select results_eq($$ select status, round_label, opponent_team_name, state from public.my_next_match() $$,
  $$ values ('match', 'Final', null, 'waiting_for_opponent') $$, 'the winner waits for the final''s opponent');

select tests.authenticate_as('p3');
select public.report_match(pg_temp.duo(1, 2), '[{"winner": 1}, {"winner": 1}]');
select tests.authenticate_as('p5');
select public.confirm_match(pg_temp.duo(1, 2), tests.report_version(pg_temp.duo(1, 2)));
select tests.authenticate_as('p3');
select throws_ok($$ select public.report_match(pg_temp.duo(2, 1), '[{"winner": 2}, {"winner": 2}]') $$,
  'A best of 5 ends when a team wins 3 games.', 'the final is a best of 5');
select lives_ok($$ select public.report_match(pg_temp.duo(2, 1), '[{"winner": 2}, {"winner": 1}, {"winner": 2}, {"winner": 2}]') $$,
  'Bravo''s captain reports the final 3-1');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000c1'), null,
  'no champion before the final is confirmed');
select tests.authenticate_as('p1');
select lives_ok($$ select public.confirm_match(pg_temp.duo(2, 1), tests.report_version(pg_temp.duo(2, 1))) $$, 'Alpha''s captain confirms the final');

-- ---------------------------------------------------------------------------------------------
-- Completion, champion, recent champions

select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000c1'), null,
  'the confirmed final completes the tournament');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000c1'), 'Bravo',
  'Bravo is champion');
select results_eq($$ select status, placement from public.my_next_match('00000000-0000-4000-8000-0000000000c1') $$,
  $$ values ('completed', 2) $$, 'the finalist sees their placement: 2nd');
select tests.authenticate_as('p4');
select results_eq($$ select status, placement from public.my_next_match() $$,
  $$ values ('completed', 1) $$, 'a champion''s teammate sees 1st');
select tests.authenticate_as_admin();
select throws_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c1', 'winners', 2, 3) $$,
  'This tournament is completed: its rounds can no longer change.', 'a completed tournament''s rounds are fixed');
select tests.clear_authentication();
select results_eq($$ select tournament_name, type, champion from public.recent_champions() $$,
  $$ values ('Duo', '2v2', 'Bravo') $$, 'anyone reads the recent champions');
select tests.authenticate_as_service_role();
select results_eq($$ select t.team_name, p.placement from public.placements p join public.teams t on t.id = p.team_id
                     where p.tournament_id = '00000000-0000-4000-8000-0000000000c1' order by 2, 1 $$,
  $$ values ('Bravo', 1), ('Alpha', 2), ('Charlie', 3), ('Delta', 3) $$, 'the final placements are written at completion');
select tests.clear_authentication();
select is((select count(*)::integer from public.placements where tournament_id = '00000000-0000-4000-8000-0000000000c1'), 4,
  'the anonymous reads the final placements');
select tests.authenticate_as('p1');
select throws_ok($$ insert into public.placements (tournament_id, team_id, placement)
                    values ('00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-00000000d001', 1) $$,
  '42501', 'permission denied for table placements', 'a player cannot write a placement');
select tests.authenticate_as_admin();
select throws_ok($$ delete from public.placements $$, '42501', 'permission denied for table placements',
  'nor can an administrator: placements follow the results');
select tests.clear_authentication();
select is((select champion from public.tournaments t cross join lateral (select public.champion(t)) c (champion)
           where id = '00000000-0000-4000-8000-0000000000c2'), null, 'a tournament not played has no champion');

-- ---------------------------------------------------------------------------------------------
-- Leaderboard

select results_eq($$ select rank, in_game_name, points, titles, finals, best_placement, tournaments_played, is_me, total
                     from public.leaderboard() $$,
  $$ values (1, 'P3', 10, 1, 0, 1, 1, false, 8), (1, 'P4', 10, 1, 0, 1, 1, false, 8),
            (3, 'P1', 7, 0, 1, 2, 1, false, 8), (3, 'P2', 7, 0, 1, 2, 1, false, 8),
            (5, 'P5', 5, 0, 0, 3, 1, false, 8), (5, 'P6', 5, 0, 0, 3, 1, false, 8),
            (5, 'P7', 5, 0, 0, 3, 1, false, 8), (5, 'P8', 5, 0, 0, 3, 1, false, 8) $$,
  'the anonymous reads the leaderboard: champions 10, finalists 7, semi-finalists 5, level players share the rank');
select results_eq($$ select in_game_name from public.leaderboard(2, 2) $$, $$ values ('P1'), ('P2') $$, 'pages by limit and offset');
select is((select count(*)::integer from public.leaderboard(0, -5)), 1, 'a limit below 1 reads one row, a negative offset none');
select tests.authenticate_as('p3');
select results_eq($$ select in_game_name from public.leaderboard() where is_me $$, $$ values ('P3') $$, 'a player finds their own row');

-- Double elimination to the end: the winners bracket's champion wins the grand final, no reset.
select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000c2', 'manual');
select results_eq($$ select bracket, round, public.round_label(m) from public.matches m
                     where tournament_id = '00000000-0000-4000-8000-0000000000c2' and position = 1 order by bracket, round $$,
  $$ values ('grand_final', 1, 'Grand final'), ('grand_final', 2, 'Grand final reset'), ('losers', 1, 'Losers round 1'),
            ('losers', 2, 'Losers final'), ('winners', 1, 'Winners round 1'), ('winners', 2, 'Winners final') $$,
  'double elimination rounds are labelled by bracket');
select lives_ok($$ select public.set_round_settings('00000000-0000-4000-8000-0000000000c2', 'winners', 1, 1, '[{"mode": "Duels", "map": "Final Four"}]') $$,
  'Duels is allowed in 1v1');
select pg_temp.play_out('00000000-0000-4000-8000-0000000000c2');
select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000c2'), null,
  'the grand final won by the unbeaten team completes a double elimination');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000c2'), 'P1',
  'a solo champion is named by their in-game name');

-- Round robin to the end: seed 1 beats everyone.
select public.start_tournament('00000000-0000-4000-8000-0000000000c3', 'manual');
select public.set_match_result(m.id, case when t.seed < (select s.seed from public.teams s where s.id in (m.team1_id, m.team2_id) and s.id <> t.id)
                                          and t.id = m.team1_id or (t.seed > (select s.seed from public.teams s where s.id in (m.team1_id, m.team2_id) and s.id <> t.id)
                                          and t.id = m.team2_id) then '[{"winner": 1}]'::jsonb else '[{"winner": 2}]'::jsonb end)
from public.matches m join public.teams t on t.id = m.team1_id
where m.tournament_id = '00000000-0000-4000-8000-0000000000c3';
select isnt((select completed_at from public.tournaments where id = '00000000-0000-4000-8000-0000000000c3'), null,
  'the last league match completes a round robin');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000c3'), 'P5',
  'the league winner is champion');
select tests.authenticate_as('p6');
select results_eq($$ select status, placement from public.my_next_match('00000000-0000-4000-8000-0000000000c3') $$,
  $$ values ('completed', 2) $$, 'the league runner-up sees 2nd');

select tests.authenticate_as('p8');
select is((select count(*)::integer from public.my_next_match('00000000-0000-4000-8000-0000000000c3')), 0,
  'a team that missed check-in has no match and no place');

-- One transaction has one now(): spread the completions out to see the order.
reset role;
update public.tournaments set completed_at = completed_at - interval '1 day' * (case name when 'Duo' then 3 when 'Twice' then 2 else 1 end)
where id::text like '00000000-0000-4000-8000-0000000000c%';
select tests.clear_authentication();
select results_eq($$ select tournament_name, champion from public.recent_champions(2) $$,
  $$ values ('League', 'P5'), ('Twice', 'P1') $$, 'recent champions, newest first, as many as asked');
select results_eq($$ select rank, in_game_name, points, titles, finals, tournaments_played from public.leaderboard(4) $$,
  $$ values (1, 'P1', 17, 1, 1, 2), (1, 'P4', 17, 1, 1, 2), (3, 'P3', 15, 1, 0, 2), (3, 'P5', 15, 1, 0, 2) $$,
  'points add up across tournaments; level on points, titles, finals and best placement, players share the rank');
select results_eq($$ select rank, in_game_name, points from public.leaderboard(2, 4) $$,
  $$ values (5, 'P2', 12), (5, 'P6', 12) $$, 'the next page goes on from there');

-- A correction of a completed tournament's final: it reopens and completes again with the new result.
select tests.authenticate_as_admin();
select lives_ok($$ select public.set_match_result(pg_temp.duo(2, 1), '[{"winner": 1}, {"winner": 1}, {"winner": 1}]') $$,
  'the administrator corrects the final: Alpha won it');
select is((select public.champion(t) from public.tournaments t where id = '00000000-0000-4000-8000-0000000000c1'), 'Alpha',
  'the corrected final names the new champion');
select results_eq($$ select rank, in_game_name, points, titles from public.leaderboard(1) $$,
  $$ values (1, 'P1', 20, 2) $$, 'and the leaderboard counts the corrected placements');

select * from finish();
rollback;
