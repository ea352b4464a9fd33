-- Contact form messages: anyone may send one, only admins read them.

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
  created_at timestamptz not null default now()
);
comment on table public.contact_messages is
  'Messages sent through the contact form. Anyone can send one; only admins can read them.';
comment on column public.contact_messages.sender is 'The signed-in sender, or null for a visitor.';

create index contact_messages_sender_idx on public.contact_messages (sender);

alter table public.contact_messages enable row level security;

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
comment on function private.trim_contact_message() is 'Trigger: trims the e-mail, subject and message of a contact message.';
revoke execute on function private.trim_contact_message() from public;

create trigger trim_contact_message
  before insert on public.contact_messages
  for each row execute function private.trim_contact_message();

revoke all on public.contact_messages from anon, authenticated;
grant insert (email, subject, message, sender) on public.contact_messages to anon, authenticated;
grant select on public.contact_messages to authenticated;

create policy "Anyone can send a contact message"
  on public.contact_messages for insert
  to anon, authenticated
  with check (sender is null or sender = (select auth.uid()));

create policy "Admins can read contact messages"
  on public.contact_messages for select
  to authenticated
  using ((select private.is_admin()));
