-- The Data API grants, each one deliberate. Hosted projects no longer grant new tables in public to
-- anon, authenticated or service_role (the 2026 default, CLI `[api] auto_expose_new_tables`), so
-- whatever a role may do is granted here; RLS then decides which rows. The anon and authenticated
-- grants live beside each table (profiles, tournaments, registration, contact_messages).

-- ============================================================================================
-- service_role: the operator's key (scripts, the studio, tests). It bypasses RLS, not grants: it
-- reads and writes every table, except the columns triggers own.
-- ============================================================================================

-- Revoked first: what the default privileges still hand out (truncate, references, trigger) is not
-- something the service role needs.
revoke all on public.profiles, public.tournaments, public.teams, public.team_players, public.contact_messages
  from service_role;
grant select, insert, update, delete on public.tournaments to service_role;
grant select, insert, update, delete on public.teams to service_role;
grant select, insert, update, delete on public.team_players to service_role;
grant select, insert, update, delete on public.contact_messages to service_role;
-- Profiles are made by the auth.users trigger, never directly.
grant select, update, delete on public.profiles to service_role;
