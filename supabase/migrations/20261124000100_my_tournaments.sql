-- My Tournaments: what a player needs to follow the teams they are on. A teammate entered by a
-- captain sees who entered them (the captain's username, not their profile), and the page follows
-- teammates confirming, leaving and being named live.

-- ============================================================================================
-- Functions
-- ============================================================================================

-- Profiles are private to their owner; a team's members may know its captain's username, and only
-- that. Security definer: the caller cannot read the captain's profile row.
create function public.captain_username(t public.teams)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.username from public.profiles p
  where p.id = t.registered_by
    and ((select private.is_team_member(t.id)) or (select private.is_admin()))
$$;
comment on function public.captain_username(public.teams) is
  'The username of the player who registered the team, for its members and administrators; null for anyone else.';
revoke execute on function public.captain_username(public.teams) from public;
grant execute on function public.captain_username(public.teams) to authenticated, service_role;

-- ============================================================================================
-- Realtime
-- ============================================================================================

-- A teammate confirming, leaving or being named changes team_players only: publish it, so the
-- captain's and the teammates' pages follow. Delivery keeps to what each subscriber may select.
alter publication supabase_realtime add table public.team_players;
