-- Evidence in Storage: the captains of a match attach files at <match id>/<file> while its result is
-- open; the players of both teams and the tournament's staff read them; nobody else does, and nobody
-- changes or removes them through the API. Storage writes the rows as the caller, as here.
begin;
\ir helpers/test-helpers.psql
select plan(20);

insert into storage.buckets (id, name, file_size_limit, allowed_mime_types)
values ('evidence', 'evidence', 5242880, '{image/png,image/jpeg,image/webp}') on conflict (id) do nothing;

select tests.create_user('admin', null, '{"role": "admin"}');
select tests.create_user('p' || i, null, '{}', jsonb_build_object('username', 'p' || i, 'game_id', '#EEEEEEEE' || i))
from generate_series(1, 5) i;
select tests.create_user('outsider', null, '{}', '{"username": "outsider", "game_id": "#OOOOOOOO9"}');

insert into public.tournaments (id, name, description, thumbnail_url, slots, discord_link, type, format, best_of) values
  ('00000000-0000-4000-8000-0000000007a1', 'Evidence Duo', 'SE 2v2.', '/banners/duo-gem-grab.svg', 2, 'https://discord.gg/ev', '2v2',
   'single_elimination', 1);
-- Alpha: p1 captain, p2 on the team; Bravo: p3 captain, p4 on the team; p5 entered by Bravo, not confirmed.
insert into public.teams (id, tournament_id, team_name, registered_by, checked_in_at, seed) values
  ('00000000-0000-4000-8000-0000000007b1', '00000000-0000-4000-8000-0000000007a1', 'Alpha', tests.get_user_id('p1'), now(), 1),
  ('00000000-0000-4000-8000-0000000007b2', '00000000-0000-4000-8000-0000000007a1', 'Bravo', tests.get_user_id('p3'), now(), 2);
insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name, user_id) values
  ('00000000-0000-4000-8000-0000000007b1', '00000000-0000-4000-8000-0000000007a1', 1, '#EEEEEEEE1', 'P1', tests.get_user_id('p1')),
  ('00000000-0000-4000-8000-0000000007b1', '00000000-0000-4000-8000-0000000007a1', 2, '#EEEEEEEE2', 'P2', tests.get_user_id('p2')),
  ('00000000-0000-4000-8000-0000000007b2', '00000000-0000-4000-8000-0000000007a1', 1, '#EEEEEEEE3', 'P3', tests.get_user_id('p3')),
  ('00000000-0000-4000-8000-0000000007b2', '00000000-0000-4000-8000-0000000007a1', 2, '#EEEEEEEE5', 'P5', tests.get_user_id('p5'));
update public.team_players set confirmed_at = now(), accepted_at = now() where user_id <> tests.get_user_id('p5');

select tests.authenticate_as_admin();
select public.start_tournament('00000000-0000-4000-8000-0000000007a1', 'manual');
select tests.clear_authentication();

create function pg_temp.match_id() returns uuid language sql security definer as $$
  select id from public.matches where tournament_id = '00000000-0000-4000-8000-0000000007a1' $$;
create function pg_temp.attach(p_name text, p_bucket text default 'evidence') returns void language sql as $$
  insert into storage.objects (bucket_id, name, owner, owner_id)
  values (p_bucket, p_name, (select auth.uid()), (select auth.uid())::text) $$;
create function pg_temp.visible() returns integer language sql as $$
  select count(*)::integer from storage.objects where bucket_id = 'evidence' $$;
grant execute on all functions in schema pg_temp to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Attaching

select tests.authenticate_as('p1');
select lives_ok(format($$ select pg_temp.attach('%s/alpha.png') $$, pg_temp.match_id()), 'the first team''s captain attaches a screenshot');
select tests.authenticate_as('p3');
select lives_ok(format($$ select pg_temp.attach('%s/bravo.png') $$, pg_temp.match_id()), 'the second team''s captain attaches one');
select tests.authenticate_as('p2');
select throws_ok(format($$ select pg_temp.attach('%s/p2.png') $$, pg_temp.match_id()), '42501', null, 'a player who is not captain cannot');
select tests.authenticate_as('outsider');
select throws_ok(format($$ select pg_temp.attach('%s/x.png') $$, pg_temp.match_id()), '42501', null, 'someone else''s match: refused');
select tests.authenticate_as_admin();
select throws_ok(format($$ select pg_temp.attach('%s/admin.png') $$, pg_temp.match_id()), '42501', null,
  'staff read evidence, they do not make it');
select tests.clear_authentication();
select throws_ok(format($$ select pg_temp.attach('%s/anon.png') $$, pg_temp.match_id()), '42501', null, 'a visitor cannot');

select tests.authenticate_as('p1');
select throws_ok($$ select pg_temp.attach(gen_random_uuid() || '/x.png') $$, '42501', null, 'a path naming no match is refused');
select throws_ok(format($$ select pg_temp.attach('%s/deeper/x.png') $$, pg_temp.match_id()), '42501', null,
  'a path of more than <match id>/<file> is refused');
select throws_ok($$ select pg_temp.attach('not-a-uuid/x.png') $$, '42501', null, 'a path whose folder is not a match id is refused');
select throws_ok(format($$ select pg_temp.attach('%s/x.png', 'avatars') $$, pg_temp.match_id()), '42501', null,
  'the policies grant nothing in other buckets');

-- ---------------------------------------------------------------------------------------------
-- Reading

select tests.authenticate_as('p1');
select is(pg_temp.visible(), 2, 'the first captain sees both screenshots');
select tests.authenticate_as('p2');
select is(pg_temp.visible(), 2, 'a player of the first team sees them');
select tests.authenticate_as('p3');
select is(pg_temp.visible(), 2, 'the other captain sees them');
select tests.authenticate_as('p5');
select is(pg_temp.visible(), 0, 'a player who has not confirmed their place does not');
select tests.authenticate_as('outsider');
select is(pg_temp.visible(), 0, 'someone else does not');
select tests.authenticate_as_admin();
select is(pg_temp.visible(), 2, 'an administrator (staff) sees them beside the result');
select tests.clear_authentication();
select is(pg_temp.visible(), 0, 'a visitor does not');

-- ---------------------------------------------------------------------------------------------
-- Kept as sent, and closed with the result

select tests.authenticate_as('p1');
select is_empty($$ update storage.objects set name = name || '.old' where bucket_id = 'evidence' returning 1 $$,
  'a captain cannot rename evidence');
select is_empty($$ delete from storage.objects where bucket_id = 'evidence' returning 1 $$, 'nor remove it');

select tests.clear_authentication();
reset role;
update public.matches set confirmed_at = now() where id = pg_temp.match_id();
select tests.authenticate_as('p3');
select throws_ok(format($$ select pg_temp.attach('%s/late.png') $$, pg_temp.match_id()), '42501', null,
  'once the result is confirmed nothing more is attached');

select * from finish();
rollback;
