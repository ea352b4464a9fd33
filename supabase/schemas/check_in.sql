-- Check-in: captains check their team in during the window (by default the hour before the start),
-- administrators check teams in or out by hand, and once check-in closes, no-shows give their slots
-- to checked-in waitlisted teams. Settled by whoever asks first after the close, so no scheduler is
-- needed.

-- ============================================================================================
-- Functions
-- ============================================================================================

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
    perform private.fail('captain_only_checkin');
  end if;
  if v_tournament.cancelled_at is not null then
    perform private.fail('tournament_cancelled');
  end if;
  if v_tournament.starts_at is null or now() < public.checkin_opens(v_tournament) then
    perform private.fail('checkin_not_open');
  end if;
  if now() >= public.checkin_closes(v_tournament) or v_tournament.started_at is not null then
    perform private.fail('checkin_closed');
  end if;
  if (select count(*) from public.team_players tp where tp.team_id = p_team_id) < left(v_tournament.type, 1)::int then
    perform private.fail('checkin_needs_full_team');
  end if;
  if v_team.checked_in_at is null then
    update public.teams set checked_in_at = now() where id = p_team_id returning * into v_team;
  end if;
  return v_team;
end
$$;
comment on function public.check_in(uuid) is 'The captain checks the team in during the check-in window.';
revoke all on function public.check_in(uuid) from public, anon, authenticated, service_role;
grant execute on function public.check_in(uuid) to authenticated;

-- The tournament's staff (administrators, co-organisers, moderators) check a team in or out by hand,
-- at any time before the tournament starts.
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
  select * into v_tournament from public.tournaments where id = (select private.lock_team(p_team_id));
  if not private.can_moderate(v_tournament.id) then
    perform private.fail('admin_only');
  end if;
  select * into v_team from public.teams where id = p_team_id;
  if v_tournament.started_at is not null then
    perform private.fail('tournament_started');
  end if;
  update public.teams
  set checked_in_at = case when p_checked_in then coalesce(checked_in_at, now()) end
  where id = p_team_id
  returning * into v_team;
  return v_team;
end
$$;
comment on function public.set_check_in(uuid, boolean) is 'The tournament''s staff (or an administrator) check a team in or out.';
revoke all on function public.set_check_in(uuid, boolean) from public, anon, authenticated, service_role;
grant execute on function public.set_check_in(uuid, boolean) to authenticated;

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
  -- Once started (an administrator may start before check-in closes), the bracket is the roster: a
  -- swap then handed a no-show's slot and the invite to a waitlisted team that was not in it.
  if not found or v_tournament.checkin_settled_at is not null or v_tournament.starts_at is null
     or v_tournament.cancelled_at is not null or v_tournament.started_at is not null
     or now() < public.checkin_closes(v_tournament) then
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
  'Once check-in has closed: no-shows give their slots to checked-in waitlisted teams, in waitlist '
  'order. Idempotent; nothing once the tournament has started.';
revoke all on function public.settle_check_in(uuid) from public, anon, authenticated, service_role;
grant execute on function public.settle_check_in(uuid) to anon, authenticated, service_role;

-- The administrator closes check-in now rather than at its time (the organiser's "Close check-in
-- now"): the window ends at this moment and the close is settled at once, by the same function the
-- clock's close goes through, so no-shows give their slots exactly as they would have then.
create function public.close_check_in(p_tournament_id uuid)
returns public.tournaments
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
begin
  if not (select private.is_admin()) then
    perform private.fail('admin_only');
  end if;
  select * into v_tournament from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  if v_tournament.cancelled_at is not null then
    perform private.fail('tournament_cancelled');
  end if;
  if v_tournament.started_at is not null then
    perform private.fail('tournament_started');
  end if;
  if v_tournament.starts_at is null then
    perform private.fail('checkin_needs_start');
  end if;
  -- Still to close: it ends now. Not open yet, it opens and closes now (whoever was checked in by
  -- hand stays in); registration closes with it.
  if now() < public.checkin_closes(v_tournament) then
    update public.tournaments
    set checkin_opens_at = least(public.checkin_opens(v_tournament), now() - interval '1 second'),
        checkin_closes_at = now(),
        registration_closes_at = least(public.registration_closes(v_tournament), now())
    where id = p_tournament_id;
  end if;
  perform public.settle_check_in(p_tournament_id);
  select * into v_tournament from public.tournaments where id = p_tournament_id;
  return v_tournament;
end
$$;
comment on function public.close_check_in(uuid) is
  'Administrator: closes check-in now (opening it first if it had not opened) and settles the close at '
  'once, as settle_check_in does at the scheduled close: no-shows give their slots to checked-in '
  'waitlisted teams. Not for a cancelled or started tournament, nor one without a start time.';
revoke all on function public.close_check_in(uuid) from public, anon, authenticated, service_role;
grant execute on function public.close_check_in(uuid) to authenticated;
