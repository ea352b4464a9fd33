-- The shape the app and the Data API rely on: tables, RLS everywhere, named policies, comments,
-- security-definer helpers with an empty search_path, explicit grants, realtime, indexes.
begin;
select plan(41);

select tables_are('public', array['profiles', 'tournaments', 'teams', 'team_players', 'contact_messages', 'matches', 'match_result_changes',
                                  'placements', 'tournament_invites', 'player_id_claims', 'notifications', 'notification_preferences',
                                  'push_subscriptions', 'tournament_webhooks', 'outbox', 'tournament_staff', 'round_drafts', 'match_lobbies',
                                  'match_drafts', 'draft_actions'],
  'public holds exactly the twenty tables of the model');

select is(
  (select array_agg(c.relname::text order by c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity),
  null,
  'RLS is enabled on every public table');

select policies_are('public', 'profiles',
  array['Players can read their own profile', 'Admins can read every profile', 'Players can update their own profile']);
select policies_are('public', 'player_id_claims', array['Players can read their own player ID check']);
select policies_are('public', 'tournaments',
  array['Anyone can read tournaments', 'Admins can create tournaments', 'Organisers can update their tournaments', 'Admins can delete tournaments']);
select policies_are('public', 'tournament_staff',
  array['Staff can read the staff of their tournaments', 'Organisers can remove staff']);
select policies_are('public', 'teams',
  array['Players can read their own registrations', 'Teammates can read their teams',
        'Invited players can read the teams that entered them', 'Staff can read the registrations of their tournaments',
        'Organisers can delete registrations']);
select policies_are('public', 'team_players',
  array['Players can read the players of their own teams', 'Teammates can read the players of their teams',
        'Players can read their own places', 'Staff can read the players of their tournaments', 'Organisers can delete team players']);
select policies_are('public', 'contact_messages',
  array['Anyone can send a contact message', 'Admins can read contact messages', 'Admins can mark contact messages answered']);
select policies_are('public', 'matches', array['Everyone can read the matches of a tournament']);
select policies_are('public', 'match_result_changes', array['Staff can read the result audit log of their tournaments']);
select policies_are('public', 'placements', array['Everyone can read the final placements']);

select is(
  (select array_agg(c.relname::text order by c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and obj_description(c.oid, 'pg_class') is null),
  null,
  'every public table has a comment');

select is(
  (select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and obj_description(p.oid, 'pg_proc') is null),
  null,
  'every public and private function has a comment');

select is(
  (select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and not coalesce('search_path=""' = any (p.proconfig), false)),
  null,
  'every public and private function pins search_path to empty');

select is(
  (select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private') and has_function_privilege('public', p.oid, 'execute')),
  null,
  'no function keeps the default execute grant to PUBLIC');

select is(
  (select array_agg(p.proname::text order by p.proname) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prosecdef),
  array['accept_team_player', 'add_tournament_staff', 'admin_matches', 'captain_username', 'champion', 'check_in',
        'claim_outbox', 'close_check_in', 'complete_player_id_claim', 'confirm_match', 'confirm_team_place',
        'discord_link', 'dispute_match', 'draft_act', 'draft_tick', 'fill_team_place', 'finish_outbox',
        'forfeit_match', 'game_id_available', 'leaderboard', 'leave_team', 'linked_username', 'lobby_host',
        'mark_notifications_read', 'mark_ready', 'my_next_match', 'my_notification_preferences', 'notify_clock',
        'podium', 'post_lobby', 'recent_champions', 'record_game', 'register_team', 'report_match', 'reset_tournament',
        'round_label', 'save_push_subscription', 'set_check_in', 'set_match_result', 'set_round_draft',
        'set_round_settings', 'set_seed', 'settle_check_in', 'staff_members', 'standings', 'start_player_id_claim',
        'start_tournament', 'swiss_standings', 'tournament_teams', 'waitlist_position', 'withdraw_team'],
  'only the registration, bracket, verification and notification functions players, admins, the verification and the dispatcher call are security definer in public');

select ok((select prosecdef from pg_proc where oid = 'private.is_admin()'::regprocedure), 'private.is_admin is security definer');
select function_privs_are('private', 'is_admin', array[]::text[], 'anon', array['EXECUTE'], 'anon can execute private.is_admin');
select function_privs_are('private', 'is_admin', array[]::text[], 'authenticated', array['EXECUTE'], 'authenticated can execute private.is_admin');
select function_privs_are('public', 'register_team', array['uuid', 'text', 'jsonb', 'boolean'], 'anon', array['EXECUTE'],
  'anon can call register_team (to be told to sign in)');
select function_privs_are('public', 'register_team', array['uuid', 'text', 'jsonb', 'boolean'], 'authenticated', array['EXECUTE'],
  'authenticated can call register_team');
select volatility_is('public', 'normalize_player_id', array['text'], 'immutable', 'normalize_player_id is immutable');
select function_returns('public', 'register_team', array['uuid', 'text', 'jsonb', 'boolean'], 'teams', 'register_team returns a teams row');

select is(
  (select array_agg(n.nspname || '.' || c.relname order by c.relname) from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'private' and c.relkind in ('r', 'p', 'v', 'm')
      and (has_table_privilege('anon', c.oid, 'SELECT') or has_table_privilege('authenticated', c.oid, 'SELECT'))),
  null,
  'the API roles can read no table or view in the private schema');

-- Table privileges per API role, exactly: nothing is granted by default on hosted projects (the
-- 2026 default), so each line here is a grant a migration makes on purpose. Column grants
-- (inserting or updating named columns) are checked further down.
select set_eq(
  $$ select t || ':' || p from unnest(array['profiles', 'tournaments', 'teams', 'team_players', 'contact_messages']) t,
       unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
     where has_table_privilege('anon', 'public.' || t, p) $$,
  array['tournaments:SELECT'],
  'anon may only read tournaments');
select set_eq(
  $$ select t || ':' || p from unnest(array['profiles', 'tournaments', 'teams', 'team_players', 'contact_messages']) t,
       unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
     where has_table_privilege('authenticated', 'public.' || t, p) $$,
  array['profiles:SELECT', 'tournaments:SELECT', 'tournaments:DELETE', 'teams:SELECT', 'teams:DELETE',
        'team_players:SELECT', 'team_players:DELETE', 'contact_messages:SELECT'],
  'authenticated has exactly its table grants (RLS then picks the rows)');
select set_eq(
  $$ select t || ':' || p from unnest(array['profiles', 'tournaments', 'teams', 'team_players', 'contact_messages']) t,
       unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER']) p
     where has_table_privilege('service_role', 'public.' || t, p) $$,
  array['profiles:SELECT', 'profiles:UPDATE', 'profiles:DELETE',
        'tournaments:SELECT', 'tournaments:INSERT', 'tournaments:UPDATE', 'tournaments:DELETE',
        'teams:SELECT', 'teams:INSERT', 'teams:UPDATE', 'teams:DELETE',
        'team_players:SELECT', 'team_players:INSERT', 'team_players:UPDATE', 'team_players:DELETE',
        'contact_messages:SELECT', 'contact_messages:INSERT', 'contact_messages:UPDATE', 'contact_messages:DELETE'],
  'service_role reads and writes every table (it bypasses RLS, not grants), and creates no profile directly');
select ok(has_column_privilege('anon', 'public.contact_messages', 'message', 'INSERT')
  and not has_column_privilege('anon', 'public.contact_messages', 'created_at', 'INSERT'),
  'anon may send a contact message, naming its own columns only');

select set_eq(
  $$ select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' $$,
  array['tournaments', 'teams', 'team_players', 'matches', 'notifications', 'match_lobbies', 'match_drafts', 'draft_actions'],
  'realtime publishes tournaments, teams, team_players, matches, notifications and the match rooms');

select has_index('public', 'teams', 'teams_registered_by_idx', array['registered_by'], 'teams.registered_by is indexed for the policies');
select col_is_pk('public', 'team_players', array['team_id', 'slot'], 'team_players is keyed by (team_id, slot)');
select col_is_unique('public', 'team_players', array['tournament_id', 'player_id'], 'a player ID is unique per tournament');
select col_is_unique('public', 'teams', array['tournament_id', 'registered_by'], 'one team per user per tournament');
select col_is_unique('public', 'tournaments', array['name'], 'tournament names are unique');
select fk_ok('public', 'teams', 'tournament_id', 'public', 'tournaments', 'id');
select fk_ok('public', 'team_players', 'team_id', 'public', 'teams', 'id');

-- Column privileges: what clients can write.
select ok(not has_column_privilege('authenticated', 'public.tournaments', 'registered_teams', 'UPDATE')
  and not has_column_privilege('authenticated', 'public.tournaments', 'registered_teams', 'INSERT'),
  'clients cannot write tournaments.registered_teams');
select ok(not has_column_privilege('authenticated', 'public.profiles', 'email', 'UPDATE')
  and has_column_privilege('authenticated', 'public.profiles', 'username', 'UPDATE')
  and has_column_privilege('authenticated', 'public.profiles', 'game_id', 'UPDATE'),
  'players may update username and game_id, not email');
select ok(not has_table_privilege('authenticated', 'public.teams', 'INSERT')
  and not has_table_privilege('authenticated', 'public.teams', 'UPDATE')
  and not has_table_privilege('authenticated', 'public.team_players', 'INSERT')
  and not has_table_privilege('authenticated', 'public.team_players', 'UPDATE'),
  'no direct insert or update of registrations');
select is(public.normalize_player_id('  abc123xyz '), '#ABC123XYZ', 'normalize_player_id trims, prefixes # and upper-cases');

select * from finish();
rollback;
