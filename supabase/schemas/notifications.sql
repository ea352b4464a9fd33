-- Notifications: every event that concerns a player (or the administrators) becomes a row written by
-- the transaction that caused it, through triggers on the tables the other domains write, so the rule
-- holds on hosted Supabase with no server of ours. Each row is also queued in one outbox for the other
-- channels (web push to the player's browsers, the tournament's Discord channel), which one dispatcher
-- drains (supabase/functions/notify-dispatch): it claims rows with `for update skip locked`, retries
-- with backoff, gives up after a limit and leaves the failure for administrators to read. Time-based
-- events (check-in open, closing in 15 minutes) are written by notify_clock(), which the dispatcher's
-- schedule calls; each event has a key, so writing it twice stores it once.

-- ============================================================================================
-- Kinds and settings
-- ============================================================================================

-- Every kind of notification: who it is for, and whether a push and an e-mail are sent unless the
-- player says otherwise (e-mail only for what a player would want to hear of while away from the site).
create function private.notification_kinds()
returns table (kind text, audience text, push_default boolean, email_default boolean)
language sql
immutable
parallel safe
set search_path = ''
as $$
  values
    ('registration_confirmed', 'player', false, true),
    ('registration_waitlisted', 'player', false, true),
    ('promoted', 'player', true, true),
    ('added_to_team', 'player', true, true),
    ('checkin_open', 'player', true, true),
    ('checkin_closing', 'player', true, false),
    ('bracket_started', 'player', true, false),
    ('match_ready', 'player', true, true),
    ('opponent_reported', 'player', true, true),
    ('result_confirmed', 'player', false, false),
    ('dispute_settled', 'player', true, true),
    ('eliminated', 'player', false, false),
    ('champion', 'player', true, true),
    ('dispute_opened', 'admin', true, true),
    ('no_shows', 'admin', true, false)
$$;
comment on function private.notification_kinds() is
  'Every kind of notification, its audience (player or admin) and whether push and e-mail are on by default.';
revoke all on function private.notification_kinds() from public, anon, authenticated, service_role;
grant execute on function private.notification_kinds() to authenticated, service_role;

-- What the operator configures (the local stack writes them from DISCORD_API_URL,
-- PUSH_SERVICE_ORIGINS and whether it can send mail, at start; on hosted Supabase, from the SQL
-- editor). Absent keys take defaults.
create table private.notify_settings (
  key text primary key constraint notify_settings_key_check check (key in ('discord_api_url', 'push_service_origins', 'email')),
  value text not null constraint notify_settings_value_length check (char_length(value) <= 2048)
);
comment on table private.notify_settings is
  'Operator settings of the notification rules: discord_api_url (default https://discord.com/api), '
  'push_service_origins (space-separated origins accepted as push endpoints besides the browsers'' own), '
  'email (on: the dispatcher can send mail, so notifications are also e-mailed; default off).';
revoke all on private.notify_settings from public, anon, authenticated, service_role;

create function private.notify_setting(p_key text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select s.value from private.notify_settings s where s.key = p_key
$$;
comment on function private.notify_setting(text) is 'An operator setting of the notification rules, or null.';
revoke all on function private.notify_setting(text) from public, anon, authenticated, service_role;
-- The webhook and push checks run as the caller; the settings say nothing secret.
grant execute on function private.notify_setting(text) to authenticated, service_role;

-- A Discord channel webhook: <API base>[/v<n>]/webhooks/<snowflake>/<token>. The base is
-- DISCORD_API_URL's (https://discord.com/api unless set), so a test's local receiver is accepted
-- only when the operator points the base at it.
create function private.is_discord_webhook(p_url text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_url is not null and char_length(p_url) <= 512
    and starts_with(p_url, b.base || '/')
    and substr(p_url, char_length(b.base) + 1) ~ '^(/v[0-9]{1,2})?/webhooks/[0-9]{17,20}/[A-Za-z0-9_-]{20,100}$'
  from (select rtrim(coalesce(private.notify_setting('discord_api_url'), 'https://discord.com/api'), '/') as base) b
$$;
comment on function private.is_discord_webhook(text) is
  'True for a Discord channel webhook URL under the configured Discord API base.';
revoke all on function private.is_discord_webhook(text) from public, anon, authenticated, service_role;
grant execute on function private.is_discord_webhook(text) to authenticated, service_role;

-- A push endpoint of a browser's push service (Chrome's FCM, Firefox's autopush, Apple's, Windows'),
-- or of an origin the operator added. Anything else would make the dispatcher post to any address.
create function private.is_push_endpoint(p_endpoint text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_endpoint is not null and char_length(p_endpoint) <= 1024 and p_endpoint !~ '\s'
    and (p_endpoint ~ '^https://(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|web\.push\.apple\.com|[a-z0-9-]+\.notify\.windows\.com|android\.googleapis\.com)/[^?#]+$'
         or exists (select 1 from unnest(string_to_array(coalesce(private.notify_setting('push_service_origins'), ''), ' ')) o (origin)
                    where o.origin <> '' and starts_with(p_endpoint, o.origin || '/')))
$$;
comment on function private.is_push_endpoint(text) is
  'True for an endpoint of a known push service (or an origin listed in push_service_origins).';
revoke all on function private.is_push_endpoint(text) from public, anon, authenticated, service_role;
grant execute on function private.is_push_endpoint(text) to authenticated, service_role;

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  tournament_id uuid references public.tournaments (id) on delete cascade,
  match_id uuid references public.matches (id) on delete set null,
  title text not null constraint notifications_title_length check (char_length(title) <= 200),
  body text not null constraint notifications_body_length check (char_length(body) <= 1000),
  -- A path on the site, e.g. /tournaments/<id>?match=<id>: the match opens in the tournament's dialog
  -- today and will keep opening from the same query when it gets a page of its own.
  link text not null constraint notifications_link_path check (link ~ '^/[^/\\]'),
  data jsonb not null default '{}',
  event_key text not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  constraint notifications_user_event_key unique (user_id, event_key)
);
comment on table public.notifications is
  'What happened that concerns a user, written by the transaction that caused it. Each user reads and '
  'marks only their own.';
comment on column public.notifications.event_key is
  'The event, e.g. match_ready:<match id>: the same event is stored once per user.';
comment on column public.notifications.data is
  'The event''s details for the app (opponent, round, best-of, maps, place, ...).';

create index notifications_user_created_idx on public.notifications (user_id, created_at desc);
create index notifications_unread_idx on public.notifications (user_id) where read_at is null;

alter table public.notifications enable row level security;

-- Reads through RLS; marking read only through mark_notifications_read(), which refuses a foreign row.
revoke all on public.notifications from public, anon, authenticated, service_role;
grant select on public.notifications to authenticated;
grant select, insert, update, delete on public.notifications to service_role;

create table public.notification_preferences (
  user_id uuid not null references auth.users (id) on delete cascade default auth.uid(),
  kind text not null,
  in_app boolean not null default true,
  push boolean not null default true,
  -- Null: the kind's default (private.notification_kinds()), which a later default change reaches.
  email boolean,
  primary key (user_id, kind)
);
comment on table public.notification_preferences is
  'A user''s choices per kind and channel; a kind without a row takes its defaults (in-app on, push and '
  'e-mail as private.notification_kinds() says), as does a null e-mail choice.';

alter table public.notification_preferences enable row level security;

revoke all on public.notification_preferences from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.notification_preferences to authenticated;
grant select, insert, update, delete on public.notification_preferences to service_role;

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null constraint push_subscriptions_endpoint_key unique,
  -- The browser's P-256 public key (65 bytes) and auth secret (16 bytes), base64url without padding.
  p256dh text not null constraint push_subscriptions_p256dh_format check (p256dh ~ '^[A-Za-z0-9_-]{87}$'),
  auth text not null constraint push_subscriptions_auth_format check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  created_at timestamptz not null default now()
);
comment on table public.push_subscriptions is
  'A browser that accepted web push for a user. Written through save_push_subscription(); dropped when '
  'the push service answers 404 or 410.';

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

revoke all on public.push_subscriptions from public, anon, authenticated, service_role;
grant select, delete on public.push_subscriptions to authenticated;
grant select, insert, update, delete on public.push_subscriptions to service_role;

create table public.tournament_webhooks (
  tournament_id uuid primary key references public.tournaments (id) on delete cascade,
  url text not null,
  created_at timestamptz not null default now()
);
comment on table public.tournament_webhooks is
  'The Discord channel webhook a tournament posts to. As secret as the invite: its organisers only.';

alter table public.tournament_webhooks enable row level security;

revoke all on public.tournament_webhooks from public, anon, authenticated, service_role;
grant select, insert, update, delete on public.tournament_webhooks to authenticated, service_role;

-- The outbox: one row per message to send on a channel other than in-app. (channel, idempotency_key)
-- is unique, so an event queued twice is sent once; a row once sent is never claimed again.
create table public.outbox (
  id bigint generated always as identity primary key,
  channel text not null constraint outbox_channel_check check (channel in ('push', 'discord', 'email')),
  idempotency_key text not null,
  subscription_id uuid references public.push_subscriptions (id) on delete cascade,
  tournament_id uuid references public.tournaments (id) on delete cascade,
  -- An e-mail's recipient: the address is read when the row is claimed, so a changed one is used.
  user_id uuid references auth.users (id) on delete cascade,
  -- Discord rows with the same batch key (a round's match calls) go out in as few messages as fit.
  batch_key text,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  sent_at timestamptz,
  failed_at timestamptz,
  last_error text constraint outbox_last_error_length check (char_length(last_error) <= 1000),
  constraint outbox_channel_idempotency_key unique (channel, idempotency_key),
  constraint outbox_target check ((channel = 'push') = (subscription_id is not null)),
  constraint outbox_recipient check ((channel = 'email') = (user_id is not null))
);
comment on table public.outbox is
  'Messages to push services, Discord and e-mail, drained by the notify-dispatch function. Administrators read '
  'it (failures stay, with their last error).';
comment on column public.outbox.claimed_until is
  'A dispatcher holds the row until then; after a crash the row is claimed again once it passes.';

create index outbox_due_idx on public.outbox (next_attempt_at, id) where sent_at is null and failed_at is null;
create index outbox_failed_idx on public.outbox (failed_at desc) where failed_at is not null;
create index outbox_subscription_id_idx on public.outbox (subscription_id) where subscription_id is not null;
create index outbox_tournament_id_idx on public.outbox (tournament_id) where tournament_id is not null;
create index outbox_user_id_idx on public.outbox (user_id) where user_id is not null;

alter table public.outbox enable row level security;

revoke all on public.outbox from public, anon, authenticated, service_role;
grant select on public.outbox to authenticated;
grant select, insert, update, delete on public.outbox to service_role;

-- ============================================================================================
-- Policies
-- ============================================================================================

create policy "Users can read their own notifications"
  on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read their own notification preferences"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own notification preferences"
  on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can change their own notification preferences"
  on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own notification preferences"
  on public.notification_preferences for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read their own push subscriptions"
  on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can delete their own push subscriptions"
  on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));

-- A tournament's organisers (administrators and its co-organisers, staff.sql) keep its channel.
create policy "Organisers can read their tournaments' webhooks"
  on public.tournament_webhooks for select to authenticated
  using ((select private.can_organise(tournament_id)));

create policy "Organisers can add their tournaments' webhooks"
  on public.tournament_webhooks for insert to authenticated
  with check ((select private.can_organise(tournament_id)));

create policy "Organisers can change their tournaments' webhooks"
  on public.tournament_webhooks for update to authenticated
  using ((select private.can_organise(tournament_id)))
  with check ((select private.can_organise(tournament_id)));

create policy "Organisers can delete their tournaments' webhooks"
  on public.tournament_webhooks for delete to authenticated
  using ((select private.can_organise(tournament_id)));

create policy "Admins can read the outbox"
  on public.outbox for select to authenticated
  using ((select private.is_admin()));

-- ============================================================================================
-- Checks
-- ============================================================================================

create function private.check_notification_preference()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from private.notification_kinds() k where k.kind = new.kind) then
    perform private.fail('notification_kind_unknown', left(new.kind, 60));
  end if;
  return new;
end
$$;
comment on function private.check_notification_preference() is 'Trigger: a preference names a known kind.';
revoke all on function private.check_notification_preference() from public, anon, authenticated, service_role;

create function private.check_tournament_webhook()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.url := btrim(new.url);
  if not private.is_discord_webhook(new.url) then
    perform private.fail('discord_webhook_invalid');
  end if;
  return new;
end
$$;
comment on function private.check_tournament_webhook() is 'Trigger: a tournament webhook is a Discord channel webhook.';
revoke all on function private.check_tournament_webhook() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Writing notifications
-- ============================================================================================

-- Every account of a team, as private.is_team_member() defines members: its captain, and the players
-- who confirmed their place and whom the captain accepted (an invited account is told it was added).
create function private.team_members(p_team_id uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select t.registered_by from public.teams t where t.id = p_team_id
  union
  select tp.user_id from public.team_players tp
  where tp.team_id = p_team_id and tp.user_id is not null and tp.confirmed_at is not null and tp.accepted_at is not null
$$;
comment on function private.team_members(uuid) is 'The captain and the confirmed, accepted players of a team.';
revoke all on function private.team_members(uuid) from public, anon, authenticated, service_role;

create function private.admins()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.raw_app_meta_data ->> 'role' = 'admin'
$$;
comment on function private.admins() is 'Every administrator account.';
revoke all on function private.admins() from public, anon, authenticated, service_role;

-- The Discord user id of an account that linked Discord (auth.identities, provider discord), or null.
create function private.discord_id(p_user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select i.provider_id from auth.identities i
  where i.user_id = p_user_id and i.provider = 'discord' and i.provider_id ~ '^[0-9]{17,20}$'
  order by i.created_at limit 1
$$;
comment on function private.discord_id(uuid) is 'The Discord user id an account linked, or null.';
revoke all on function private.discord_id(uuid) from public, anon, authenticated, service_role;

-- Stores one notification for a user (once per event key) as their preferences say, and queues a push
-- to each of their browsers and an e-mail (when the site sends mail and their address is confirmed).
-- The one door every event goes through.
create function private.notify(p_user_id uuid, p_kind text, p_event_key text, p_title text, p_body text, p_link text,
                               p_tournament_id uuid default null, p_match_id uuid default null, p_data jsonb default '{}')
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind record;
  v_in_app boolean;
  v_push boolean;
  v_email boolean;
  v_id uuid;
begin
  select * into v_kind from private.notification_kinds() k where k.kind = p_kind;
  if not found then
    perform private.fail('notification_kind_unknown', left(p_kind, 60));
  end if;
  -- No one, or an account being deleted (its team forfeits as it goes): nobody to tell.
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    return;
  end if;
  select coalesce(p.in_app, true), coalesce(p.push, v_kind.push_default), coalesce(p.email, v_kind.email_default)
  into v_in_app, v_push, v_email
  from (select 1) one left join public.notification_preferences p on p.user_id = p_user_id and p.kind = p_kind;
  if v_in_app then
    insert into public.notifications (user_id, kind, tournament_id, match_id, title, body, link, data, event_key)
    values (p_user_id, p_kind, p_tournament_id, p_match_id, left(p_title, 200), left(p_body, 1000), p_link, coalesce(p_data, '{}'), p_event_key)
    on conflict on constraint notifications_user_event_key do nothing
    returning id into v_id;
    if v_id is null then
      return; -- Stored before: this event was already told.
    end if;
  end if;
  if v_push then
    insert into public.outbox (channel, idempotency_key, subscription_id, payload)
    select 'push', p_event_key || ':' || s.id, s.id,
           jsonb_build_object('title', left(p_title, 200), 'body', left(p_body, 1000), 'url', p_link,
                              'tag', p_event_key, 'kind', p_kind, 'notification_id', v_id)
    from public.push_subscriptions s where s.user_id = p_user_id
    on conflict on constraint outbox_channel_idempotency_key do nothing;
  end if;
  if v_email and private.notify_setting('email') = 'on'
     and exists (select 1 from auth.users u where u.id = p_user_id and u.email is not null and u.email_confirmed_at is not null) then
    insert into public.outbox (channel, idempotency_key, user_id, payload)
    values ('email', p_event_key || ':' || p_user_id, p_user_id,
            jsonb_build_object('title', left(p_title, 200), 'body', left(p_body, 1000), 'url', p_link, 'kind', p_kind))
    on conflict on constraint outbox_channel_idempotency_key do nothing;
  end if;
end
$$;
comment on function private.notify(uuid, text, text, text, text, text, uuid, uuid, jsonb) is
  'Stores a notification for a user once per event key (if in-app is on for its kind) and queues a push '
  'to each of their browsers (if push is on) and an e-mail (if e-mail is on, the site sends mail and the '
  'address is confirmed).';
revoke all on function private.notify(uuid, text, text, text, text, text, uuid, uuid, jsonb) from public, anon, authenticated, service_role;

-- Queues a message for the tournament's Discord channel, if it has a webhook. p_line is the message
-- (or, with a batch key, one line of it), {site} standing for the site's address, which the
-- dispatcher knows (SITE_URL); p_mentions the Discord user ids it may ping.
create function private.discord_post(p_tournament_id uuid, p_event_key text, p_line text,
                                     p_batch_key text default null, p_mentions text[] default '{}')
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.tournament_webhooks w where w.tournament_id = p_tournament_id) then
    return;
  end if;
  insert into public.outbox (channel, idempotency_key, tournament_id, batch_key, payload)
  values ('discord', p_event_key, p_tournament_id, p_batch_key,
          jsonb_build_object('line', left(p_line, 1900), 'mentions', to_jsonb(coalesce(p_mentions, '{}'::text[]))))
  on conflict on constraint outbox_channel_idempotency_key do nothing;
end
$$;
comment on function private.discord_post(uuid, text, text, text, text[]) is
  'Queues a message (or a line of a batched message) for the tournament''s Discord webhook, once per event key.';
revoke all on function private.discord_post(uuid, text, text, text, text[]) from public, anon, authenticated, service_role;

create function private.tournament_link(p_tournament_id uuid, p_match_id uuid default null)
returns text
language sql
immutable
set search_path = ''
as $$
  select '/tournaments/' || p_tournament_id || coalesce('?match=' || p_match_id, '')
$$;
comment on function private.tournament_link(uuid, uuid) is
  'The site path of a tournament, or of one of its matches (opened from the query, wherever it is shown).';
revoke all on function private.tournament_link(uuid, uuid) from public, anon, authenticated, service_role;

-- A team as a match call names it: its name, then a mention of each account that linked Discord.
create function private.discord_team(p_team_id uuid, out label text, out mentions text[])
language sql
stable
security definer
set search_path = ''
as $$
  select '**' || coalesce(private.team_display_name(p_team_id), 'TBD') || '**'
           || coalesce(' (' || string_agg('<@' || d.id || '>', ' ' order by d.id) || ')', ''),
         coalesce(array_agg(d.id order by d.id) filter (where d.id is not null), '{}')
  from (select private.discord_id(m) as id from private.team_members(p_team_id) m) d
$$;
comment on function private.discord_team(uuid) is
  'A team for a Discord message: its bold name and its linked players'' mentions.';
revoke all on function private.discord_team(uuid) from public, anon, authenticated, service_role;

-- ============================================================================================
-- Events from the tables
-- ============================================================================================

-- Registrations: confirmed or waitlisted (the captain), promoted from the waitlist (the team).
create function private.notify_team_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text;
  v_member uuid;
begin
  select t.name into v_name from public.tournaments t where t.id = new.tournament_id;
  if tg_op = 'INSERT' then
    if new.status = 'registered' then
      perform private.notify(new.registered_by, 'registration_confirmed', 'registration_confirmed:' || new.id,
        'Registered for ' || v_name, 'Your place in ' || v_name || ' is confirmed.',
        private.tournament_link(new.tournament_id), new.tournament_id);
    else
      perform private.notify(new.registered_by, 'registration_waitlisted', 'registration_waitlisted:' || new.id,
        'On the waitlist for ' || v_name, v_name || ' is full: you are on the waitlist and move up when a place frees.',
        private.tournament_link(new.tournament_id), new.tournament_id);
    end if;
  elsif old.status = 'waitlisted' and new.status = 'registered' then
    for v_member in select private.team_members(new.id) loop
      perform private.notify(v_member, 'promoted', 'promoted:' || new.id || ':' || coalesce(new.promoted_at, now()),
        'You are in ' || v_name, 'A place freed up: your team moved from the waitlist into ' || v_name || '.',
        private.tournament_link(new.tournament_id), new.tournament_id);
    end loop;
  end if;
  return null;
end
$$;
comment on function private.notify_team_change() is
  'Trigger: tells the captain their registration is confirmed or waitlisted, and the team it was promoted.';
revoke all on function private.notify_team_change() from public, anon, authenticated, service_role;

-- A captain named a player whose ID belongs to an account.
create function private.notify_team_player()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_team public.teams;
  v_name text;
begin
  if new.user_id is null or (tg_op = 'UPDATE' and new.user_id is not distinct from old.user_id) then
    return null;
  end if;
  select * into v_team from public.teams t where t.id = new.team_id;
  if v_team.registered_by = new.user_id then
    return null;
  end if;
  select t.name into v_name from public.tournaments t where t.id = new.tournament_id;
  perform private.notify(new.user_id, 'added_to_team', 'added_to_team:' || new.team_id || ':' || new.user_id,
    'Added to ' || coalesce(v_team.team_name, 'a team'),
    'Your captain added you to ' || coalesce(v_team.team_name, 'their team') || ' in ' || v_name || ': confirm your place.',
    private.tournament_link(new.tournament_id), new.tournament_id, null, jsonb_build_object('team_id', new.team_id));
  return null;
end
$$;
comment on function private.notify_team_player() is 'Trigger: tells a player a captain added them to a team.';
revoke all on function private.notify_team_player() from public, anon, authenticated, service_role;

-- The tournament: bracket started, check-in settled (no-shows, for administrators), completed
-- (the champion, and in round robin every other team's place; the top places on Discord).
create function private.notify_tournament_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row record;
  v_member uuid;
  v_count integer;
  v_top text;
begin
  if old.started_at is null and new.started_at is not null then
    for v_row in select t.id from public.teams t where t.tournament_id = new.id and t.seed is not null loop
      for v_member in select private.team_members(v_row.id) loop
        perform private.notify(v_member, 'bracket_started', 'bracket_started:' || new.id || ':' || new.started_at,
          new.name || ' has started', 'The bracket is out: see who you play first.',
          private.tournament_link(new.id), new.id);
      end loop;
    end loop;
    perform private.discord_post(new.id, 'bracket_started:' || new.id || ':' || new.started_at,
      ':crossed_swords: **' || new.name || '** has started: the bracket is out. {site}' || private.tournament_link(new.id));
  end if;

  if old.checkin_settled_at is null and new.checkin_settled_at is not null then
    select count(*) into v_count from public.teams t where t.tournament_id = new.id and t.checked_in_at is null;
    if v_count > 0 then
      for v_member in select private.admins() loop
        perform private.notify(v_member, 'no_shows', 'no_shows:' || new.id,
          v_count || ' no-show' || case when v_count = 1 then '' else 's' end || ' in ' || new.name,
          v_count || case when v_count = 1 then ' team' else ' teams' end || ' did not check in before check-in closed.',
          '/admindashboard', new.id, null, jsonb_build_object('count', v_count));
      end loop;
    end if;
  end if;

  if old.completed_at is null and new.completed_at is not null and new.cancelled_at is null then
    for v_row in select p.team_id, p.placement from private.final_placements(new.id) p loop
      for v_member in select private.team_members(v_row.team_id) loop
        if v_row.placement = 1 then
          perform private.notify(v_member, 'champion', 'champion:' || new.id,
            'Champion of ' || new.name, 'You won ' || new.name || '. Congratulations!',
            private.tournament_link(new.id), new.id, null, jsonb_build_object('place', 1));
        elsif new.format = 'round_robin' then
          perform private.notify(v_member, 'eliminated', 'eliminated:' || new.id,
            new.name || ' is over', 'You finished #' || v_row.placement || ' in ' || new.name || '.',
            private.tournament_link(new.id), new.id, null, jsonb_build_object('place', v_row.placement));
        end if;
      end loop;
    end loop;
    select string_agg(case p.placement when 1 then ':trophy:' when 2 then ':second_place:' when 3 then ':third_place:' end
                      || ' ' || private.team_display_name(p.team_id), E'\n' order by p.placement, private.team_display_name(p.team_id))
    into v_top
    from private.final_placements(new.id) p where p.placement <= 3;
    perform private.discord_post(new.id, 'completed:' || new.id,
      '**' || new.name || '** is over!' || coalesce(E'\n' || v_top, ''));
  end if;
  return null;
end
$$;
comment on function private.notify_tournament_change() is
  'Trigger: bracket started, no-shows after check-in (administrators), champion and final places.';
revoke all on function private.notify_tournament_change() from public, anon, authenticated, service_role;

-- A new webhook on a tournament still taking registrations announces it in the channel.
create function private.notify_webhook_added()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
begin
  select * into v_tournament from public.tournaments t where t.id = new.tournament_id;
  if public.phase(v_tournament) = 'registration_open' then
    perform private.discord_post(new.tournament_id, 'registration_open:' || new.tournament_id,
      ':mega: Registration is open for **' || v_tournament.name || '** (' || v_tournament.type || ', '
      || v_tournament.registered_teams || '/' || v_tournament.slots || ' teams) {site}' || private.tournament_link(new.tournament_id));
  end if;
  return null;
end
$$;
comment on function private.notify_webhook_added() is
  'Trigger: a webhook added while registration is open posts the announcement.';
revoke all on function private.notify_webhook_added() from public, anon, authenticated, service_role;

-- Matches: ready (both players and the Discord match call), reported (the other team), confirmed or
-- settled (both), disputed (administrators and the staff on Discord), a team out of the bracket.
create function private.notify_match_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_label text;
  v_link text;
  v_team uuid;
  v_other uuid;
  v_member uuid;
  v_reporter_team uuid;
  v_loser uuid;
  v_place integer;
  v_t1 record;
  v_t2 record;
  v_maps text;
begin
  select * into v_tournament from public.tournaments t where t.id = new.tournament_id;
  v_link := private.tournament_link(new.tournament_id, new.id);

  -- Ready: both teams known, not played yet.
  if new.team1_id is not null and new.team2_id is not null and new.confirmed_at is null and not new.is_bye
     and (tg_op = 'INSERT' or old.team1_id is distinct from new.team1_id or old.team2_id is distinct from new.team2_id) then
    v_label := public.round_label(new);
    select string_agg(coalesce(g ->> 'mode', 'Any mode') || coalesce(' on ' || (g ->> 'map'), ''), ', ') into v_maps
    from jsonb_array_elements(new.maps) g;
    foreach v_team in array array[new.team1_id, new.team2_id] loop
      v_other := case when v_team = new.team1_id then new.team2_id else new.team1_id end;
      for v_member in select private.team_members(v_team) loop
        perform private.notify(v_member, 'match_ready',
          'match_ready:' || new.id || ':' || new.team1_id || ':' || new.team2_id,
          'Your match is ready: ' || v_label,
          'vs ' || coalesce(private.team_display_name(v_other), 'TBD') || ' · best of ' || new.best_of
            || coalesce(' · ' || v_maps, '') || ' · ' || v_tournament.name,
          v_link, new.tournament_id, new.id,
          jsonb_build_object('opponent', private.team_display_name(v_other), 'round', v_label,
                             'best_of', new.best_of, 'maps', new.maps));
      end loop;
    end loop;
    v_t1 := private.discord_team(new.team1_id);
    v_t2 := private.discord_team(new.team2_id);
    perform private.discord_post(new.tournament_id,
      'match_call:' || new.id || ':' || new.team1_id || ':' || new.team2_id,
      v_label || ': ' || v_t1.label || ' vs ' || v_t2.label || ' · Bo' || new.best_of || ' · <{site}' || v_link || '>',
      'match_call:' || new.tournament_id || ':' || new.bracket || ':' || new.round,
      v_t1.mentions || v_t2.mentions);
  end if;

  if tg_op = 'INSERT' then
    return null;
  end if;

  -- Reported by a captain (an administrator's result is confirmed at once): the other team.
  if old.reported_at is null and new.reported_at is not null and new.confirmed_at is null then
    select t.id into v_reporter_team from public.teams t
    where t.id in (new.team1_id, new.team2_id) and t.registered_by = new.reported_by;
    v_team := case when v_reporter_team = new.team1_id then new.team2_id else new.team1_id end;
    for v_member in select private.team_members(v_team) loop
      perform private.notify(v_member, 'opponent_reported', 'opponent_reported:' || new.id || ':' || new.reported_at,
        'Result reported: confirm or dispute',
        coalesce(private.team_display_name(v_reporter_team), 'Your opponent') || ' reported ' || new.team1_score || '-'
          || new.team2_score || ' in ' || public.round_label(new) || '.',
        v_link, new.tournament_id, new.id,
        jsonb_build_object('team1_score', new.team1_score, 'team2_score', new.team2_score));
    end loop;
  end if;

  -- Disputed: every administrator, and the staff in the channel.
  if old.disputed_at is null and new.disputed_at is not null then
    for v_member in select private.admins() loop
      perform private.notify(v_member, 'dispute_opened', 'dispute_opened:' || new.id || ':' || new.disputed_at,
        'Disputed result in ' || v_tournament.name,
        public.round_label(new) || ': ' || coalesce(private.team_display_name(new.team1_id), 'TBD') || ' vs '
          || coalesce(private.team_display_name(new.team2_id), 'TBD') || ' · "' || coalesce(new.dispute_comment, '') || '"',
        '/admindashboard', new.tournament_id, new.id);
    end loop;
    perform private.discord_post(new.tournament_id, 'dispute:' || new.id || ':' || new.disputed_at,
      ':warning: Staff: the result of ' || public.round_label(new) || ' ('
        || coalesce(private.team_display_name(new.team1_id), 'TBD') || ' vs '
        || coalesce(private.team_display_name(new.team2_id), 'TBD') || ') is disputed.');
  end if;

  -- Confirmed (or settled by an administrator): both teams; the loser of an elimination match that
  -- has nowhere to drop to is out, with the place they keep.
  if old.confirmed_at is null and new.confirmed_at is not null and not new.is_bye
     and new.team1_id is not null and new.team2_id is not null then
    foreach v_team in array array[new.team1_id, new.team2_id] loop
      for v_member in select private.team_members(v_team) loop
        if old.disputed_at is not null then
          perform private.notify(v_member, 'dispute_settled', 'dispute_settled:' || new.id || ':' || new.confirmed_at,
            'Dispute settled', 'An administrator settled ' || public.round_label(new) || ': '
              || coalesce(private.team_display_name(new.winner_id), 'no one') || ' won.',
            v_link, new.tournament_id, new.id);
        else
          perform private.notify(v_member, 'result_confirmed', 'result_confirmed:' || new.id || ':' || new.confirmed_at,
            'Result confirmed', public.round_label(new) || ': ' || coalesce(private.team_display_name(new.winner_id), 'no one')
              || ' won' || case when new.result_reason in ('forfeit', 'no_show') then ' by forfeit' else '' end || '.',
            v_link, new.tournament_id, new.id);
        end if;
      end loop;
    end loop;
    v_loser := case when new.winner_id = new.team1_id then new.team2_id else new.team1_id end;
    if new.bracket <> 'group' and new.loser_next_match_id is null
       and not (new.bracket = 'grand_final' and new.round = 1 and new.winner_id = new.team2_id
                and exists (select 1 from public.matches g where g.tournament_id = new.tournament_id
                            and g.bracket = 'grand_final' and g.round = 2)) then
      v_place := private.current_placement(new.tournament_id, v_loser);
      for v_member in select private.team_members(v_loser) loop
        perform private.notify(v_member, 'eliminated', 'eliminated:' || new.tournament_id,
          'Out of ' || v_tournament.name,
          'You finished ' || coalesce('#' || v_place, 'out') || ' in ' || v_tournament.name || '. Well played!',
          private.tournament_link(new.tournament_id), new.tournament_id, new.id, jsonb_build_object('place', v_place));
      end loop;
    end if;
  end if;
  return null;
end
$$;
comment on function private.notify_match_change() is
  'Trigger: match ready (players and the Discord match call), reported, disputed (administrators), '
  'confirmed or settled, and a team eliminated with its place.';
revoke all on function private.notify_match_change() from public, anon, authenticated, service_role;

-- The outbox wakes the dispatcher. On the local stack the server listens (NOTIFY outbox); on hosted
-- Supabase, where pg_net is installed and the project URL and service key are in Vault (README,
-- "Deploying"), the statement calls the notify-dispatch function once. Without either, pg_cron's
-- schedule or the server's loop picks the rows up.
create function private.wake_dispatcher()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  -- Once per transaction: a bracket start queues hundreds of rows in as many statements.
  if current_setting('brawlcup.dispatcher_woken', true) = 'on' then
    return null;
  end if;
  perform set_config('brawlcup.dispatcher_woken', 'on', true);
  perform pg_notify('outbox', '');
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is not null
     and to_regclass('vault.decrypted_secrets') is not null then
    execute 'select (select decrypted_secret from vault.decrypted_secrets where name = ''project_url''),
                    (select decrypted_secret from vault.decrypted_secrets where name = ''service_role_key'')'
      into v_url, v_key;
    if v_url is not null and v_key is not null then
      execute 'select net.http_post(url := $1, headers := $2, body := ''{}''::jsonb, timeout_milliseconds := 5000)'
        using v_url || '/functions/v1/notify-dispatch',
              jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key);
    end if;
  end if;
  return null;
end
$$;
comment on function private.wake_dispatcher() is
  'Trigger (per statement): NOTIFY outbox, and on hosted Supabase a pg_net call to notify-dispatch.';
revoke all on function private.wake_dispatcher() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Functions for users
-- ============================================================================================

create function public.mark_notifications_read(p_ids uuid[] default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_count integer;
begin
  if v_user is null then
    perform private.fail('sign_in_required');
  end if;
  if p_ids is not null and (cardinality(p_ids) > 1000 or exists (
       select 1 from unnest(p_ids) i (id)
       where not exists (select 1 from public.notifications n where n.id = i.id and n.user_id = v_user))) then
    perform private.fail('notification_not_found');
  end if;
  update public.notifications n set read_at = now()
  where n.user_id = v_user and n.read_at is null and (p_ids is null or n.id = any (p_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
comment on function public.mark_notifications_read(uuid[]) is
  'Marks the caller''s notifications read: the ones named, or all with null. A row that is not the '
  'caller''s is refused (BC802), and nothing is marked.';
revoke all on function public.mark_notifications_read(uuid[]) from public, anon, authenticated, service_role;
grant execute on function public.mark_notifications_read(uuid[]) to authenticated;

-- Every kind the caller can receive, with their choice or the default; e-mail is null when the site
-- sends no mail (the screen then offers no e-mail column).
create function public.my_notification_preferences()
returns table (kind text, in_app boolean, push boolean, email boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select k.kind, coalesce(p.in_app, true), coalesce(p.push, k.push_default),
         case when private.notify_setting('email') = 'on' then coalesce(p.email, k.email_default) end
  from private.notification_kinds() k
  left join public.notification_preferences p on p.user_id = (select auth.uid()) and p.kind = k.kind
  where (select auth.uid()) is not null and (k.audience = 'player' or (select private.is_admin()))
  order by k.kind
$$;
comment on function public.my_notification_preferences() is
  'The caller''s preferences for every kind they can receive (their choice, else the default; e-mail '
  'null when the site sends no mail).';
revoke all on function public.my_notification_preferences() from public, anon, authenticated, service_role;
grant execute on function public.my_notification_preferences() to authenticated;

-- A browser's subscription: kept for the caller; the same browser under another account moves over.
create function public.save_push_subscription(p_endpoint text, p_p256dh text, p_auth text)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_id uuid;
begin
  if v_user is null then
    perform private.fail('sign_in_required');
  end if;
  if not private.is_push_endpoint(p_endpoint) then
    perform private.fail('push_endpoint_invalid');
  end if;
  if p_p256dh is null or p_p256dh !~ '^[A-Za-z0-9_-]{87}$' or p_auth is null or p_auth !~ '^[A-Za-z0-9_-]{22}$' then
    perform private.fail('push_keys_invalid');
  end if;
  if (select count(*) from public.push_subscriptions s where s.user_id = v_user and s.endpoint <> p_endpoint) >= 10 then
    perform private.fail('push_subscriptions_limit');
  end if;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
  values (v_user, p_endpoint, p_p256dh, p_auth)
  on conflict on constraint push_subscriptions_endpoint_key do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
  returning id into v_id;
  return v_id;
end
$$;
comment on function public.save_push_subscription(text, text, text) is
  'Stores the caller''s browser push subscription (a known push service, keys of the right size; at '
  'most 10 browsers).';
revoke all on function public.save_push_subscription(text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.save_push_subscription(text, text, text) to authenticated;

-- ============================================================================================
-- Functions for the dispatcher (service role)
-- ============================================================================================

-- Claims up to p_limit due rows (of p_channel, or every channel) for p_lease_seconds: rows another
-- dispatcher holds are skipped, and a row whose dispatcher died is due again once its lease has passed.
-- Per channel, so pushes never wait behind Discord's rate limits.
create function public.claim_outbox(p_limit integer default 200, p_lease_seconds integer default 60, p_channel text default null)
returns table (id bigint, channel text, payload jsonb, batch_key text, attempts integer, target jsonb)
language sql
security definer
set search_path = ''
as $$
  with due as (
    select o.id from public.outbox o
    where o.sent_at is null and o.failed_at is null and o.next_attempt_at <= now()
      and (o.claimed_until is null or o.claimed_until < now())
      and (p_channel is null or o.channel = p_channel)
    order by o.next_attempt_at, o.id
    limit least(greatest(coalesce(p_limit, 200), 1), 1000)
    for update skip locked
  ),
  claimed as (
    update public.outbox o
    set claimed_until = now() + make_interval(secs => least(greatest(coalesce(p_lease_seconds, 60), 5), 600)),
        attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.*
  )
  select c.id, c.channel, c.payload, c.batch_key, c.attempts,
         case c.channel
           when 'push' then (select jsonb_build_object('endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
                             from public.push_subscriptions s where s.id = c.subscription_id)
           when 'email' then (select jsonb_build_object('email', u.email, 'username', pr.username)
                              from auth.users u left join public.profiles pr on pr.id = u.id
                              where u.id = c.user_id and u.email is not null and u.email_confirmed_at is not null)
           else (select jsonb_build_object('url', w.url) from public.tournament_webhooks w where w.tournament_id = c.tournament_id)
         end
  from claimed c
  order by c.id
$$;
comment on function public.claim_outbox(integer, integer, text) is
  'Dispatcher: claims due outbox rows (for update skip locked) with their push subscription, webhook or '
  'recipient''s address.';
revoke all on function public.claim_outbox(integer, integer, text) from public, anon, authenticated, service_role;
grant execute on function public.claim_outbox(integer, integer, text) to service_role;

-- Records what happened to claimed rows: [{id, ok} | {id, error, retry_after?, gone?}]. A failure is
-- retried after 5 s, 10 s, 20 s ... (or the service's retry_after) until the 8th attempt, then kept
-- as failed; gone (push 404/410) drops the subscription and its rows.
create function public.finish_outbox(p_results jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_result jsonb;
  v_row public.outbox;
begin
  if jsonb_typeof(p_results) <> 'array' then
    return;
  end if;
  for v_result in select r from jsonb_array_elements(p_results) r where jsonb_typeof(r) = 'object' loop
    select * into v_row from public.outbox o where o.id = (v_result ->> 'id')::bigint for update;
    continue when not found or v_row.sent_at is not null;
    if coalesce((v_result ->> 'ok')::boolean, false) then
      update public.outbox set sent_at = now(), claimed_until = null, last_error = null where id = v_row.id;
    elsif coalesce((v_result ->> 'gone')::boolean, false) and v_row.subscription_id is not null then
      delete from public.push_subscriptions where id = v_row.subscription_id;
    elsif v_result ? 'retry_after' and v_row.attempts < 20 then
      -- Rate limited: not the row's fault, so it waits without using up its attempts quickly.
      update public.outbox set claimed_until = null, last_error = left(v_result ->> 'error', 1000),
        next_attempt_at = now() + make_interval(secs => least(greatest((v_result ->> 'retry_after')::numeric, 0), 3600))
      where id = v_row.id;
    elsif v_row.attempts >= 8 then
      update public.outbox set claimed_until = null, failed_at = now(), last_error = left(v_result ->> 'error', 1000)
      where id = v_row.id;
    else
      update public.outbox set claimed_until = null, last_error = left(v_result ->> 'error', 1000),
        next_attempt_at = now() + make_interval(secs => 5 * 2 ^ (v_row.attempts - 1))
      where id = v_row.id;
    end if;
  end loop;
end
$$;
comment on function public.finish_outbox(jsonb) is
  'Dispatcher: marks claimed rows sent, retries failures with backoff (or the service''s retry_after), '
  'gives up after 8 attempts, drops push subscriptions that are gone.';
revoke all on function public.finish_outbox(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.finish_outbox(jsonb) to service_role;

-- The clock's events, written once each whenever it is called (every minute by pg_cron on hosted, by
-- the dispatcher's loop under npm start): check-in open, check-in closing in 15 minutes (captains not
-- yet checked in), and the close of check-in settled on time.
create function public.notify_clock()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tournament public.tournaments;
  v_team record;
  v_member uuid;
  v_count integer := 0;
begin
  -- Draft steps whose deadline passed with nobody acting (match_room.sql) move on with the clock too.
  perform private.expire_draft_steps();
  for v_tournament in
    select t.* from public.tournaments t
    where t.starts_at is not null and t.cancelled_at is null and t.started_at is null and t.completed_at is null
      and now() >= public.checkin_opens(t) and t.checkin_settled_at is null
  loop
    if now() >= public.checkin_closes(v_tournament) then
      perform public.settle_check_in(v_tournament.id);
      continue;
    end if;
    for v_team in select t.id, t.checked_in_at from public.teams t where t.tournament_id = v_tournament.id and t.status = 'registered' loop
      for v_member in select private.team_members(v_team.id) loop
        perform private.notify(v_member, 'checkin_open', 'checkin_open:' || v_tournament.id,
          'Check-in is open for ' || v_tournament.name,
          'Check in before ' || to_char(public.checkin_closes(v_tournament) at time zone 'UTC', 'HH24:MI') || ' UTC to keep your place.',
          private.tournament_link(v_tournament.id), v_tournament.id);
        v_count := v_count + 1;
      end loop;
      if v_team.checked_in_at is null and now() >= public.checkin_closes(v_tournament) - interval '15 minutes' then
        for v_member in select private.team_members(v_team.id) loop
          perform private.notify(v_member, 'checkin_closing', 'checkin_closing:' || v_tournament.id,
            'Check-in closes in 15 minutes', 'Check in now or your place in ' || v_tournament.name || ' goes to the waitlist.',
            private.tournament_link(v_tournament.id), v_tournament.id);
          v_count := v_count + 1;
        end loop;
      end if;
    end loop;
    perform private.discord_post(v_tournament.id, 'checkin_open:' || v_tournament.id,
      ':white_check_mark: Check-in is open for **' || v_tournament.name || '**: captains, check in on {site}'
        || private.tournament_link(v_tournament.id));
  end loop;
  return v_count;
end
$$;
comment on function public.notify_clock() is
  'Writes the time-based events due now (check-in open, closing in 15 minutes) once each, and settles '
  'check-in when it has closed. Called every minute by the schedule.';
revoke all on function public.notify_clock() from public, anon, authenticated, service_role;
grant execute on function public.notify_clock() to service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger check_notification_preference
  before insert or update on public.notification_preferences
  for each row execute function private.check_notification_preference();

create trigger check_tournament_webhook
  before insert or update on public.tournament_webhooks
  for each row execute function private.check_tournament_webhook();

create trigger notify_webhook_added
  after insert on public.tournament_webhooks
  for each row execute function private.notify_webhook_added();

create trigger notify_team_change
  after insert or update of status on public.teams
  for each row execute function private.notify_team_change();

create trigger notify_team_player
  after insert or update of user_id on public.team_players
  for each row execute function private.notify_team_player();

create trigger notify_tournament_change
  after update of started_at, checkin_settled_at, completed_at on public.tournaments
  for each row execute function private.notify_tournament_change();

create trigger notify_match_change
  after insert or update on public.matches
  for each row execute function private.notify_match_change();

create trigger wake_dispatcher
  after insert on public.outbox
  for each statement execute function private.wake_dispatcher();

-- ============================================================================================
-- Live updates
-- ============================================================================================

-- The bell follows the caller's own rows (Realtime delivers only what RLS lets them select).
alter publication supabase_realtime add table public.notifications;
