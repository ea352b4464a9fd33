-- Contact form messages: anyone may send one, only admins read them and mark them answered. One
-- message per request and a per-IP limit on how many a client sends, in the database so they hold on
-- hosted Supabase (PostgREST) exactly as on the local stack.

-- ============================================================================================
-- Tables
-- ============================================================================================

create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  email text not null
    constraint contact_messages_email_format
    check (email = btrim(email) and char_length(email) <= 254 and email ~ '^[^\s@]+@[^\s@]+\.[^\s@]+$'),
  subject text not null
    constraint contact_messages_subject_length check (subject = btrim(subject) and char_length(subject) between 1 and 200),
  message text not null
    constraint contact_messages_message_length check (message = btrim(message) and char_length(message) between 1 and 5000),
  sender uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  answered_at timestamptz
);
comment on table public.contact_messages is
  'Messages sent through the contact form. Anyone can send one; only admins can read them.';
comment on column public.contact_messages.sender is 'The signed-in sender, or null for a visitor.';
comment on column public.contact_messages.answered_at is
  'When an administrator marked the message answered (they answer by e-mail); null while it waits.';

create index contact_messages_sender_idx on public.contact_messages (sender);

alter table public.contact_messages enable row level security;

revoke all on public.contact_messages from public, anon, authenticated, service_role;
grant select on public.contact_messages to authenticated;
grant update (answered_at) on public.contact_messages to authenticated;
grant insert, select, update, delete on public.contact_messages to service_role;
grant insert (email, subject, message, sender) on public.contact_messages to anon, authenticated;

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
-- Policies
-- ============================================================================================

create policy "Anyone can send a contact message"
  on public.contact_messages for insert
  to anon, authenticated
  with check (sender is null or sender = (select auth.uid()));

create policy "Admins can read contact messages"
  on public.contact_messages for select
  to authenticated
  using ((select private.is_admin()));

create policy "Admins can mark contact messages answered"
  on public.contact_messages for update
  to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- ============================================================================================
-- Functions
-- ============================================================================================

-- Surrounding whitespace is dropped before the length rules apply.
create function private.trim_contact_message()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := btrim(new.email);
  new.subject := btrim(new.subject);
  new.message := btrim(new.message);
  return new;
end
$$;
comment on function private.trim_contact_message() is
  'Trigger: trims the e-mail, subject and message of a contact message.';
revoke all on function private.trim_contact_message() from public, anon, authenticated, service_role;

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
    perform private.fail('contact_rate_limited');
  end if;
  insert into private.contact_sends (ip) values (v_ip);
  return new;
end
$$;
comment on function private.limit_contact_sends() is
  'Trigger: refuses a contact message (PostgREST 429) when its IP sent 5 in the last 10 minutes.';
revoke all on function private.limit_contact_sends() from public, anon, authenticated, service_role;

-- An array body inserts many rows in one statement: a contact form sends one message at a time.
create function private.one_contact_message_per_statement()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select count(*) from inserted) > 1 then
    perform private.fail('one_message');
  end if;
  return null;
end
$$;
comment on function private.one_contact_message_per_statement() is
  'Statement trigger: refuses an insert of more than one contact message (an array body).';
revoke all on function private.one_contact_message_per_statement() from public, anon, authenticated, service_role;

-- ============================================================================================
-- Triggers
-- ============================================================================================

create trigger trim_contact_message
  before insert on public.contact_messages
  for each row execute function private.trim_contact_message();

create trigger limit_contact_sends
  before insert on public.contact_messages
  for each row execute function private.limit_contact_sends();

create trigger one_contact_message_per_statement
  after insert on public.contact_messages
  referencing new table as inserted
  for each statement execute function private.one_contact_message_per_statement();
