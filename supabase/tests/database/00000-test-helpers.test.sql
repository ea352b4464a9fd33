-- Test helpers in the style of usebasejump/supabase-test-helpers: create users and act as them.
-- Runs first and commits, so every later file can use the tests schema.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = "$user", public, extensions;

create schema if not exists tests;
comment on schema tests is 'pgTAP helpers for the database tests. Never created outside test databases.';
grant usage on schema tests to anon, authenticated, service_role;

-- Creates an auth user (and so a profile). identifier names the user inside the tests.
create or replace function tests.create_user(
  identifier text,
  email text default null,
  app_metadata jsonb default '{}',
  user_metadata jsonb default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  insert into auth.users (email, raw_app_meta_data, raw_user_meta_data)
  values (
    coalesce(email, identifier || '@test.brawlcup.local'),
    app_metadata,
    coalesce(user_metadata, jsonb_build_object('username', identifier)) || jsonb_build_object('test_identifier', identifier)
  )
  returning id into v_id;
  return v_id;
end
$$;
comment on function tests.create_user(text, text, jsonb, jsonb) is 'Creates an auth user named identifier in the tests.';

create or replace function tests.get_user_id(identifier text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from auth.users where raw_user_meta_data ->> 'test_identifier' = identifier
$$;
comment on function tests.get_user_id(text) is 'The id of the test user named identifier.';

create or replace function tests.get_user_claims(identifier text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'sub', id, 'email', email, 'role', 'authenticated', 'aud', 'authenticated',
    'app_metadata', raw_app_meta_data, 'user_metadata', raw_user_meta_data
  )
  from auth.users where raw_user_meta_data ->> 'test_identifier' = identifier
$$;
comment on function tests.get_user_claims(text) is 'The JWT claims the auth service would issue to the test user.';

-- Acts as the user for the rest of the transaction, as the Data API does for a request.
create or replace function tests.authenticate_as(identifier text)
returns void
language plpgsql
as $$
declare
  v_claims jsonb := tests.get_user_claims(identifier);
begin
  if v_claims is null then
    raise exception 'Test user % not found', identifier;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', v_claims::text, true);
  perform set_config('request.jwt.claim.sub', v_claims ->> 'sub', true);
end
$$;
comment on function tests.authenticate_as(text) is 'Sets role authenticated and the JWT claims of the test user.';

-- Acts as an admin (app_metadata.role = admin), creating the user the first time.
create or replace function tests.authenticate_as_admin(identifier text default 'admin')
returns void
language plpgsql
as $$
begin
  if tests.get_user_id(identifier) is null then
    perform tests.create_user(identifier, null, '{"role": "admin"}');
  end if;
  perform tests.authenticate_as(identifier);
end
$$;
comment on function tests.authenticate_as_admin(text) is 'Acts as an admin user (created if needed).';

create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
  perform set_config('request.jwt.claim.sub', '', true);
end
$$;
comment on function tests.authenticate_as_service_role() is 'Acts as the service role (bypasses RLS).';

-- Back to an anonymous visitor (anon, no claims).
create or replace function tests.clear_authentication()
returns void
language plpgsql
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '', true);
  perform set_config('request.jwt.claim.sub', '', true);
end
$$;
comment on function tests.clear_authentication() is 'Acts as an anonymous visitor (role anon, no JWT claims).';

grant execute on all functions in schema tests to anon, authenticated, service_role;

select plan(6);
select has_function('tests', 'create_user', 'tests.create_user exists');
select has_function('tests', 'authenticate_as', 'tests.authenticate_as exists');
select has_function('tests', 'authenticate_as_admin', 'tests.authenticate_as_admin exists');
select has_function('tests', 'authenticate_as_service_role', 'tests.authenticate_as_service_role exists');
select has_function('tests', 'clear_authentication', 'tests.clear_authentication exists');
select has_function('tests', 'get_user_id', 'tests.get_user_id exists');
select * from finish();
commit;
