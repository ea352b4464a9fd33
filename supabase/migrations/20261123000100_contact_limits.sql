-- Contact messages: one row per request, and a per-IP limit on how many a client sends. In the
-- database so they hold on hosted Supabase (PostgREST) exactly as on the local stack.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table private.contact_sends (
  ip text not null,
  sent_at timestamptz not null default now()
);
comment on table private.contact_sends is
  'Recent contact messages per client IP, for the sending limit. Rows older than the window are deleted.';
create index contact_sends_ip_sent_at_idx on private.contact_sends (ip, sent_at);
create index contact_sends_sent_at_idx on private.contact_sends (sent_at);
-- No policies: only the security-definer trigger below reads or writes it.
alter table private.contact_sends enable row level security;
revoke all on private.contact_sends from public, anon, authenticated, service_role;

-- ============================================================================================
-- Functions
-- ============================================================================================

-- The client IP of the current Data API request, from the headers PostgREST puts in
-- `request.headers`. On hosted Supabase the client may write its own X-Forwarded-For, while
-- Cloudflare's CF-Connecting-IP is set by the edge, so that wins; without it (the local stack,
-- which writes X-Forwarded-For itself, or PostgREST behind one nginx) the last X-Forwarded-For entry
-- is the one the nearest proxy added. Null outside an API request (SQL, migrations, the studio).
create function private.request_ip()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(h ->> 'cf-connecting-ip'), ''),
    nullif(btrim((string_to_array(h ->> 'x-forwarded-for', ','))[cardinality(string_to_array(h ->> 'x-forwarded-for', ','))]), '')
  )
  from (select nullif(current_setting('request.headers', true), '')::jsonb as h) as request
$$;
comment on function private.request_ip() is
  'The client IP of the current Data API request (CF-Connecting-IP, else the last X-Forwarded-For entry), or null.';
revoke execute on function private.request_ip() from public;

-- At most 5 messages per 10 minutes from one IP: enough for a person, useless for a flood.
create function private.limit_contact_sends()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_ip text := private.request_ip();
begin
  if v_ip is null or coalesce(auth.role(), '') not in ('anon', 'authenticated') then
    return new;
  end if;
  delete from private.contact_sends where sent_at < now() - interval '10 minutes';
  if (select count(*) from private.contact_sends where ip = v_ip and sent_at >= now() - interval '10 minutes') >= 5 then
    raise exception 'You have sent too many messages. Please wait a few minutes and try again.'
      using errcode = 'PT429';
  end if;
  insert into private.contact_sends (ip) values (v_ip);
  return new;
end
$$;
comment on function private.limit_contact_sends() is
  'Trigger: refuses a contact message (PostgREST 429) when its IP sent 5 in the last 10 minutes.';
revoke execute on function private.limit_contact_sends() from public;

-- An array body inserts many rows in one statement: a contact form sends one message at a time.
create function private.one_contact_message_per_statement()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select count(*) from inserted) > 1 then
    raise exception 'Send one message at a time.';
  end if;
  return null;
end
$$;
comment on function private.one_contact_message_per_statement() is
  'Statement trigger: refuses an insert of more than one contact message (an array body).';
revoke execute on function private.one_contact_message_per_statement() from public;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger limit_contact_sends
  before insert on public.contact_messages
  for each row execute function private.limit_contact_sends();

create trigger one_contact_message_per_statement
  after insert on public.contact_messages
  referencing new table as inserted
  for each statement execute function private.one_contact_message_per_statement();
