-- Brackets III: a disputed match is settled by an administrator only; the place a team keeps once
-- out of a double elimination bracket; one champion and a total order in round robin (seed last);
-- double elimination with and without the grand final's bracket reset.
begin;
\ir helpers/test-helpers.psql
select plan(15);

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

select * from finish();
rollback;
