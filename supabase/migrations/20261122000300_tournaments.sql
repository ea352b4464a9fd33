-- Tournaments: public to read, admin-only to write. registered_teams is maintained by the database
-- (see the registration migration) and no client can write it.

create table public.tournaments (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint tournaments_name_key unique
    constraint tournaments_name_length check (name = btrim(name) and char_length(name) between 3 and 80),
  description text not null
    constraint tournaments_description_length check (btrim(description) <> '' and char_length(description) <= 1000),
  -- https:// URLs, or site-relative paths such as /banners/solo.svg for the banners the app ships
  -- (a leading // is refused: that would be a protocol-relative URL to another host).
  thumbnail_url text not null
    constraint tournaments_thumbnail_url_format
    check (char_length(thumbnail_url) <= 2048 and thumbnail_url ~ '^(https://[^\s/]+[^\s]*|/[^/\s][^\s]*)$'),
  slots integer not null
    constraint tournaments_slots_positive check (slots > 0 and slots <= 10000),
  discord_link text not null
    constraint tournaments_discord_link_format check (char_length(discord_link) <= 2048 and discord_link ~ '^https://[^\s/]+[^\s]*$'),
  type text not null
    constraint tournaments_type_check check (type in ('1v1', '2v2', '3v3')),
  registered_teams integer not null default 0
    constraint tournaments_registered_teams_range check (registered_teams >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tournaments_not_overfilled check (registered_teams <= slots)
);
comment on table public.tournaments is
  'Brawl Stars tournaments. Everyone reads them; admins create, edit and delete them.';
comment on column public.tournaments.name is 'Unique, and fixed once created.';
comment on column public.tournaments.thumbnail_url is
  'Banner image: an https:// URL or a site-relative path (/banners/...) to a banner the app ships.';
comment on column public.tournaments.registered_teams is
  'Number of teams registered, kept by the database in the same transaction as each registration or deletion.';
comment on column public.tournaments.type is 'Team size: 1v1 (solo), 2v2 or 3v3.';

alter table public.tournaments enable row level security;

create function private.guard_tournament_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.name is distinct from old.name then
    raise exception 'Tournament name cannot be changed.';
  end if;
  if new.slots is distinct from old.slots and new.slots < new.registered_teams then
    raise exception 'Slots cannot be fewer than the teams already registered.';
  end if;
  -- A registration only moves the counter: that is not an edit of the tournament.
  if (new.description, new.thumbnail_url, new.slots, new.discord_link, new.type)
     is distinct from (old.description, old.thumbnail_url, old.slots, old.discord_link, old.type) then
    new.updated_at := now();
  end if;
  return new;
end
$$;
comment on function private.guard_tournament_update() is
  'Trigger: keeps the name fixed, keeps slots at or above registered_teams, and stamps updated_at on edits.';
revoke execute on function private.guard_tournament_update() from public;

create trigger guard_tournament_update
  before update on public.tournaments
  for each row execute function private.guard_tournament_update();

-- Column privileges: clients never write registered_teams, id or the timestamps.
revoke all on public.tournaments from anon, authenticated;
grant select on public.tournaments to anon, authenticated;
grant insert (name, description, thumbnail_url, slots, discord_link, type) on public.tournaments to authenticated;
grant update (name, description, thumbnail_url, slots, discord_link, type) on public.tournaments to authenticated;
grant delete on public.tournaments to authenticated;

create policy "Anyone can read tournaments"
  on public.tournaments for select
  to anon, authenticated
  using (true);

create policy "Admins can create tournaments"
  on public.tournaments for insert
  to authenticated
  with check ((select private.is_admin()));

create policy "Admins can update tournaments"
  on public.tournaments for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete tournaments"
  on public.tournaments for delete
  to authenticated
  using ((select private.is_admin()));
