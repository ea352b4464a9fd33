-- Tournament staff: an organiser adds co-organisers and moderators to one tournament. Co-organisers
-- run it like an administrator (edit, cancel, seed, start, round settings, results, staff) but cannot
-- delete it; moderators check teams in, settle disputes and results, and read the roster and the
-- result history. The global administrator (app_metadata.role) keeps every right on every
-- tournament. Every per-tournament rule asks one of the two predicates below, never is_admin().
-- Who changes the staff: administrators and the tournament's co-organisers.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.tournament_staff (
  tournament_id uuid not null references public.tournaments (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role text not null constraint tournament_staff_role_check check (role in ('co_organiser', 'moderator')),
  added_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (tournament_id, user_id)
);
comment on table public.tournament_staff is
  'Who helps run a tournament: co_organiser (everything but deleting it) or moderator (check-in, '
  'disputes and results). Written through add_tournament_staff; removed by its organisers.';
comment on column public.tournament_staff.added_by is 'The administrator or co-organiser who added them.';

create index tournament_staff_user_id_idx on public.tournament_staff (user_id);

alter table public.tournament_staff enable row level security;

revoke all on public.tournament_staff from public, anon, authenticated, service_role;
grant select, delete on public.tournament_staff to authenticated;
grant insert, select, update, delete on public.tournament_staff to service_role;

-- ============================================================================================
-- The two predicates
-- ============================================================================================

-- Security definer: policies on tournament_staff itself call them, and a policy reading the table it
-- guards would recurse.
create function private.can_organise(p_tournament_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select private.is_admin())
    or exists (select 1 from public.tournament_staff s
               where s.tournament_id = p_tournament_id and s.user_id = (select auth.uid()) and s.role = 'co_organiser')
$$;
comment on function private.can_organise(uuid) is
  'True for an administrator or a co-organiser of the tournament: edit, start, seed, round settings, '
  'results, staff. Deleting the tournament stays with administrators.';
revoke all on function private.can_organise(uuid) from public, anon, authenticated, service_role;
grant execute on function private.can_organise(uuid) to anon, authenticated, service_role;

create function private.can_moderate(p_tournament_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select private.is_admin())
    or exists (select 1 from public.tournament_staff s
               where s.tournament_id = p_tournament_id and s.user_id = (select auth.uid()))
$$;
comment on function private.can_moderate(uuid) is
  'True for an administrator, a co-organiser or a moderator of the tournament: check-in, disputes and '
  'results, the roster, the lobby and evidence.';
revoke all on function private.can_moderate(uuid) from public, anon, authenticated, service_role;
grant execute on function private.can_moderate(uuid) to anon, authenticated, service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Staff can read the staff of their tournaments"
  on public.tournament_staff for select to authenticated
  using ((select private.can_moderate(tournament_id)));

create policy "Organisers can remove staff"
  on public.tournament_staff for delete to authenticated
  using ((select private.can_organise(tournament_id)));

-- The tournaments' update policy lives here, where the staff it names exists (tournaments.sql says so).
create policy "Organisers can update their tournaments"
  on public.tournaments for update to authenticated
  using ((select private.can_organise(id)))
  with check ((select private.can_organise(id)));

-- ============================================================================================
-- Functions
-- ============================================================================================

-- By username, since profiles are private to their owner: the organiser knows the name players
-- show. Adding someone already on the staff changes their role.
create function public.add_tournament_staff(p_tournament_id uuid, p_username text, p_role text)
returns public.tournament_staff
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_users uuid[];
  v_row public.tournament_staff;
begin
  if (select auth.uid()) is null then
    perform private.fail('sign_in_required');
  end if;
  perform 1 from public.tournaments where id = p_tournament_id for update;
  if not found then
    perform private.fail('tournament_not_found');
  end if;
  if not private.can_organise(p_tournament_id) then
    perform private.fail('organisers_only_staff');
  end if;
  if p_role is null or p_role not in ('co_organiser', 'moderator') then
    perform private.fail('staff_role_invalid');
  end if;
  select array_agg(p.id) into v_users from public.profiles p
  where lower(p.username) = lower(private.trim_space(p_username));
  if v_users is null then
    perform private.fail('staff_username_unknown', coalesce(private.trim_space(p_username), ''));
  end if;
  if cardinality(v_users) > 1 then
    perform private.fail('staff_username_ambiguous', private.trim_space(p_username));
  end if;
  insert into public.tournament_staff (tournament_id, user_id, role, added_by)
  values (p_tournament_id, v_users[1], p_role, (select auth.uid()))
  on conflict (tournament_id, user_id) do update set role = excluded.role, added_by = excluded.added_by
  returning * into v_row;
  return v_row;
end
$$;
comment on function public.add_tournament_staff(uuid, text, text) is
  'Administrator or co-organiser: adds the player with this username (case-insensitive) to the '
  'tournament''s staff as co_organiser or moderator, or changes their role.';
revoke all on function public.add_tournament_staff(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.add_tournament_staff(uuid, text, text) to authenticated, service_role;

create function public.staff_members(p_tournament_id uuid)
returns table (user_id uuid, username text, role text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select s.user_id, p.username, s.role, s.created_at
  from public.tournament_staff s join public.profiles p on p.id = s.user_id
  where s.tournament_id = p_tournament_id and (select private.can_moderate(p_tournament_id))
  order by s.role, lower(p.username), s.user_id
$$;
comment on function public.staff_members(uuid) is
  'The tournament''s staff with their usernames, for its staff and administrators; empty for anyone else.';
revoke all on function public.staff_members(uuid) from public, anon, authenticated, service_role;
grant execute on function public.staff_members(uuid) to authenticated, service_role;
