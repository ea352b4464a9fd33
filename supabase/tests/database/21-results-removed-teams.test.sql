-- A team removed after the start (by an administrator, or with its captain's account) forfeits its
-- current match and every later one: no match is left waiting for it and the tournament finishes.
begin;
\ir helpers/test-helpers.psql
select plan(18);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 4) i;

-- Knock (single elimination), Double (double elimination), Circle (round robin), Gone (deleted
-- while in progress): p1 to p4 each, seeded in that order.
insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format) values
  ('00000000-0000-4000-8000-000000002101', 'Knock', 'x', '/banners/solo-showdown.svg', 4, 'https://discord.gg/kn', '1v1', 'single_elimination'),
  ('00000000-0000-4000-8000-000000002102', 'Double', 'x', '/banners/solo-showdown.svg', 4, 'https://discord.gg/do', '1v1', 'double_elimination'),
  ('00000000-0000-4000-8000-000000002103', 'Circle', 'x', '/banners/solo-showdown.svg', 4, 'https://discord.gg/ci', '1v1', 'round_robin'),
  ('00000000-0000-4000-8000-000000002104', 'Gone', 'x', '/banners/solo-showdown.svg', 4, 'https://discord.gg/go', '1v1', 'single_elimination');
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-0000000021' || t || i)::uuid, ('00000000-0000-4000-8000-00000000210' || t)::uuid,
       tests.get_user_id('p' || i), now(), i
from generate_series(1, 4) t cross join generate_series(1, 4) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select t.id, t.tournament_id, 1, '#PPPPPPPP' || t.seed, 'P' || t.seed
from public.teams t where t.tournament_id::text like '00000000-0000-4000-8000-00000000210_';

create function pg_temp.team(p_tournament integer, p_seed integer) returns uuid language sql as $$
  select ('00000000-0000-4000-8000-0000000021' || p_tournament || p_seed)::uuid $$;
create function pg_temp.match(p_tournament integer, p_bracket text, p_round integer, p_position integer) returns public.matches
language sql security definer as $$
  select * from public.matches where tournament_id = ('00000000-0000-4000-8000-00000000210' || p_tournament)::uuid
    and bracket = p_bracket and round = p_round and position = p_position $$;
create function pg_temp.stuck(p_tournament integer) returns bigint language sql security definer as $$
  select count(*) from public.matches m
  where m.tournament_id = ('00000000-0000-4000-8000-00000000210' || p_tournament)::uuid and m.confirmed_at is null
    and (m.team1_id is null or m.team2_id is null)
    and not exists (select 1 from public.matches f where f.confirmed_at is null and (f.next_match_id = m.id or f.loser_next_match_id = m.id))
    and not (m.bracket = 'grand_final' and m.round = 2) $$;
create function pg_temp.completed(p_tournament integer) returns boolean language sql security definer as $$
  select completed_at is not null from public.tournaments where id = ('00000000-0000-4000-8000-00000000210' || p_tournament)::uuid $$;

select tests.authenticate_as_admin();
select public.start_tournament(('00000000-0000-4000-8000-00000000210' || t)::uuid, 'manual') from generate_series(1, 4) t;

-- ---------------------------------------------------------------------------------------------
-- Single elimination: seeds 1 v 4 and 2 v 3, then the final.

-- An undecided match: seed 3 is removed while their semi-final with seed 2 is still to play.
select lives_ok($$ delete from public.teams where id = pg_temp.team(1, 3) $$, 'an administrator removes seed 3 during the semi-finals');
select results_eq($$ select result_reason, winner_id, confirmed_at is not null from pg_temp.match(1, 'winners', 1, 2) $$,
  $$ values ('forfeit', pg_temp.team(1, 2), true) $$, 'seed 3''s semi-final is forfeited to seed 2');
select is((pg_temp.match(1, 'winners', 2, 1)).team2_id, pg_temp.team(1, 2), 'seed 2 is in the final');
select public.set_match_result((pg_temp.match(1, 'winners', 1, 1)).id, '[{"winner": 1}]');
-- The final's two teams are known; seed 1 is removed before it is played.
select lives_ok($$ delete from public.teams where id = pg_temp.team(1, 1) $$, 'the finalist seed 1 is removed before the final');
select ok(pg_temp.completed(1), 'the final is forfeited to seed 2 and the tournament completes');
select is(public.champion(t), 'P2', 'seed 2 is the champion') from public.tournaments t where t.id = '00000000-0000-4000-8000-000000002101';

-- ---------------------------------------------------------------------------------------------
-- Double elimination: a team waiting for an opponent still to come, then a captain's account deleted.

-- Seed 1 beats seed 4 and waits in the winners final for 2 v 3; seed 1 is removed meanwhile.
select public.set_match_result((pg_temp.match(2, 'winners', 1, 1)).id, '[{"winner": 1}]');
select lives_ok($$ delete from public.teams where id = pg_temp.team(2, 1) $$, 'seed 1 is removed while waiting in the winners final');
select is(pg_temp.stuck(2), 0::bigint, 'no match is left waiting for a team that will never come');
select public.set_match_result((pg_temp.match(2, 'winners', 1, 2)).id, '[{"winner": 1}]');
select ok((pg_temp.match(2, 'winners', 2, 1)).confirmed_at is not null and (pg_temp.match(2, 'winners', 2, 1)).winner_id = pg_temp.team(2, 2),
  'once seed 2 arrives in the winners final it wins it by default');
-- Seed 3's captain deletes their account while seed 3 waits in the losers bracket.
reset role;
select lives_ok($$ delete from auth.users where id = tests.get_user_id('p3') $$, 'seed 3''s captain deletes their account');
select tests.authenticate_as_admin();
select is(pg_temp.stuck(2), 0::bigint, 'still no match waits for a removed team');
select results_eq($$ select team1_id, team2_id, public.state(m) from pg_temp.match(2, 'grand_final', 1, 1) m $$,
  $$ values (pg_temp.team(2, 2), pg_temp.team(2, 4), 'ready') $$,
  'seed 3 forfeited in the losers bracket: seed 4 goes on, past the empty losers final, to the grand final');
select public.set_match_result((pg_temp.match(2, 'grand_final', 1, 1)).id, '[{"winner": 1}]');
select ok(pg_temp.completed(2), 'the grand final played, the double elimination completes');

-- ---------------------------------------------------------------------------------------------
-- Round robin: a team removed forfeits every match it had left.

select public.set_match_result((m).id, '[{"winner": 1}]') from (select pg_temp.match(3, 'group', 1, 1) m) x;
select lives_ok($$ delete from public.teams where id = pg_temp.team(3, 2) $$, 'a round robin team is removed after one round');
select is((select count(*) from public.matches m where m.tournament_id = '00000000-0000-4000-8000-000000002103'
           and m.confirmed_at is null and (m.team1_id is null or m.team2_id is null)), 0::bigint,
  'every match it had left was forfeited to its opponent before it went');

-- ---------------------------------------------------------------------------------------------
-- Deleting a tournament in progress deletes it, and no forfeit is written for it.

select lives_ok($$ delete from public.tournaments where id = '00000000-0000-4000-8000-000000002104' $$,
  'an administrator deletes a tournament in progress');
select is((select count(*) from public.match_result_changes c where c.tournament_id = '00000000-0000-4000-8000-000000002104'), 0::bigint,
  'its teams went with it without forfeits');

-- What a stuck tournament looked like: the forfeits are the way forfeit_match records them.
select is((select count(*) from public.match_result_changes c where c.action = 'forfeit'
           and c.tournament_id = '00000000-0000-4000-8000-000000002101'), 2::bigint,
  'each forfeit is in the result history');

select * from finish();
rollback;
