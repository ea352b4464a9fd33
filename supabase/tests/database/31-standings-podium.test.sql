-- A tournament's state for its card and page: current_round while it runs (the earliest unfinished
-- round), podium once it is over (the top three places with their names); both public, null or empty
-- outside their time.
begin;
\ir helpers/test-helpers.psql
select plan(7);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('u' || i, null, '{}', jsonb_build_object('username', 'u' || i, 'game_id', '#PPPPPPPP' || i)) from generate_series(1, 4) i;

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000000c1', 'Podium Cup', 'SE.', '/banners/solo-showdown.svg', 4, 'https://discord.gg/pc', '1v1', 'single_elimination', 1);
insert into public.teams (tournament_id, registered_by, checked_in_at, seed)
select '00000000-0000-4000-8000-0000000000c1', tests.get_user_id('u' || i), now(), i from generate_series(1, 4) i;
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
select t.id, t.tournament_id, 1, '#PPPPPPPP' || t.seed, 'Solo' || t.seed from public.teams t where t.tournament_id = '00000000-0000-4000-8000-0000000000c1';

create function pg_temp.state() returns table (current_round text, podium jsonb) language sql as $$
  select public.current_round(t), public.podium(t) from public.tournaments t where t.id = '00000000-0000-4000-8000-0000000000c1' $$;
create function pg_temp.play_next() returns void language plpgsql as $$
declare v_id uuid;
begin
  select id into v_id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000000c1'
    and confirmed_at is null and team1_id is not null and team2_id is not null order by round, position limit 1;
  perform public.set_match_result(v_id, '[{"winner": 1}]');
end $$;

select tests.clear_authentication();
select results_eq($$ select * from pg_temp.state() $$, $$ values (null::text, '[]'::jsonb) $$,
  'before the start: no round, no podium');

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000000c1', 'manual');
select tests.clear_authentication();
select is((select current_round from pg_temp.state()), 'Semi-final', 'a visitor reads the round being played');
select is((select podium from pg_temp.state()), '[]'::jsonb, 'no podium while it runs');

select tests.authenticate_as_admin();
select pg_temp.play_next();
select tests.authenticate_as('u1');
select is((select current_round from pg_temp.state()), 'Semi-final', 'a player reads it: one semi-final is still to play');
select tests.authenticate_as_admin();
select pg_temp.play_next();
select is((select current_round from pg_temp.state()), 'Final', 'both semi-finals done: the final');
select pg_temp.play_next();

select tests.clear_authentication();
select is((select current_round from pg_temp.state()), null, 'over: no round');
select is((select podium from pg_temp.state()),
  '[{"placement": 1, "name": "Solo1"}, {"placement": 2, "name": "Solo2"}, {"placement": 3, "name": "Solo3"}, {"placement": 3, "name": "Solo4"}]'::jsonb,
  'a visitor reads the podium: the champion, the finalist and both semi-finalists, by their in-game names');

select * from finish();
rollback;
