-- Functions of a row (computed fields, callable as rpc with any row the client writes) read the row
-- again from the table by its id: a made-up row reveals nothing its real row would not.
begin;
\ir helpers/test-helpers.psql
select plan(6);

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('captain', null, '{}', '{"username": "Captain Real", "game_id": "#CCCCCCCC1"}');
select tests.create_user('victim', null, '{}', '{"username": "Secret Victim", "game_id": "#VVVVVVVV1"}');
select tests.create_user('attacker', null, '{}', '{"username": "Attacker", "game_id": "#AAAAAAAA1"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type) values
  ('00000000-0000-4000-8000-000000001801', 'Forged rows', 'x', '/banners/solo-showdown.svg', 1, 'https://discord.gg/fr', '1v1');
create function pg_temp.team_of(p_identifier text) returns public.teams language sql security definer as $$
  select t.* from public.teams t where t.registered_by = tests.get_user_id(p_identifier) $$;

select tests.authenticate_as('attacker');
select public.register_team('00000000-0000-4000-8000-000000001801', null, '[{"player_id": "#AAAAAAAA1", "in_game_name": "Att"}]');
select tests.authenticate_as('captain');
select public.register_team('00000000-0000-4000-8000-000000001801', null, '[{"player_id": "#CCCCCCCC1", "in_game_name": "Cap"}]', true);

select tests.authenticate_as('attacker');
select is(public.captain_username(pg_temp.team_of('attacker')), 'Attacker', 'a captain reads their own team''s captain');
-- The attacker's own team, with the victim's account written in as its captain.
select is(public.captain_username(jsonb_populate_record(pg_temp.team_of('attacker'),
            jsonb_build_object('registered_by', tests.get_user_id('victim')))),
          'Attacker', 'a made-up registered_by does not reveal that account''s username: the real captain''s is read');
select is(public.captain_username(jsonb_populate_record(null::public.teams,
            jsonb_build_object('id', gen_random_uuid(), 'registered_by', tests.get_user_id('victim')))),
          null, 'nor does a made-up team');
select is(public.captain_username(pg_temp.team_of('captain')), null, 'another team''s captain stays private');

-- The waitlist position comes from the real row too.
select is(public.waitlist_position(pg_temp.team_of('captain')), 1, 'the waitlisted team is first in line');
select is(public.waitlist_position(jsonb_populate_record(pg_temp.team_of('attacker'), '{"status": "waitlisted"}')),
          null, 'a registered team written as waitlisted has no place in line');

select * from finish();
rollback;
