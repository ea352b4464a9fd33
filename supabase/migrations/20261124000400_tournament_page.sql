-- The public tournament page: everyone reads a tournament, but its Discord invite is for its
-- registered players and administrators only (public.discord_link()). Until now the invite sat in
-- tournaments.discord_link, which anyone could read through the Data API. A column privilege cannot
-- hide it: computed fields (phase, ...) take the whole row, which needs every column readable. So the
-- invite moves to its own table that only the database reads; administrators still write
-- tournaments.discord_link as before, and a trigger carries it over, leaving the column null.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.tournament_invites (
  -- Deferred: the trigger below stores the invite before the tournament row it belongs to exists.
  tournament_id uuid primary key references public.tournaments (id) on delete cascade deferrable initially deferred,
  discord_link text not null
    constraint tournaments_discord_link_format check (char_length(discord_link) <= 2048 and discord_link ~ '^https://[^\s/]+[^\s]*$')
);
comment on table public.tournament_invites is
  'Each tournament''s Discord invite. No API role reads it: players get it from discord_link() once registered.';

alter table public.tournament_invites enable row level security;
-- No policy: RLS on and no grant to anon or authenticated. The operator's key reads and writes it.
revoke all on public.tournament_invites from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.tournament_invites to service_role;

insert into public.tournament_invites (tournament_id, discord_link)
select id, discord_link from public.tournaments;

alter table public.tournaments drop constraint tournaments_discord_link_format;
alter table public.tournaments alter column discord_link drop not null;
alter table public.tournaments disable trigger guard_tournament_update;
update public.tournaments set discord_link = null where discord_link is not null;
alter table public.tournaments enable trigger guard_tournament_update;
comment on column public.tournaments.discord_link is
  'Write-only: an administrator sets the Discord invite here; it is kept in tournament_invites and this column stays null.';

-- ============================================================================================
-- Functions
-- ============================================================================================

-- Named to run before guard_tournament_update (before-triggers fire in name order), so that trigger
-- compares null with null and this one stamps updated_at when the invite really changes.
create function private.store_discord_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_old text;
begin
  if tg_op = 'INSERT' and new.discord_link is null then
    raise exception 'null value in column "discord_link" of relation "tournaments" violates not-null constraint'
      using errcode = '23502', column = 'discord_link', table = 'tournaments';
  end if;
  if new.discord_link is not null then
    select i.discord_link into v_old from public.tournament_invites i where i.tournament_id = new.id;
    insert into public.tournament_invites (tournament_id, discord_link) values (new.id, new.discord_link)
    on conflict (tournament_id) do update set discord_link = excluded.discord_link;
    if tg_op = 'UPDATE' and v_old is distinct from new.discord_link then
      new.updated_at := now();
    end if;
  end if;
  new.discord_link := null;
  return new;
end
$$;
comment on function private.store_discord_link() is
  'Trigger: keeps the Discord invite an administrator writes in tournament_invites (format checked there) and the column null.';
revoke execute on function private.store_discord_link() from public;

create trigger discord_link_to_invites
  before insert or update of discord_link on public.tournaments
  for each row execute function private.store_discord_link();

create or replace function public.discord_link(p_tournament_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.discord_link from public.tournament_invites i
  where i.tournament_id = p_tournament_id
    and ((select private.is_admin())
      or exists (
        select 1 from public.teams tm
        where tm.tournament_id = i.tournament_id and tm.status = 'registered'
          and (tm.registered_by = (select auth.uid())
            or exists (select 1 from public.team_players tp where tp.team_id = tm.id and tp.user_id = (select auth.uid())))))
$$;

-- The invite as a computed field of a tournament row, so a list can select it beside the columns.
create function public.discord_invite(t public.tournaments)
returns text
language sql
stable
set search_path = ''
as $$ select public.discord_link(t.id) $$;
comment on function public.discord_invite(public.tournaments) is
  'Computed field: the tournament''s Discord link for its registered players and administrators; null for anyone else.';
revoke execute on function public.discord_invite(public.tournaments) from public;
grant execute on function public.discord_invite(public.tournaments) to anon, authenticated, service_role;
