-- The time before the first match: a tournament's schedule and details, its phase (computed from
-- the times and the administrator's actions, so no scheduler is needed), the waitlist, withdrawal,
-- check-in with no-shows replaced from the waitlist, and teammates who own the player IDs their
-- captain entered. Every rule is here, so it holds on hosted Supabase where no server of ours runs;
-- the app checks the same rules first with the same words.

-- ============================================================================================
-- Tables
-- ============================================================================================

alter table public.tournaments
  add column starts_at timestamptz,
  add column registration_closes_at timestamptz,
  add column checkin_opens_at timestamptz,
  add column checkin_closes_at timestamptz,
  add column prize text
    constraint tournaments_prize_rules
    check (prize is null or (prize = private.trim_space(prize) and not private.has_invisible(prize) and char_length(prize) between 1 and 120)),
  add column rules text
    constraint tournaments_rules_length check (rules is null or char_length(rules) <= 5000),
  add column format text not null default 'single_elimination'
    constraint tournaments_format_check check (format in ('single_elimination', 'double_elimination', 'round_robin')),
  add column best_of smallint not null default 1
    constraint tournaments_best_of_check check (best_of in (1, 3, 5)),
  add column cancelled_at timestamptz,
  add column started_at timestamptz,
  add column completed_at timestamptz,
  add column checkin_settled_at timestamptz,
  add column waitlisted_teams integer not null default 0
    constraint tournaments_waitlisted_teams_range check (waitlisted_teams >= 0),
  add constraint tournaments_schedule_needs_start check (
    starts_at is not null or (registration_closes_at is null and checkin_opens_at is null and checkin_closes_at is null)
  );
comment on column public.tournaments.starts_at is 'When the first match starts; null while the date is to be announced.';
comment on column public.tournaments.registration_closes_at is 'When registration closes; null: when check-in opens.';
comment on column public.tournaments.checkin_opens_at is 'When check-in opens; null: 60 minutes before the start.';
comment on column public.tournaments.checkin_closes_at is 'When check-in closes; null: at the start.';
comment on column public.tournaments.prize is 'Free text, e.g. "Rs500 + Brawl Pass".';
comment on column public.tournaments.rules is 'Multi-line text; the app renders it as text with line breaks and links, never as HTML.';
comment on column public.tournaments.format is 'Bracket format for the tournament itself: single_elimination, double_elimination or round_robin.';
comment on column public.tournaments.best_of is 'Games per match: 1, 3 or 5.';
comment on column public.tournaments.cancelled_at is 'Set by an administrator: the tournament will not take place.';
comment on column public.tournaments.checkin_settled_at is
  'When the close of check-in was settled (no-shows replaced from the waitlist); set once, by the database.';
comment on column public.tournaments.waitlisted_teams is 'Number of teams on the waitlist, kept by the database like registered_teams.';

alter table public.teams
  add column status text not null default 'registered'
    constraint teams_status_check check (status in ('registered', 'waitlisted')),
  add column promoted_at timestamptz,
  add column checked_in_at timestamptz;
comment on column public.teams.status is
  'registered (holds a slot) or waitlisted (in line for one, ordered by registered_at).';
comment on column public.teams.promoted_at is 'When the team moved from the waitlist to a slot.';
comment on column public.teams.checked_in_at is 'When the captain (or an administrator) checked the team in.';
-- The waitlist is first come, first served: the moment of the insert, not of its transaction's start.
alter table public.teams alter column registered_at set default clock_timestamp();
create index teams_waitlist_idx on public.teams (tournament_id, registered_at) where status = 'waitlisted';

alter table public.team_players
  add column user_id uuid references auth.users (id) on delete set null,
  add column confirmed_at timestamptz;
comment on column public.team_players.user_id is
  'The account that owns this player ID (profiles.game_id) when the player was entered; it sees the team.';
comment on column public.team_players.confirmed_at is 'When that account confirmed its place (the captain''s own place is confirmed at once).';
create index team_players_user_id_idx on public.team_players (user_id) where user_id is not null;

-- A player ID belongs to at most one account. Accounts that claimed the same ID before this rule
-- keep it on the oldest account only; the others can set theirs again from the profile page.
update public.profiles p set game_id = null
where p.game_id is not null
  and exists (select 1 from public.profiles o where o.game_id = p.game_id and (o.created_at, o.id) < (p.created_at, p.id));
create unique index profiles_game_id_key on public.profiles (game_id) where game_id is not null;

-- ============================================================================================
-- Schedule: effective times and the phase (computed fields the Data API selects like columns)
-- ============================================================================================

create function public.checkin_opens(t public.tournaments)
returns timestamptz
language sql
immutable
set search_path = ''
as $$ select coalesce(t.checkin_opens_at, t.starts_at - interval '60 minutes') $$;
comment on function public.checkin_opens(public.tournaments) is 'When check-in opens (default: 60 minutes before the start).';

create function public.checkin_closes(t public.tournaments)
returns timestamptz
language sql
immutable
set search_path = ''
as $$ select coalesce(t.checkin_closes_at, t.starts_at) $$;
comment on function public.checkin_closes(public.tournaments) is 'When check-in closes (default: at the start).';

create function public.registration_closes(t public.tournaments)
returns timestamptz
language sql
immutable
set search_path = ''
as $$ select coalesce(t.registration_closes_at, public.checkin_opens(t)) $$;
comment on function public.registration_closes(public.tournaments) is 'When registration closes (default: when check-in opens).';

create function public.phase(t public.tournaments)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when t.cancelled_at is not null then 'cancelled'
    when t.completed_at is not null then 'completed'
    when t.started_at is not null or now() >= t.starts_at then 'in_progress'
    when now() >= public.checkin_opens(t) and now() < public.checkin_closes(t) then 'check_in'
    when now() >= public.registration_closes(t) then 'registration_closed'
    else 'registration_open'
  end
$$;
comment on function public.phase(public.tournaments) is
  'registration_open, registration_closed, check_in, in_progress, completed or cancelled, from the times and the '
  'administrator''s actions at the moment of the query.';

revoke execute on function public.checkin_opens(public.tournaments), public.checkin_closes(public.tournaments),
  public.registration_closes(public.tournaments), public.phase(public.tournaments) from public;
grant execute on function public.checkin_opens(public.tournaments), public.checkin_closes(public.tournaments),
  public.registration_closes(public.tournaments), public.phase(public.tournaments) to anon, authenticated, service_role;

-- Times in order, with messages the admin form shows as they are.
create function private.check_tournament_schedule()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.cancelled_at is not null and new.cancelled_at is distinct from old.cancelled_at then
    raise exception 'A cancelled tournament stays cancelled.';
  end if;
  if new.starts_at is null then
    if num_nonnulls(new.registration_closes_at, new.checkin_opens_at, new.checkin_closes_at) > 0 then
      raise exception 'Set a start time before the check-in and registration times.';
    end if;
    return new;
  end if;
  if (tg_op = 'INSERT' or new.starts_at is distinct from old.starts_at) and new.starts_at <= now() then
    raise exception 'The start time must be in the future.';
  end if;
  if public.checkin_opens(new) >= public.checkin_closes(new) then
    raise exception 'Check-in must open before it closes.';
  end if;
  if public.checkin_closes(new) > new.starts_at then
    raise exception 'Check-in must close by the start time.';
  end if;
  if public.registration_closes(new) > public.checkin_closes(new) then
    raise exception 'Registration must close by the end of check-in.';
  end if;
  return new;
end
$$;
comment on function private.check_tournament_schedule() is
  'Trigger: the start is in the future when set, check-in opens before it closes and closes by the start, '
  'registration closes by the end of check-in, and a cancellation is final.';
revoke execute on function private.check_tournament_schedule() from public;

create trigger check_tournament_schedule
  before insert or update of starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, cancelled_at
  on public.tournaments
  for each row execute function private.check_tournament_schedule();

-- The administrator writes the schedule and details; the database writes the rest.
grant insert (starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, prize, rules, format, best_of)
  on public.tournaments to authenticated;
grant update (starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, prize, rules, format, best_of, cancelled_at)
  on public.tournaments to authenticated;

-- ============================================================================================
-- Counters and the waitlist
-- ============================================================================================

-- registered_teams and waitlisted_teams follow every insert, delete and status change of a team.
create or replace function private.count_registered_teams()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update public.tournaments
    set registered_teams = registered_teams - (old.status = 'registered')::int,
        waitlisted_teams = waitlisted_teams - (old.status = 'waitlisted')::int
    where id = old.tournament_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update public.tournaments
    set registered_teams = registered_teams + (new.status = 'registered')::int,
        waitlisted_teams = waitlisted_teams + (new.status = 'waitlisted')::int
    where id = new.tournament_id;
  end if;
  return null;
end
$$;
comment on function private.count_registered_teams() is
  'Trigger: keeps tournaments.registered_teams and waitlisted_teams equal to the teams in each status, in the same transaction.';

drop trigger count_registered_teams on public.teams;
create trigger count_registered_teams
  after insert or delete or update of tournament_id, status on public.teams
  for each row execute function private.count_registered_teams();

-- Waitlisted teams may exist from before this migration only as registered ones: nothing to recount.

-- Fills free slots from the waitlist, first come first served, under the tournament row's lock so
-- concurrent frees promote each waitlisted team exactly once. After check-in has been settled only
-- checked-in teams are promoted (a team that missed check-in cannot take a slot then).
create function private.promote_waitlist(p_tournament_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_team uuid;
  v_promoted integer := 0;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found or v_tournament.cancelled_at is not null or v_tournament.started_at is not null then
    return 0;
  end if;
  while v_tournament.registered_teams < v_tournament.slots loop
    select t.id into v_team
    from public.teams t
    where t.tournament_id = p_tournament_id and t.status = 'waitlisted'
      and (v_tournament.checkin_settled_at is null or t.checked_in_at is not null)
    order by t.registered_at, t.id
    limit 1;
    exit when v_team is null;
    update public.teams set status = 'registered', promoted_at = now() where id = v_team;
    v_promoted := v_promoted + 1;
    select * into v_tournament from public.tournaments where id = p_tournament_id;
  end loop;
  return v_promoted;
end
$$;
comment on function private.promote_waitlist(uuid) is
  'Moves waitlisted teams into free slots in waitlist order, under the tournament lock; returns how many moved.';
revoke execute on function private.promote_waitlist(uuid) from public;

-- A slot frees whoever frees it: a withdrawal, an administrator's removal, a deleted account.
create function private.promote_after_team_delete()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'registered' then
    perform private.promote_waitlist(old.tournament_id);
  end if;
  return null;
end
$$;
comment on function private.promote_after_team_delete() is 'Trigger: a deleted registered team''s slot goes to the waitlist.';
revoke execute on function private.promote_after_team_delete() from public;

create trigger promote_after_team_delete
  after delete on public.teams
  for each row execute function private.promote_after_team_delete();

-- More slots take teams from the waitlist too.
create function private.promote_after_more_slots()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.slots > old.slots then
    perform private.promote_waitlist(new.id);
  end if;
  return null;
end
$$;
comment on function private.promote_after_more_slots() is 'Trigger: added slots go to the waitlist.';
revoke execute on function private.promote_after_more_slots() from public;

create trigger promote_after_more_slots
  after update of slots on public.tournaments
  for each row execute function private.promote_after_more_slots();

-- ============================================================================================
-- Teammates
-- ============================================================================================

-- A player ID entered in a team is linked to the account that owns it; the captain's own place is
-- confirmed at once, anyone else confirms theirs.
create function private.link_team_player()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_captain uuid;
begin
  if tg_op = 'UPDATE' and new.player_id is not distinct from old.player_id then
    return new;
  end if;
  select p.id into new.user_id from public.profiles p where p.game_id = new.player_id;
  select t.registered_by into v_captain from public.teams t where t.id = new.team_id;
  new.confirmed_at := case when new.user_id is not null and new.user_id = v_captain then now() end;
  return new;
end
$$;
comment on function private.link_team_player() is
  'Trigger: links a team player to the account owning the player ID and confirms the captain''s own place.';
revoke execute on function private.link_team_player() from public;

create trigger link_team_player
  before insert or update of player_id on public.team_players
  for each row execute function private.link_team_player();

-- Is the caller on this team (its captain, or a player whose ID they own)? Security definer: the
-- policies of teams and team_players ask it of each other, which plain subqueries would recurse on.
create function private.is_team_member(p_team_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.teams t where t.id = p_team_id and t.registered_by = (select auth.uid()))
      or exists (select 1 from public.team_players tp where tp.team_id = p_team_id and tp.user_id = (select auth.uid()))
$$;
comment on function private.is_team_member(uuid) is 'True when the caller registered the team or owns one of its player IDs.';
revoke execute on function private.is_team_member(uuid) from public;
grant execute on function private.is_team_member(uuid) to authenticated;

create policy "Teammates can read their teams"
  on public.teams for select
  to authenticated
  using ((select private.is_team_member(id)));

create policy "Teammates can read the players of their teams"
  on public.team_players for select
  to authenticated
  using ((select private.is_team_member(team_id)));

-- Whether a player ID is free to claim, for the sign-up and profile forms (which cannot read others'
-- profiles). Only the answer leaves the database.
create function public.game_id_available(p_game_id text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.profiles p
    where p.game_id = public.normalize_player_id(p_game_id) and p.id is distinct from (select auth.uid())
  )
$$;
comment on function public.game_id_available(text) is 'True when no other account owns this player ID.';
revoke execute on function public.game_id_available(text) from public;
grant execute on function public.game_id_available(text) to anon, authenticated, service_role;

-- The profile trigger refuses a player ID that another account owns, with a message for people.
create function private.check_game_id_owner()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.game_id is not null and exists (select 1 from public.profiles p where p.game_id = new.game_id and p.id <> new.id) then
    raise exception 'That player ID belongs to another account.';
  end if;
  return new;
end
$$;
comment on function private.check_game_id_owner() is 'Trigger: one account per player ID, with a readable message.';
revoke execute on function private.check_game_id_owner() from public;

-- Named to run after normalize_profile (triggers fire in name order), on the normalised ID.
create trigger on_profile_game_id
  before insert or update of game_id on public.profiles
  for each row execute function private.check_game_id_owner();

-- ============================================================================================
-- Functions players and administrators call
-- ============================================================================================

-- Settles the close of check-in once, whoever asks first after it closed (the tournament page, the
-- administrator, any registration function): registered teams that did not check in give their slots
-- to checked-in waitlisted teams in waitlist order; the latest registered no-shows go first.
create function public.settle_check_in(p_tournament_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_no_show uuid;
  v_replacement uuid;
begin
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found or v_tournament.checkin_settled_at is not null or v_tournament.starts_at is null
     or v_tournament.cancelled_at is not null or now() < public.checkin_closes(v_tournament) then
    return;
  end if;
  loop
    select t.id into v_replacement from public.teams t
    where t.tournament_id = p_tournament_id and t.status = 'waitlisted' and t.checked_in_at is not null
    order by t.registered_at, t.id limit 1;
    exit when v_replacement is null;
    select t.id into v_no_show from public.teams t
    where t.tournament_id = p_tournament_id and t.status = 'registered' and t.checked_in_at is null
    order by t.registered_at desc, t.id desc limit 1;
    exit when v_no_show is null;
    update public.teams set status = 'waitlisted' where id = v_no_show;
    update public.teams set status = 'registered', promoted_at = now() where id = v_replacement;
  end loop;
  update public.tournaments set checkin_settled_at = now() where id = p_tournament_id;
  perform private.promote_waitlist(p_tournament_id);
end
$$;
comment on function public.settle_check_in(uuid) is
  'Once check-in has closed: no-shows give their slots to checked-in waitlisted teams, in waitlist order. Idempotent.';
revoke execute on function public.settle_check_in(uuid) from public;
grant execute on function public.settle_check_in(uuid) to anon, authenticated, service_role;

-- Once check-in has closed (or the tournament has started), the roster is fixed: no withdrawal,
-- leaving or filling a place. One definition for the functions that change a team.
create function private.roster_closed(t public.tournaments)
returns boolean
language sql
stable
set search_path = ''
as $$
  select t.started_at is not null or t.completed_at is not null
      or (t.starts_at is not null and now() >= public.checkin_closes(t))
$$;
comment on function private.roster_closed(public.tournaments) is
  'True once check-in has closed or the tournament has started: the teams can no longer change.';
revoke execute on function private.roster_closed(public.tournaments) from public;

-- Locks the tournament of a team (so team changes are serialised with registrations and promotions)
-- and returns its id; refuses the anonymous and a team that is gone.
create function private.lock_team(p_team_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament_id uuid;
begin
  if (select auth.uid()) is null then
    raise exception 'Please sign in.';
  end if;
  select t.tournament_id into v_tournament_id from public.teams t where t.id = p_team_id;
  if v_tournament_id is null then
    raise exception 'This registration no longer exists.';
  end if;
  perform 1 from public.tournaments where id = v_tournament_id for update;
  -- Re-read under the lock: a concurrent withdrawal may have removed the team meanwhile.
  if not exists (select 1 from public.teams t where t.id = p_team_id) then
    raise exception 'This registration no longer exists.';
  end if;
  return v_tournament_id;
end
$$;
comment on function private.lock_team(uuid) is 'Locks a team''s tournament row and returns its id, or says the team is gone.';
revoke execute on function private.lock_team(uuid) from public;

-- The captain withdraws the team (registered or waitlisted) until check-in closes; the slot frees at
-- once and the waitlist moves up in the same transaction.
create function public.withdraw_team(p_team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by <> (select auth.uid()) then
    raise exception 'Only the captain can withdraw the team.';
  end if;
  if private.roster_closed(v_tournament) then
    raise exception 'Withdrawals are closed.';
  end if;
  delete from public.teams where id = p_team_id;
end
$$;
comment on function public.withdraw_team(uuid) is 'The captain withdraws the team until check-in closes; the waitlist moves up.';
revoke execute on function public.withdraw_team(uuid) from public;
grant execute on function public.withdraw_team(uuid) to authenticated;

-- The captain checks the team in during the check-in window, once every slot has a player.
create function public.check_in(p_team_id uuid)
returns public.teams
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by <> (select auth.uid()) then
    raise exception 'Only the captain can check the team in.';
  end if;
  if v_tournament.cancelled_at is not null then
    raise exception 'This tournament was cancelled.';
  end if;
  if v_tournament.starts_at is null or now() < public.checkin_opens(v_tournament) then
    raise exception 'Check-in is not open yet.';
  end if;
  if now() >= public.checkin_closes(v_tournament) or v_tournament.started_at is not null then
    raise exception 'Check-in is closed.';
  end if;
  if (select count(*) from public.team_players tp where tp.team_id = p_team_id) < left(v_tournament.type, 1)::int then
    raise exception 'Name a player for every place before checking in.';
  end if;
  if v_team.checked_in_at is null then
    update public.teams set checked_in_at = now() where id = p_team_id returning * into v_team;
  end if;
  return v_team;
end
$$;
comment on function public.check_in(uuid) is 'The captain checks the team in during the check-in window.';
revoke execute on function public.check_in(uuid) from public;
grant execute on function public.check_in(uuid) to authenticated;

-- The administrator checks a team in or out by hand, at any time before the tournament starts.
create function public.set_check_in(p_team_id uuid, p_checked_in boolean)
returns public.teams
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
begin
  if not (select private.is_admin()) then
    raise exception 'Only an administrator can do that.';
  end if;
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_tournament.started_at is not null then
    raise exception 'The tournament has started.';
  end if;
  update public.teams
  set checked_in_at = case when p_checked_in then coalesce(checked_in_at, now()) end
  where id = p_team_id
  returning * into v_team;
  return v_team;
end
$$;
comment on function public.set_check_in(uuid, boolean) is 'An administrator checks a team in or out.';
revoke execute on function public.set_check_in(uuid, boolean) from public;
grant execute on function public.set_check_in(uuid, boolean) to authenticated;

-- A player entered by a captain confirms their place, or leaves the team (freeing the place for the
-- captain to fill before check-in).
create function public.confirm_team_place(p_team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Please sign in.';
  end if;
  update public.team_players set confirmed_at = coalesce(confirmed_at, now())
  where team_id = p_team_id and user_id = (select auth.uid());
  if not found then
    raise exception 'You are not on this team.';
  end if;
end
$$;
comment on function public.confirm_team_place(uuid) is 'A player confirms the place their captain entered them in.';
revoke execute on function public.confirm_team_place(uuid) from public;
grant execute on function public.confirm_team_place(uuid) to authenticated;

create function public.leave_team(p_team_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by = (select auth.uid()) then
    raise exception 'Captains withdraw the team instead.';
  end if;
  if private.roster_closed(v_tournament) then
    raise exception 'Check-in is closed.';
  end if;
  delete from public.team_players where team_id = p_team_id and user_id = (select auth.uid());
  if not found then
    raise exception 'You are not on this team.';
  end if;
  -- A team with an empty place is no longer ready: the captain checks in again once it is filled.
  update public.teams set checked_in_at = null where id = p_team_id;
end
$$;
comment on function public.leave_team(uuid) is 'A player leaves a team they were entered in, until check-in closes.';
revoke execute on function public.leave_team(uuid) from public;
grant execute on function public.leave_team(uuid) to authenticated;

-- The captain names a player for an empty place (after someone left), under the same rules as a
-- registration.
create function public.fill_team_place(p_team_id uuid, p_slot integer, p_player_id text, p_in_game_name text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_tournament public.tournaments;
  v_id text := public.normalize_player_id(p_player_id);
  v_name text := nullif(private.trim_space(p_in_game_name), '');
begin
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  select * into v_team from public.teams where id = p_team_id;
  if v_team.registered_by <> (select auth.uid()) then
    raise exception 'Only the captain can change the team.';
  end if;
  if private.roster_closed(v_tournament) then
    raise exception 'Check-in is closed.';
  end if;
  if p_slot is null or p_slot < 1 or p_slot > left(v_tournament.type, 1)::int then
    raise exception 'That place is not on this team.';
  end if;
  if exists (select 1 from public.team_players tp where tp.team_id = p_team_id and tp.slot = p_slot) then
    raise exception 'That place is already taken.';
  end if;
  if v_name is null then
    raise exception 'In-game name is required for player %.', p_slot;
  end if;
  if private.has_invisible(v_name) then
    raise exception 'In-game name for player % cannot contain invisible characters.', p_slot;
  end if;
  if char_length(v_name) > 30 then
    raise exception 'In-game name for player % must be 30 characters or fewer.', p_slot;
  end if;
  if v_id is null or v_id !~ '^#[A-Z0-9]{9}$' then
    raise exception 'Invalid player ID format. Must be 9 characters with optional #.';
  end if;
  if exists (select 1 from public.team_players tp where tp.tournament_id = v_team.tournament_id and tp.player_id = v_id) then
    raise exception 'Player ID % is already registered.', v_id;
  end if;
  insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
  values (p_team_id, v_team.tournament_id, p_slot, v_id, v_name);
end
$$;
comment on function public.fill_team_place(uuid, integer, text, text) is 'The captain fills an empty place of the team.';
revoke execute on function public.fill_team_place(uuid, integer, text, text) from public;
grant execute on function public.fill_team_place(uuid, integer, text, text) to authenticated;

-- The Discord link, for the people it is for: the team's players, the captain and administrators.
create function public.discord_link(p_tournament_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select t.discord_link from public.tournaments t
  where t.id = p_tournament_id
    and ((select private.is_admin())
      or exists (
        select 1 from public.teams tm
        where tm.tournament_id = t.id and tm.status = 'registered'
          and (tm.registered_by = (select auth.uid())
            or exists (select 1 from public.team_players tp where tp.team_id = tm.id and tp.user_id = (select auth.uid())))))
$$;
comment on function public.discord_link(uuid) is 'The tournament''s Discord link for its registered players and administrators; null for anyone else.';
revoke execute on function public.discord_link(uuid) from public;
grant execute on function public.discord_link(uuid) to anon, authenticated, service_role;

-- What anyone may know of a tournament's field, for its public page: team names, the in-game names
-- of their players, waitlist order and check-in. Never player IDs or accounts.
create function public.tournament_teams(p_tournament_id uuid)
returns table (team_id uuid, team_name text, status text, waitlist_position integer, checked_in boolean, in_game_names text[])
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.team_name, t.status,
         case when t.status = 'waitlisted'
           then (row_number() over (partition by t.status order by t.registered_at, t.id))::int end,
         t.checked_in_at is not null,
         array(select tp.in_game_name from public.team_players tp where tp.team_id = t.id order by tp.slot)
  from public.teams t
  where t.tournament_id = p_tournament_id
  order by t.status, t.registered_at, t.id
$$;
comment on function public.tournament_teams(uuid) is
  'The public field of a tournament: each team''s name, status, waitlist position, check-in and in-game names.';
revoke execute on function public.tournament_teams(uuid) from public;
grant execute on function public.tournament_teams(uuid) to anon, authenticated, service_role;

-- A waitlisted team's place in line (1 = next), as a computed field of teams.
create function public.waitlist_position(t public.teams)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select case when t.status = 'waitlisted' then (
    select count(*)::int + 1 from public.teams w
    where w.tournament_id = t.tournament_id and w.status = 'waitlisted' and (w.registered_at, w.id) < (t.registered_at, t.id)
  ) end
$$;
comment on function public.waitlist_position(public.teams) is 'A waitlisted team''s place in line (1 is next); null when registered.';
revoke execute on function public.waitlist_position(public.teams) from public;
grant execute on function public.waitlist_position(public.teams) to authenticated, service_role;

-- ============================================================================================
-- Registration, with the schedule and the waitlist
-- ============================================================================================

drop function public.register_team(uuid, text, jsonb);

create function public.register_team(p_tournament_id uuid, p_team_name text, p_players jsonb, p_waitlist boolean default false)
returns public.teams
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := auth.uid();
  v_tournament public.tournaments;
  v_existing text;
  v_size integer;
  v_team_name text;
  v_player jsonb;
  v_count integer;
  v_ids text[] := '{}';
  v_names text[] := '{}';
  v_id text;
  v_name text;
  v_taken text;
  v_status text := 'registered';
  v_constraint text;
  v_team public.teams;
begin
  if v_user_id is null then
    raise exception 'Please sign in to register.';
  end if;

  -- The lock serialises registrations per tournament: the capacity and duplicate checks below see
  -- every registration committed before this one.
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    raise exception 'This tournament no longer exists.';
  end if;
  if v_tournament.cancelled_at is not null then
    raise exception 'This tournament was cancelled.';
  end if;
  if v_tournament.started_at is not null or v_tournament.completed_at is not null
     or (v_tournament.starts_at is not null and now() >= public.registration_closes(v_tournament)) then
    raise exception 'Registration is closed.';
  end if;

  select t.status into v_existing from public.teams t where t.tournament_id = p_tournament_id and t.registered_by = v_user_id;
  if v_existing = 'waitlisted' then
    raise exception 'You are already on the waitlist.';
  elsif v_existing is not null then
    raise exception 'You have already registered for this tournament.';
  end if;

  v_size := left(v_tournament.type, 1)::integer;
  if v_size = 1 then
    v_team_name := null;
  else
    v_team_name := nullif(private.trim_space(p_team_name), '');
    if v_team_name is null then
      raise exception 'Team name is required.';
    end if;
    if private.has_invisible(v_team_name) then
      raise exception 'Team name cannot contain invisible characters.';
    end if;
    if char_length(v_team_name) > 40 then
      raise exception 'Team name must be 40 characters or fewer.';
    end if;
  end if;

  v_count := case when jsonb_typeof(p_players) = 'array' then jsonb_array_length(p_players) else 0 end;
  if v_count <> v_size then
    raise exception '%', case v_size
      when 1 then 'A 1v1 registration needs exactly 1 player.'
      else format('A %sv%s team needs exactly %s players.', v_size, v_size, v_size)
    end;
  end if;

  for i in 1 .. v_size loop
    v_player := p_players -> (i - 1);
    v_name := nullif(private.trim_space(case when jsonb_typeof(v_player) = 'object' then v_player ->> 'in_game_name' end), '');
    if v_name is null then
      raise exception 'In-game name is required for player %.', i;
    end if;
    if private.has_invisible(v_name) then
      raise exception 'In-game name for player % cannot contain invisible characters.', i;
    end if;
    if char_length(v_name) > 30 then
      raise exception 'In-game name for player % must be 30 characters or fewer.', i;
    end if;
    v_names := v_names || v_name;
  end loop;

  for i in 1 .. v_size loop
    v_player := p_players -> (i - 1);
    v_id := public.normalize_player_id(v_player ->> 'player_id');
    if v_id is null or v_id !~ '^#[A-Z0-9]{9}$' then
      raise exception 'Invalid player ID format. Must be 9 characters with optional #.';
    end if;
    v_ids := v_ids || v_id;
  end loop;

  for i in 2 .. v_size loop
    if v_ids[i] = any (v_ids[1:i - 1]) then
      raise exception 'Player ID % is entered more than once.', v_ids[i];
    end if;
  end loop;

  -- Registered and waitlisted teams alike: a player ID appears once per tournament.
  select p.id into v_taken
  from unnest(v_ids) with ordinality as p (id, slot)
  where exists (select 1 from public.team_players tp where tp.tournament_id = p_tournament_id and tp.player_id = p.id)
  order by p.slot
  limit 1;
  if v_taken is not null then
    raise exception 'Player ID % is already registered.', v_taken;
  end if;

  if v_tournament.registered_teams >= v_tournament.slots then
    if not coalesce(p_waitlist, false) then
      raise exception 'The tournament is full';
    end if;
    v_status := 'waitlisted';
  end if;

  begin
    insert into public.teams (tournament_id, team_name, registered_by, status)
    values (p_tournament_id, v_team_name, v_user_id, v_status)
    returning * into v_team;

    insert into public.team_players (team_id, tournament_id, slot, player_id, in_game_name)
    select v_team.id, p_tournament_id, p.slot, p.id, v_names[p.slot]
    from unnest(v_ids) with ordinality as p (id, slot);
  exception when unique_violation then
    -- Only reachable if something registers without taking the lock above; answer as the checks would.
    get stacked diagnostics v_constraint = constraint_name;
    if v_constraint = 'team_players_tournament_id_player_id_key' then
      select p.id into v_taken
      from unnest(v_ids) with ordinality as p (id, slot)
      where exists (select 1 from public.team_players tp where tp.tournament_id = p_tournament_id and tp.player_id = p.id)
      order by p.slot
      limit 1;
      raise exception 'Player ID % is already registered.', coalesce(v_taken, v_ids[1]);
    end if;
    raise exception 'You have already registered for this tournament.';
  end;

  return v_team;
end
$$;
comment on function public.register_team(uuid, text, jsonb, boolean) is
  'Registers the signed-in user''s team: p_players is a JSON array, in slot order, of {player_id, in_game_name}. '
  'When the tournament is full, p_waitlist puts the team on the waitlist instead of refusing it. Checks every rule '
  '(schedule included), locks the tournament so the last slots cannot be overfilled, and raises a message meant '
  'for players (SQLSTATE P0001) when a rule fails.';
revoke execute on function public.register_team(uuid, text, jsonb, boolean) from public, anon, authenticated, service_role;
-- anon may call it to be told to sign in.
grant execute on function public.register_team(uuid, text, jsonb, boolean) to anon, authenticated, service_role;
