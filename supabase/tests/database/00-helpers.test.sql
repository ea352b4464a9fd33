-- The pgTAP helpers themselves: they exist, and create users the way GoTrue does.
begin;
\ir helpers/test-helpers.psql
select plan(10);
select has_function('tests', 'create_user', 'tests.create_user exists');
select has_function('tests', 'authenticate_as', 'tests.authenticate_as exists');
select has_function('tests', 'authenticate_as_admin', 'tests.authenticate_as_admin exists');
select has_function('tests', 'authenticate_as_service_role', 'tests.authenticate_as_service_role exists');
select has_function('tests', 'clear_authentication', 'tests.clear_authentication exists');
select has_function('tests', 'get_user_id', 'tests.get_user_id exists');

select tests.create_user('helper_probe');
select is(
  (select confirmation_token || recovery_token || email_change_token_new || email_change
      || email_change_token_current || reauthentication_token || phone_change || phone_change_token
    from auth.users where id = tests.get_user_id('helper_probe')),
  '',
  'a test user has empty strings, not NULL, in the token columns GoTrue reads');
select is(
  (select identity_data ->> 'sub' from auth.identities where user_id = tests.get_user_id('helper_probe') and provider = 'email'),
  tests.get_user_id('helper_probe')::text,
  'a test user has its email identity');
select isnt((select created_at from auth.users where id = tests.get_user_id('helper_probe')), null, 'a test user has created_at');
select is((select username from public.profiles where id = tests.get_user_id('helper_probe')), 'helper_probe',
  'a test user gets a profile from the trigger');
select * from finish();
rollback;
