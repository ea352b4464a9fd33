-- Tournaments: public to read, admin-only to write. The schedule's effective times and the phase are
-- computed from the times and the administrator's actions, so no scheduler is needed. The counters
-- (registered_teams, waitlisted_teams) are kept by the database (registration.sql); the Discord
-- invite is kept apart, for the registered players only.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.tournaments (
  id uuid primary key default gen_random_uuid(),
  name text not null
    constraint tournaments_name_key unique
    constraint tournaments_name_length check (name = btrim(name) and char_length(name) between 3 and 80),
  description text not null
    constraint tournaments_description_length check (btrim(description) <> '' and char_length(description) <= 1000),
  -- https:// URLs, or site-relative paths such as /banners/solo.svg for the banners the app ships.
  thumbnail_url text not null,
  slots integer not null
    constraint tournaments_slots_positive check (slots > 0 and slots <= 10000),
  -- Write-only: a trigger moves it to tournament_invites.
  discord_link text,
  type text not null
    constraint tournaments_type_check check (type in ('1v1', '2v2', '3v3')),
  registered_teams integer not null default 0
    constraint tournaments_registered_teams_range check (registered_teams >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  starts_at timestamptz,
  registration_closes_at timestamptz,
  checkin_opens_at timestamptz,
  checkin_closes_at timestamptz,
  prize text
    constraint tournaments_prize_rules
    check (prize is null or (prize = private.trim_space(prize) and not private.has_invisible(prize) and char_length(prize) between 1 and 120)),
  rules text
    constraint tournaments_rules_length check (rules is null or char_length(rules) <= 5000),
  format text not null default 'single_elimination'
    constraint tournaments_format_check check (format in ('single_elimination', 'double_elimination', 'round_robin', 'swiss')),
  best_of smallint not null default 1
    constraint tournaments_best_of_check check (best_of in (1, 3, 5)),
  cancelled_at timestamptz,
  started_at timestamptz,
  completed_at timestamptz,
  checkin_settled_at timestamptz,
  waitlisted_teams integer not null default 0
    constraint tournaments_waitlisted_teams_range check (waitlisted_teams >= 0),
  player_id_rule text not null default 'seed'
    constraint tournaments_player_id_rule_check check (player_id_rule in ('seed', 'brawl_stars')),
  -- Swiss: its rounds (null: ceil(log2 teams) at the start) and an optional top cut of the best
  -- 2^n teams into an elimination bracket once the rounds are played.
  swiss_rounds smallint
    constraint tournaments_swiss_rounds_range check (swiss_rounds between 1 and 20),
  top_cut smallint
    constraint tournaments_top_cut_size check (top_cut in (2, 4, 8, 16, 32, 64)),
  top_cut_format text not null default 'single_elimination'
    constraint tournaments_top_cut_format_check check (top_cut_format in ('single_elimination', 'double_elimination')),
  constraint tournaments_swiss_settings check (format = 'swiss' or (swiss_rounds is null and top_cut is null)),
  constraint tournaments_not_overfilled check (registered_teams <= slots),
  constraint tournaments_schedule_needs_start check (
    starts_at is not null or (registration_closes_at is null and checkin_opens_at is null and checkin_closes_at is null)
  )
);
comment on table public.tournaments is
  'Brawl Stars tournaments. Everyone reads them; admins create, edit and delete them.';
comment on column public.tournaments.name is 'Unique, and fixed once created.';
comment on column public.tournaments.thumbnail_url is
  'Banner image: an https:// URL or a site-relative path (/banners/...) to a banner the app ships.';
comment on column public.tournaments.discord_link is
  'Write-only: an administrator sets the Discord invite here; it is kept in tournament_invites and this '
  'column stays null.';
comment on column public.tournaments.type is 'Team size: 1v1 (solo), 2v2 or 3v3.';
comment on column public.tournaments.registered_teams is
  'Number of teams registered, kept by the database in the same transaction as each registration or deletion.';
comment on column public.tournaments.starts_at is
  'When the first match starts; null while the date is to be announced.';
comment on column public.tournaments.registration_closes_at is
  'When registration closes; null: when check-in opens.';
comment on column public.tournaments.checkin_opens_at is
  'When check-in opens; null: 60 minutes before the start.';
comment on column public.tournaments.checkin_closes_at is 'When check-in closes; null: at the start.';
comment on column public.tournaments.prize is 'Free text, e.g. "Rs500 + Brawl Pass".';
comment on column public.tournaments.rules is
  'Multi-line text; the app renders it as text with line breaks and links, never as HTML.';
comment on column public.tournaments.format is
  'Bracket format for the tournament itself: single_elimination, double_elimination, round_robin or swiss.';
comment on column public.tournaments.best_of is 'Games per match: 1, 3 or 5.';
comment on column public.tournaments.swiss_rounds is
  'Swiss: the number of rounds; null for ceil(log2 teams), from the teams at the start.';
comment on column public.tournaments.top_cut is
  'Swiss: the best teams (2 to 64, a power of two) who play on in an elimination bracket; null for none.';
comment on column public.tournaments.top_cut_format is 'Swiss: the top cut''s bracket, single_elimination or double_elimination.';
comment on column public.tournaments.cancelled_at is
  'Set by an administrator: the tournament will not take place.';
comment on column public.tournaments.checkin_settled_at is
  'When the close of check-in was settled (no-shows replaced from the waitlist); set once, by the database.';
comment on column public.tournaments.waitlisted_teams is
  'Number of teams on the waitlist, kept by the database like registered_teams.';
comment on column public.tournaments.player_id_rule is
  'The player IDs registrations accept: seed (# and 9 letters or digits, the default) or brawl_stars '
  '(the game''s real tags: # and 3 to 14 of 0289PYLQGRJCUV).';

-- A path is / and then neither / nor \ (both would make it a link to another host). NOT VALID: the
-- rule holds for every new or changed row; rows written before it are left as they were.
alter table public.tournaments add constraint tournaments_thumbnail_url_format check (
  char_length(thumbnail_url) <= 2048 and thumbnail_url ~ '^(https://[^\s/]+[^\s]*|/[^/\\\s][^\s]*)$'
) not valid;

-- The landing page's recent champions and the leaderboard read completed tournaments newest first.
create index tournaments_completed_at_idx on public.tournaments (completed_at desc) where completed_at is not null;

alter table public.tournaments enable row level security;

-- Column privileges: the administrator writes the details and the schedule; clients never write the
-- counters, the id, the timestamps or what the database sets (started_at, completed_at, ...).
revoke all on public.tournaments from public, anon, authenticated, service_role;
grant select on public.tournaments to anon;
grant select, delete on public.tournaments to authenticated;
grant insert, select, update, delete on public.tournaments to service_role;
grant insert (name, description, thumbnail_url, slots, discord_link, type, starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, prize, rules, format, best_of, player_id_rule, swiss_rounds, top_cut, top_cut_format) on public.tournaments to authenticated;
grant update (name, description, thumbnail_url, slots, discord_link, type, starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, prize, rules, format, best_of, cancelled_at, player_id_rule, swiss_rounds, top_cut, top_cut_format) on public.tournaments to authenticated;

-- Every tournament's Discord invite. A column privilege cannot hide it on tournaments: computed
-- fields (phase, ...) take the whole row, which needs every column readable.
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
grant insert, select, update, delete on public.tournament_invites to service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Anyone can read tournaments"
  on public.tournaments for select
  to anon, authenticated
  using (true);

create policy "Admins can create tournaments"
  on public.tournaments for insert
  to authenticated
  with check ((select private.is_admin()));

-- Updates: "Organisers can update their tournaments" in staff.sql (administrators and co-organisers).

create policy "Admins can delete tournaments"
  on public.tournaments for delete
  to authenticated
  using ((select private.is_admin()));

-- ============================================================================================
-- Schedule: effective times and the phase (computed fields the Data API selects like columns)
-- ============================================================================================

create function public.checkin_opens(t public.tournaments)
returns timestamptz
language sql
immutable
set search_path = ''
as $$ select coalesce(t.checkin_opens_at, t.starts_at - interval '60 minutes') $$;
comment on function public.checkin_opens(tournaments) is
  'When check-in opens (default: 60 minutes before the start).';
revoke all on function public.checkin_opens(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.checkin_opens(tournaments) to anon, authenticated, service_role;

create function public.checkin_closes(t public.tournaments)
returns timestamptz
language sql
immutable
set search_path = ''
as $$ select coalesce(t.checkin_closes_at, t.starts_at) $$;
comment on function public.checkin_closes(tournaments) is 'When check-in closes (default: at the start).';
revoke all on function public.checkin_closes(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.checkin_closes(tournaments) to anon, authenticated, service_role;

create function public.registration_closes(t public.tournaments)
returns timestamptz
language sql
immutable
set search_path = ''
as $$ select coalesce(t.registration_closes_at, public.checkin_opens(t)) $$;
comment on function public.registration_closes(tournaments) is
  'When registration closes (default: when check-in opens).';
revoke all on function public.registration_closes(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.registration_closes(tournaments) to anon, authenticated, service_role;

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
comment on function public.phase(tournaments) is
  'registration_open, registration_closed, check_in, in_progress, completed or cancelled, from the '
  'times and the administrator''s actions at the moment of the query.';
revoke all on function public.phase(tournaments) from public, anon, authenticated, service_role;
grant execute on function public.phase(tournaments) to anon, authenticated, service_role;

-- ============================================================================================
-- Functions
-- ============================================================================================

create function private.guard_tournament_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.name is distinct from old.name then
    perform private.fail('tournament_name_fixed');
  end if;
  -- Registered teams were entered with the old team size.
  if new.type is distinct from old.type and old.registered_teams > 0 then
    perform private.fail('tournament_type_fixed');
  end if;
  if new.slots is distinct from old.slots and new.slots < new.registered_teams then
    perform private.fail('slots_below_registered');
  end if;
  -- The bracket was made for the format: a round robin turned into an elimination after its start had
  -- two first places and no champion.
  if new.format is distinct from old.format and old.started_at is not null then
    perform private.fail('format_fixed');
  end if;
  if (new.swiss_rounds, new.top_cut, new.top_cut_format) is distinct from (old.swiss_rounds, old.top_cut, old.top_cut_format)
     and old.started_at is not null then
    perform private.fail('swiss_settings_fixed');
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
  'Trigger: keeps the name fixed, the type fixed while teams are registered, the format fixed once '
  'started, slots at or above registered_teams, and stamps updated_at on edits.';
revoke all on function private.guard_tournament_update() from public, anon, authenticated, service_role;

-- Times in order, with messages the admin form shows as they are.
create function private.check_tournament_schedule()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and old.cancelled_at is not null and new.cancelled_at is distinct from old.cancelled_at then
    perform private.fail('cancellation_final');
  end if;
  if new.starts_at is null then
    if num_nonnulls(new.registration_closes_at, new.checkin_opens_at, new.checkin_closes_at) > 0 then
      perform private.fail('schedule_needs_start');
    end if;
    return new;
  end if;
  if (tg_op = 'INSERT' or new.starts_at is distinct from old.starts_at) and new.starts_at <= now() then
    perform private.fail('start_in_past');
  end if;
  if public.checkin_opens(new) >= public.checkin_closes(new) then
    perform private.fail('checkin_opens_after_close');
  end if;
  if public.checkin_closes(new) > new.starts_at then
    perform private.fail('checkin_closes_after_start');
  end if;
  if public.registration_closes(new) > public.checkin_closes(new) then
    perform private.fail('registration_closes_after_checkin');
  end if;
  return new;
end
$$;
comment on function private.check_tournament_schedule() is
  'Trigger: the start is in the future when set, check-in opens before it closes and closes by the '
  'start, registration closes by the end of check-in, and a cancellation is final.';
revoke all on function private.check_tournament_schedule() from public, anon, authenticated, service_role;

create function private.check_cancellation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.cancelled_at is not null and old.cancelled_at is null and old.completed_at is not null then
    perform private.fail('completed_not_cancellable');
  end if;
  return new;
end
$$;
comment on function private.check_cancellation() is 'Trigger: a completed tournament cannot be cancelled.';
revoke all on function private.check_cancellation() from public, anon, authenticated, service_role;

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
  'Trigger: keeps the Discord invite an administrator writes in tournament_invites (format checked '
  'there) and the column null.';
revoke all on function private.store_discord_link() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger check_tournament_schedule
  before insert or update of starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, cancelled_at
  on public.tournaments
  for each row execute function private.check_tournament_schedule();

create trigger check_cancellation
  before update of cancelled_at on public.tournaments
  for each row execute function private.check_cancellation();

create trigger discord_link_to_invites
  before insert or update of discord_link on public.tournaments
  for each row execute function private.store_discord_link();

create trigger guard_tournament_update
  before update on public.tournaments
  for each row execute function private.guard_tournament_update();
