-- Swiss by example: five seeded teams, the Dutch pairing of round 1 with the bye to the last seed,
-- round 2 paired in the transaction of round 1's last result (score groups, a float, the bye to the
-- lowest-ranked team without one), the standings with Buchholz, the top cut made after the last
-- round, and the settings that are refused.
begin;
\ir helpers/test-helpers.psql
select plan(17);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#PPPPPPPP' || i))
from generate_series(1, 5) i;

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, top_cut) values
  ('00000000-0000-4000-8000-0000000000a1', 'Swiss', 'Swiss 1v1.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/sw', '1v1', 'swiss', 2),
  ('00000000-0000-4000-8000-0000000000a2', 'Big cut', 'Swiss 1v1.', '/banners/solo-showdown.svg', 8, 'https://discord.gg/bc', '1v1', 'swiss', 8);
insert into public.teams (id, tournament_id, registered_by, checked_in_at, seed)
select ('00000000-0000-4000-8000-00000000a' || t || '0' || i)::uuid, ('00000000-0000-4000-8000-0000000000a' || t)::uuid,
       tests.get_user_id('p' || i), now(), i
from generate_series(1, 2) t cross join generate_series(1, 5) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id)
select t.id, t.tournament_id, 1, p.game_id, upper(p.username), p.id
from public.teams t join public.profiles p on p.id = t.registered_by
where t.tournament_id in ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000a2');

create function pg_temp.team(p_id uuid) returns text language sql as $$ select 'P' || right(p_id::text, 1) $$;
create function pg_temp.round(p_round integer) returns table (pairing text) language sql security definer as $$
  select pg_temp.team(team1_id) || coalesce('-' || pg_temp.team(team2_id), ' bye')
  from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a1' and bracket = 'swiss' and round = p_round
  order by position
$$;
create function pg_temp.match(p_round integer, p_position integer) returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000a1' and bracket = 'swiss'
    and round = p_round and position = p_position
$$;

select tests.authenticate_as('admin');
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a2', 'manual') $$, 'BCW01',
  'The top cut of 8 is more than the 5 checked-in teams: choose a smaller cut.', 'a cut larger than the field is refused');
update public.tournaments set top_cut = null, swiss_rounds = 5 where id = '00000000-0000-4000-8000-0000000000a2';
select throws_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a2', 'manual') $$, 'BCW02', null,
  'more rounds than the field can play without rematches are refused');

select lives_ok($$ select public.start_tournament('00000000-0000-4000-8000-0000000000a1', 'manual') $$, 'the Swiss starts');
select results_eq($$ select pairing from pg_temp.round(1) $$, $$ values ('P1-P3'), ('P2-P4'), ('P5 bye') $$,
  'round 1: the top half meets the bottom half, the last seed has the bye');
select is(public.round_label(m), 'Swiss round 1', 'its label') from public.matches m where m.id = pg_temp.match(1, 1);
select throws_ok($$ update public.tournaments set top_cut = 4 where id = '00000000-0000-4000-8000-0000000000a1' $$, 'BCW04', null,
  'the Swiss settings are fixed once started');
select lives_ok(format($$ select public.set_match_result(%L, '[{"winner": 1}]') $$, pg_temp.match(1, 1)), 'P1 beats P3');
select is_empty($$ select * from pg_temp.round(2) $$, 'round 2 waits for the round''s last result');
select lives_ok(format($$ select public.set_match_result(%L, '[{"winner": 1}]') $$, pg_temp.match(1, 2)), 'P2 beats P4');
select results_eq($$ select pairing from pg_temp.round(2) $$, $$ values ('P1-P2'), ('P5-P3'), ('P4 bye') $$,
  'round 2: the one-win group floats P5 down; the bye goes to P4, lowest-ranked without one');
select results_eq($$ select pg_temp.team(team_id), rank, wins, byes, buchholz from public.swiss_standings('00000000-0000-4000-8000-0000000000a1') $$,
  $$ values ('P2', 1, 1, 0, 1), ('P4', 2, 1, 1, 1), ('P1', 3, 1, 0, 0), ('P5', 4, 1, 1, 0), ('P3', 5, 0, 0, 1) $$,
  'live standings: wins (P4''s bye counts), Buchholz, head-to-head (P2 beat P4), then game difference');
select lives_ok(format($$ select public.set_match_result(%L, '[{"winner": 1}]') $$, pg_temp.match(2, 1)), 'P1 beats P2');
select lives_ok(format($$ select public.set_match_result(%L, '[{"winner": 2}]') $$, pg_temp.match(2, 2)), 'P3 beats P5');
select lives_ok($$ select public.set_match_result(m.id, '[{"winner": 1}]') from public.matches m
                   where m.tournament_id = '00000000-0000-4000-8000-0000000000a1' and m.round = 3 and not m.is_bye $$,
  'round 3 is played');
select results_eq($$ select bracket, public.round_label(m) from public.matches m
                    where m.tournament_id = '00000000-0000-4000-8000-0000000000a1' and bracket <> 'swiss' $$,
  $$ values ('winners', 'Final') $$, 'after the last round, the top 2 play the cut''s final');

-- The search (as the database runs it, not as a client): the Dutch opponent when it is new, none
-- when all have met.
select tests.authenticate_as_service_role();
reset role;
select is(private.swiss_search(4, '{1,1,0,0}', '{2,1,4,3}', array_fill(false, array[16]), '{0,0,0,0}'), '{2,1,4,3}',
  'four new teams pair as the Dutch order prefers');
select is(private.swiss_search(2, '{1,0}', '{2,1}', '{false,true,true,false}', '{0,0}'), null,
  'two teams that have met cannot be paired again: the Swiss ends there (swiss_next makes the cut)');

select * from finish();
rollback;
