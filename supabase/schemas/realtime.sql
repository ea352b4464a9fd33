-- Live updates: the tables Realtime streams (postgres_changes). Delivery keeps to what each
-- subscriber may select, so a table here shows each client only the rows its policies allow.

-- ============================================================================================
-- Publication
-- ============================================================================================

-- The home list follows tournaments (registered_teams), a card follows teams, My Tournaments follows
-- teammates confirming, leaving and being named (team_players), and the live bracket follows matches.
alter publication supabase_realtime add table public.tournaments, public.teams, public.team_players, public.matches;
