-- Brackets III: a disputed match is settled by an administrator only; the place a team keeps once
-- out of a double elimination bracket; one champion and a total order in round robin (seed last);
-- double elimination with and without the grand final's bracket reset.
begin;
\ir helpers/test-helpers.psql
select plan(22);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 8) i;
select tests.create_user('outsider', null, '{}', '{"username": "outsider", "game_id": "#OOOOOOOO9"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000a1', 'Duo', 'SE 2v2.', '/banners/duo-gem-grab.svg', 4, 'https://discord.gg/duo', '2v2', 'single_elimination', 1),
  ('00000000-0000-4000-8000-0000000000a2', 'Five', 'DE 1v1.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/de', '1v1', 'double_elimination', 1);

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

create function pg_temp.five(p_bracket text, p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a2'
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
    $c$select public.confirm_match(pg_temp.duo(1, 1))$c$,
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

select * from finish();
rollback;
